# Root's output files against a hostile local user (nobody) who can write the report directory:
# planted symlinks at the report's name and at the old writer's temporary name, then a live race
# that renames every temporary file root makes and puts a symlink to root's file in its place.
# Nothing may be written through a symlink: root's file keeps its content and metadata throughout.
# And a directory the attacker owns, or can change without the sticky bit, is refused before
# anything is written unless IOGATE_ALLOW_SHARED_OUTPUT=1.
iogate=$1 results=$2 job=$3
source "$IOGATE_RIG_LIB"

attacker=""
rig_hostile_cleanup() { [ -z "$attacker" ] || kill "$attacker" 2> /dev/null || true; }
rig_hostile_stage outputs
victim=$work/victim
mkdir "$victim"
echo "root's file" > "$victim/target"
chmod 644 "$victim/target"
fingerprint() { (cd "$victim" && find . -printf '%p %y %s %u %m %T@\n' | sort && sha256sum target); }
fingerprint > "$work/victim.before"
unchanged() {  # what
  fingerprint > "$work/victim.after"
  cmp -s "$work/victim.before" "$work/victim.after" ||
    { diff "$work/victim.before" "$work/victim.after" >&2; rig_fail "$1: root's file changed"; }
}
expect_exit() {  # expected-rc log command...
  local want=$1 log=$2; shift 2
  set +e; "$@" > "$log" 2>&1; local rc=$?; set -e
  [ "$rc" = "$want" ] || { cat "$log" >&2; rig_fail "exit $rc, expected $want: $*"; }
}

# 1. A directory the attacker owns: refused, nothing written (the fleet, check --json-dir, report,
#    import and baseline outputs all take this one writer).
owned=$work/owned
mkdir "$owned"; chown nobody: "$owned"
as_nobody ln -s "$victim/target" "$owned/junit.xml.tmp"
expect_exit 2 "$work/owned.log" "$iogate" report "$results" --junit "$owned/junit.xml"
grep -q "output directory $owned is owned by uid 65534 (nobody), and iogate runs as root" "$work/owned.log" ||
  { cat "$work/owned.log"; rig_fail "the refusal does not say why"; }
expect_exit 2 "$work/import.log" "$iogate" import fio "$job" -o "$owned/job.toml" --expect iops_min=1
[ "$(ls -A "$owned")" = "junit.xml.tmp" ] || rig_fail "written into the attacker's directory: $(ls -A "$owned")"
unchanged "owned directory"

# 2. World-writable without the sticky bit: refused; with the opt-in, written without following.
shared=$work/shared
mkdir "$shared"; chmod 0777 "$shared"
expect_exit 2 "$work/shared.log" "$iogate" report "$results" --junit "$shared/junit.xml"
grep -q "world-writable without the sticky bit" "$work/shared.log" || { cat "$work/shared.log"; rig_fail "no reason"; }

# 3. A sticky directory like /tmp (fs.protected_symlinks is no defence to count on): the report's
#    name and the old temporary name planted as symlinks to root's file.
sticky=$work/sticky
mkdir "$sticky"; chmod 1777 "$sticky"
as_nobody sh -c \
  "ln -s '$victim/target' '$sticky/junit.xml' && ln -s '$victim/target' '$sticky/junit.xml.tmp'"
"$iogate" report "$results" --junit "$sticky/junit.xml" --force > "$work/sticky.log" 2>&1 ||
  { cat "$work/sticky.log"; rig_fail "report into a sticky directory failed"; }
[ -f "$sticky/junit.xml" ] && [ ! -L "$sticky/junit.xml" ] || rig_fail "junit.xml is not root's own file"
xmllint --noout "$sticky/junit.xml" || rig_fail "junit.xml is not XML"
unchanged "planted symlinks"

# 4. The race: in a directory shared on purpose, the attacker renames away every temporary file it
#    sees and leaves a symlink to root's file at its name, and keeps one at every report's name.
cat > "$work/attacker.py" <<'PY'
import os, sys
d, target, log = sys.argv[1], sys.argv[2], sys.argv[3]
swapped = planted = 0
names = ("junit.xml", "summary.md", "results.json")
while not os.path.exists(os.path.join(d, "stop")):
    for n in os.listdir(d):
        if n.startswith(".iogate-") and n.endswith(".tmp") and not os.path.islink(os.path.join(d, n)):
            try:
                os.rename(os.path.join(d, n), os.path.join(d, "taken-" + n))
                os.symlink(target, os.path.join(d, n))
                swapped += 1
            except OSError:
                pass
    for n in names:
        p = os.path.join(d, n)
        try:
            if not os.path.islink(p):
                os.rename(p, os.path.join(d, "moved-" + n)) if os.path.exists(p) else None
                os.symlink(target, p)
                planted += 1
        except OSError:
            pass
open(log, "w").write(f"{swapped} {planted}\n")
PY
race=$work/race
mkdir "$race"; chmod 0777 "$race"
: > "$work/attacker.log"; chown nobody: "$work/attacker.log"
as_nobody /usr/bin/python3 "$work/attacker.py" \
  "$race" "$victim/target" "$work/attacker.log" &
attacker=$!
runs=${RACE_RUNS:-100}
for i in $(seq "$runs"); do
  IOGATE_ALLOW_SHARED_OUTPUT=1 "$iogate" report "$results" --force --junit "$race/junit.xml" \
    --markdown "$race/summary.md" --json "$race/results.json" > "$work/race.log" 2>&1 || true
  unchanged "race run $i"
done
touch "$race/stop"; wait "$attacker"; attacker=""
read -r swapped planted < "$work/attacker.log"
echo "race: $runs report runs as root; the attacker swapped $swapped temporary files and planted $planted symlinks at report names; root's file unchanged"
[ "$planted" -gt 0 ] || rig_fail "the attacker never got a symlink in: the race was not run"
unchanged "race"
echo "PASS"
