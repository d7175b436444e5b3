# The symlink-swap attack on the scratch area, played for real: an unprivileged user (nobody) who
# can write the datastore watches it with inotify and, each time root's iogate makes its
# iogate-scratch-* directory, renames it away and puts a replacement under its name: a symlink to
# a victim directory, or a directory of its own holding symlinks to a victim file, at once or after
# a short delay. iogate (as root, with --allow-shared-datastore, or it refuses to run at all) must
# never write a byte outside the datastore: the victim directory and the planted target file stay
# exactly as they were after every attempt. Without the opt-in it refuses before writing anything.
#
#   symlink_swap_test.sh IOGATE [ATTEMPTS]
# To replay it against an iogate that predates the opt-in (and the refusal): SWAP_OPT_IN='' skips
# both; SWAP_KEEP_GOING=1 counts the attempts that wrote outside the datastore instead of stopping
# at the first, restoring the victim after each.
iogate=$1; attempts=${2:-60}
source "$IOGATE_RIG_LIB"
opt_in=${SWAP_OPT_IN---allow-shared-datastore}

[ "$(id -u)" -eq 0 ] || rig_skip "the attack needs root (iogate as root, the attacker as nobody)"
command -v setpriv > /dev/null || rig_skip "setpriv (util-linux) is not installed"
command -v taskset > /dev/null || rig_skip "taskset (util-linux) is not installed"
id nobody > /dev/null 2>&1 || rig_skip "no user nobody to attack as"

mkdir -p "$IOGATE_RIG_SCRATCH"
work=$(mktemp -d "$IOGATE_RIG_SCRATCH/swap.XXXXXX")
attacker=""
trap '[ -z "$attacker" ] || kill "$attacker" 2> /dev/null; [ -n "${SWAP_KEEP:-}" ] || rm -rf "$work"' EXIT
chmod 755 "$work"
ds=$work/ds victim=$work/victim
mkdir "$ds" "$victim"
chown nobody: "$ds"           # the datastore belongs to the attacker ...
echo "root's secret" > "$victim/target"   # ... the victim directory and its file do not
chmod 644 "$victim/target"
fingerprint() { (cd "$victim" && find . -printf '%p %y %s %u %m %T@\n' | sort && sha256sum target); }
fingerprint > "$work/victim.before"

# Without the opt-in: refused, nothing written, exit 2.
if [ -n "$opt_in" ]; then
  set +e
  "$iogate" run --bs 4k --size 1MiB --file-size 1MiB --direct 0 --datastore "$ds" \
    > "$work/refused.log" 2>&1
  rc=$?
  set -e
  [ "$rc" -eq 2 ] || { cat "$work/refused.log"; rig_fail "a datastore owned by nobody: exit $rc, not 2"; }
  grep -q "datastore $ds is owned by uid 65534 (nobody), and iogate runs as root" "$work/refused.log" ||
    { cat "$work/refused.log"; rig_fail "the refusal does not say why"; }
  grep -q -- "--allow-shared-datastore" "$work/refused.log" || rig_fail "the refusal names no opt-in"
  [ -z "$(ls -A "$ds")" ] || rig_fail "the refused run wrote to the datastore: $(ls -A "$ds")"
  echo "without the opt-in: refused (exit 2), datastore untouched"
fi

# The attacker: one inotify watch on the datastore for the whole series. Strategy by attempt:
# 0 symlink to the victim directory at once, 1 its own directory with symlinks to the victim's
# file under the names iogate uses, 2 and 3 the same after a random delay of up to 20 ms. The
# attacker and iogate share one CPU, iogate at nice 19: the attacker's wake-up on IN_CREATE then
# preempts iogate right after its mkdir, which is the narrowest window there is.
cat > "$work/attacker.py" <<'PY'
import ctypes, os, random, struct, sys, time
ds, victim, log = sys.argv[1:4]
libc = ctypes.CDLL(None, use_errno=True)
watch = libc.inotify_init1(os.O_CLOEXEC)
if watch < 0 or libc.inotify_add_watch(watch, ds.encode(), 0x100) < 0:  # IN_CREATE
    sys.exit("inotify: " + os.strerror(ctypes.get_errno()))
