# The one path policy against a local user (nobody) who plants links in a shared sticky directory
# (1777, root's, like /tmp) and swaps a directory shared on purpose for a link during a run. Root's
# iogate must follow a link there only when root, the caller or the directory's owner made it,
# whatever fs.protected_symlinks says (turned off here for the test, restored after), for every
# output (--json-dir, --markdown, --junit with directories made below it, fleet --report-dir,
# propose -o), the datastore, and report --clear-dir; and with IOGATE_ALLOW_SHARED_OUTPUT=1 it
# writes into the directory it resolved first. Each case: refused, exit 2, nothing written, made
# or removed in the victim directory; a device node at an output's name stays a device.
iogate=$1 results=$2
source "$IOGATE_RIG_LIB"

rig_hostile_stage paths

victim=$work/victim shared=$work/shared
mkdir "$victim" "$shared"
chmod 700 "$victim"
chmod 1777 "$shared"
echo "root's file" > "$victim/target"
fingerprint() { (cd "$victim" && find . -printf '%p %y %s %u %m %T@\n' | sort && sha256sum ./*); }
unchanged() {  # what
  fingerprint > "$work/victim.after"
  cmp -s "$work/victim.before" "$work/victim.after" ||
    { diff "$work/victim.before" "$work/victim.after" >&2; rig_fail "$1: the victim directory changed"; }
}
refused() {  # what pattern command...
  local what=$1 pattern=$2 rc=0
  shift 2
  "$@" > "$work/refused.log" 2>&1 || rc=$?
  [ "$rc" -eq 2 ] || { cat "$work/refused.log" >&2; rig_fail "$what: exit $rc, expected 2"; }
  grep -Eq -- "$pattern" "$work/refused.log" ||
    { cat "$work/refused.log" >&2; rig_fail "$what: no line matches /$pattern/"; }
  unchanged "$what"
}

# A check's own result in the victim directory, for --clear-dir to want.
gate=$work/gate.toml
printf '%s\n' '[suite]' 'name = "paths"' '[[check]]' 'name = "one"' '[check.workload]' \
  'block_size = "64k"' 'size = "1MiB"' '[check.expect]' 'mbps_min = 0.001' > "$gate"
ds=$work/ds
mkdir "$ds"
"$iogate" check "$gate" --datastore "$ds" --json-dir "$work/own" --json "$work/run.json" \
  > "$work/own.log" 2>&1 ||
  { cat "$work/own.log" >&2; rig_fail "the setup's check failed"; }
cp "$work/own/one.json" "$victim/one.json"
fingerprint > "$work/victim.before"

for name in rep link dslink clear; do as_nobody ln -s "$victim" "$shared/$name"; done
link_refusal="is a symbolic link owned by uid 65534 \(nobody\) in a directory others can write"

# 1. Outputs through nobody's link in the sticky directory.
refused "check --json-dir" "$link_refusal" \
  "$iogate" check "$gate" --datastore "$ds" --json-dir "$shared/rep"
refused "check --markdown" "$link_refusal" \
  "$iogate" check "$gate" --datastore "$ds" --markdown "$shared/rep/r.md"
refused "check --junit, directories below" "$link_refusal" \
  "$iogate" check "$gate" --datastore "$ds" --junit "$shared/link/sub/j.xml"
refused "report --html" "$link_refusal" "$iogate" report "$results" --html "$shared/rep/r.html"
sed 's/rack2-rig-01/rack2-rig-02/g' "$results" > "$work/host2.json"
refused "fleet --report-dir" "$link_refusal" \
  "$iogate" fleet "$results" "$work/host2.json" --report-dir "$shared/rep"
refused "propose -o" "$link_refusal" "$iogate" propose "$work/run.json" -o "$shared/rep/p.toml"
rc=0
"$iogate" run --bs 4k --size 1MiB --file-size 1MiB --direct 0 --datastore "$shared/dslink" \
  > "$work/ds.log" 2>&1 || rc=$?
[ "$rc" -ne 0 ] || { cat "$work/ds.log" >&2; rig_fail "a datastore through nobody's link ran"; }
grep -Eq "$link_refusal" "$work/ds.log" || { cat "$work/ds.log" >&2; rig_fail "datastore: no reason"; }
unchanged "the datastore's scratch area"

# 3. report --clear-dir through the link: root's check result stays.
refused "report --clear-dir" "$link_refusal" "$iogate" report --clear-dir "$shared/clear"
"$iogate" report --clear-dir "$work/own" > /dev/null || rig_fail "clearing root's own directory"
[ ! -e "$work/own/one.json" ] || rig_fail "--clear-dir left the check's result in its own directory"

# A link root made there, or nobody's own in a directory nobody owns, is followed as before.
ln -s "$work/own" "$shared/roots"
"$iogate" report "$results" --markdown "$shared/roots/r.md" > /dev/null ||
  rig_fail "root's own link in the sticky directory was refused"
[ -f "$work/own/r.md" ] || rig_fail "nothing written through root's own link"

# 2. A device node at an output's name (a private one: /dev/null is never at stake), or a link to
#    it: refused, still a device.
mknod "$work/null" c 1 3
ln -s "$work/null" "$work/to-null"
refused "check --junit on a device" "is a device, FIFO or socket" \
  "$iogate" check "$gate" --datastore "$ds" --junit "$work/null"
refused "report --junit on a link to a device" "is a device, FIFO or socket" \
  "$iogate" report "$results" --junit "$work/to-null"
[ -c "$work/null" ] && [ -L "$work/to-null" ] && [ -c /dev/null ] || rig_fail "a device node was replaced"

# 6. Shared on purpose: a directory nobody owns in a 0777 one. Swapped for a link to the victim
#    once the first check's result is there; the second check's result and the reports must still
#    go to the directory resolved before the run.
team=$work/team
mkdir "$team"; chmod 0777 "$team"
as_nobody mkdir "$team/out"
printf '%s\n' '[[check]]' 'name = "two"' '[check.workload]' 'block_size = "64k"' \
  'file_size = "1MiB"' 'duration = "2s"' '[check.expect]' 'mbps_min = 0.001' >> "$gate"
cat > "$work/swap.py" <<'PY'
import os, sys, time
team, victim = sys.argv[1:3]
deadline = time.time() + 60
while not os.path.exists(os.path.join(team, "out", "one.json")):
    if time.time() > deadline:
        sys.exit("the first check's result never appeared")
    time.sleep(0.005)
os.rename(os.path.join(team, "out"), os.path.join(team, "old"))
os.symlink(victim, os.path.join(team, "out"))
PY
as_nobody /usr/bin/python3 "$work/swap.py" "$team" "$victim" &
swapper=$!
IOGATE_ALLOW_SHARED_OUTPUT=1 "$iogate" check "$gate" --datastore "$ds" --json-dir "$team/out" \
  --markdown "$team/out/summary.md" > "$work/swap.log" 2>&1 || true
wait "$swapper" || rig_fail "the swap was not made"
[ -L "$team/out" ] || rig_fail "the swap was not made"
unchanged "a directory swapped for a link during the run"
[ -f "$team/old/two.json" ] && [ -f "$team/old/summary.md" ] ||
  { cat "$work/swap.log" >&2; ls -la "$team/old" >&2; rig_fail "the results did not go to the directory resolved first"; }
echo "PASS"