n = 0
out = open(log, "a", buffering=1)
out.write("ready\n")
while True:
    data = os.read(watch, 65536)
    at = 0
    while at < len(data):
        _, mask, _, size = struct.unpack_from("iIII", data, at)
        name = data[at + 16:at + 16 + size].rstrip(b"\0").decode()
        at += 16 + size
        if not name.startswith("iogate-scratch-"):
            continue
        path = os.path.join(ds, name)
        try:  # only root's new directories, not the replacements this process makes
            if os.lstat(path).st_uid != 0:
                continue
        except OSError:
            continue
        strategy = n % 4
        n += 1
        if strategy >= 2:
            time.sleep(random.uniform(0, 0.02))
        try:
            os.rename(path, os.path.join(ds, f"stolen-{n}"))
        except OSError as e:
            out.write(f"{n} {name} missed {e.strerror}\n")
            continue
        if strategy % 2 == 0:
            os.symlink(victim, path)
        else:
            os.mkdir(path, 0o777)
            for entry in (".iogate-scratch", "run.dat"):
                os.symlink(os.path.join(victim, "target"), os.path.join(path, entry))
        out.write(f"{n} {name} swapped strategy {strategy}\n")
PY
: > "$work/attacker.log"; chown nobody: "$work/attacker.log"
cpu=$(/usr/bin/python3 -c 'import os; print(sorted(os.sched_getaffinity(0))[0])')
taskset -c "$cpu" setpriv --reuid=nobody --regid=nogroup --clear-groups /usr/bin/python3 "$work/attacker.py" \
  "$ds" "$victim" "$work/attacker.log" &
attacker=$!
for _ in $(seq 1 100); do grep -q ready "$work/attacker.log" && break; sleep 0.05; done
grep -q ready "$work/attacker.log" || rig_fail "the attacker never started"

passed=0 refused=0 failed_other=0 breaches=0
for i in $(seq 1 "$attempts"); do
  set +e
  # shellcheck disable=SC2086  # $opt_in is one flag or nothing
  taskset -c "$cpu" nice -n 19 "$iogate" run --bs 4k --size 1MiB --file-size 1MiB --direct 0 \
    --datastore "$ds" $opt_in > "$work/run-$i.log" 2>&1
  rc=$?
  set -e
  fingerprint > "$work/victim.after"
  if ! cmp -s "$work/victim.before" "$work/victim.after"; then
    breaches=$((breaches + 1))
    if [ -z "${SWAP_KEEP_GOING:-}" ]; then
      diff "$work/victim.before" "$work/victim.after" >&2 || true
      cat "$work/run-$i.log" >&2
      rig_fail "attempt $i (exit $rc): root wrote outside the datastore, into $victim"
    fi
    echo "attempt $i (exit $rc) wrote outside the datastore:" \
      "$(diff "$work/victim.before" "$work/victim.after" | grep '^>' | cut -d' ' -f2-5 | tr '\n' ';')"
    find "$victim" -mindepth 1 ! -name target -delete
    echo "root's secret" > "$victim/target"
    fingerprint > "$work/victim.before"
    continue
  fi
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1))
  elif grep -Eq "replaced right after it was made|is not the directory iogate made" "$work/run-$i.log"; then
    refused=$((refused + 1))
  else
    failed_other=$((failed_other + 1))
    echo "--- attempt $i (exit $rc):"; cat "$work/run-$i.log"
  fi
done
sleep 0.2
swapped=$(grep -c " swapped " "$work/attacker.log" || true)
kill "$attacker"; wait "$attacker" 2> /dev/null || true; attacker=""
[ "$swapped" -le "$attempts" ] || rig_fail "$swapped swaps for $attempts runs: the attacker miscounts"
# Beside other work the watcher misses some windows; half the attempts still prove the race ran.
[ "$swapped" -ge $((attempts / 2)) ] ||
  rig_fail "only $swapped of $attempts attempts were swapped: the race was not run"
# Whatever is left lies inside the datastore: the attacker's entries and the stolen directories,
# emptied of everything iogate made.
left=$(find "$ds" -user root -type f | head -n 5)
[ -z "$left" ] || rig_fail "root's files left in the datastore: $left"
echo "symlink_swap: $attempts attempts, $swapped swapped by nobody; victim untouched after each;" \
  "iogate passed $passed (the swap came after the scratch directory was open: it wrote into its" \
  "own directory, renamed), refused $refused (swapped before it was verified), other errors" \
  "$failed_other"
[ "$breaches" -eq 0 ] || rig_fail "$breaches of $attempts attempts wrote outside the datastore"
[ "$failed_other" -eq 0 ] || rig_fail "$failed_other attempts failed for another reason"
