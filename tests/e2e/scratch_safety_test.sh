# Scratch safety at the level of the real program: whatever is planted in a datastore, `iogate run`
# removes only what it created and follows no symlink. Each case ends with every victim file
# byte-for-byte intact (the unit tests in tests/unit/datastore prove the same of ScratchArea alone).
#   - planted before the run: a directory named like a scratch area without a marker, one whose
#     marker names a live process, one whose marker is itself a symlink, a symlink named like a
#     scratch area pointing at a victim directory (with a dead pid's marker inside), and a dead run's
#     directory holding a symlink to a victim (the directory goes, the symlink is unlinked);
#   - mid-run: the test file replaced by a symlink to a victim, then the run ends normally, or is
#     stopped by SIGTERM: the symlink is unlinked, the victim untouched;
#   - at creation: a symlink planted where the test file is about to be made is refused (or the
#     scratch directory holding it, when it lands before the directory was verified).
iogate=$1
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT

host=$(hostname)
true &
dead_pid=$!
wait "$dead_pid"
kill -0 "$dead_pid" 2> /dev/null && fail "pid $dead_pid should be dead"

victims="$E2E_DIR/victims"
mkdir -p "$victims/dir"
for v in file dir/inner; do head -c 65536 /dev/urandom > "$victims/$v"; done
assert_victims() {  # what
  (cd "$victims" && sha256sum --quiet -c "$E2E_DIR/victims.sum") ||
    fail "$1: a victim file changed"
}
marker() {  # DIR PID
  printf 'iogate scratch directory\npid=%s\nhost=%s\nstarted=2024-01-01T00:00:00Z\n' "$2" "$host" \
    > "$1/.iogate-scratch"
}

# Planted before the run.
ds=$(new_datastore)
mkdir "$ds/iogate-scratch-0000-0000-0001" # no marker
cp "$victims/file" "$ds/iogate-scratch-0000-0000-0001/test.dat"
mkdir "$ds/iogate-scratch-0000-0000-0002" # a live owner: this script
marker "$ds/iogate-scratch-0000-0000-0002" $$
cp "$victims/file" "$ds/iogate-scratch-0000-0000-0002/run.dat"
mkdir "$ds/iogate-scratch-0000-0000-0003" # the marker is a symlink to a dead run's marker
marker "$victims/dir" "$dead_pid"
ln -s "$victims/dir/.iogate-scratch" "$ds/iogate-scratch-0000-0000-0003/.iogate-scratch"
ln -s "$victims/dir" "$ds/iogate-scratch-0000-0000-0004" # a symlink named like ours
mkdir "$ds/iogate-scratch-0000-0000-0005" # a dead run's, holding a symlink to a victim
marker "$ds/iogate-scratch-0000-0000-0005" "$dead_pid"
ln -s "$victims/file" "$ds/iogate-scratch-0000-0000-0005/run.dat"
(cd "$victims" && find . -type f -exec sha256sum {} + | sort -k 2) > "$E2E_DIR/victims.sum"
before=$(cd "$ds" && find . -path ./iogate-scratch-0000-0000-0005 -prune -o -print | sort)

"$iogate" run --bs 4k --read 50 --size 1MiB --file-size 4MiB --datastore "$ds" \
  > "$E2E_DIR/planted.log" 2>&1 || { cat "$E2E_DIR/planted.log"; fail "run beside planted directories"; }
after=$(cd "$ds" && find . | sort)
[ "$before" = "$after" ] || fail "planted entries changed: before
$before
after
$after"
[ -e "$ds/iogate-scratch-0000-0000-0005" ] && fail "the dead run's scratch directory was not removed"
cmp -s "$victims/file" "$ds/iogate-scratch-0000-0000-0001/test.dat" || fail "unmarked directory's file changed"
cmp -s "$victims/file" "$ds/iogate-scratch-0000-0000-0002/run.dat" || fail "live run's file changed"
[ -f "$victims/dir/.iogate-scratch" ] || fail "the marker a symlink pointed at was removed"
assert_victims "planted directories"
echo "planted: only the dead run's directory went; every victim intact"

# Mid-run: the test file becomes a symlink to a victim. END is "end" (the run finishes) or TERM.
swap_mid_run() {
  local ds log end=$1 rc expected=0
  ds=$(new_datastore)
  log="$E2E_DIR/swap-$end.log"
  set -m # a background job of a non-interactive shell would otherwise ignore SIGINT
  "$iogate" run --bs 4k --read 50 --time "$([ "$end" = end ] && echo 2s || echo 60s)" \
    --file-size 4MiB --datastore "$ds" > "$log" 2>&1 &
  local pid=$!
  set +m
  for _ in $(seq 1 200); do
    ls "$ds"/iogate-scratch-*/run.dat > /dev/null 2>&1 && break
    sleep 0.05
  done
  sleep 0.5 # preallocation (4 MiB) is done and the engine has the file open
  local file
  file=$(ls "$ds"/iogate-scratch-*/run.dat) || { cat "$log"; fail "$end: run never started"; }
  mv "$file" "$E2E_DIR/moved-$end.dat"
  ln -s "$victims/file" "$file"
  if [ "$end" = TERM ]; then
    kill -TERM "$pid"
    expected=143
  fi
  set +e
  wait "$pid"
  rc=$?
  set -e
  [ "$rc" -eq "$expected" ] || { cat "$log"; fail "$end: exit status $rc, expected $expected"; }
  assert_no_scratch "$ds"
  assert_victims "test file swapped for a symlink mid-run ($end)"
  echo "mid-run swap ($end): symlink unlinked, victim intact"
}
swap_mid_run end
swap_mid_run TERM

# At creation: the moment iogate's scratch directory appears, iogate is stopped and a symlink to a
# victim is planted where its test file will go. iogate runs niced on the watcher's CPU, so the
# stop lands right after mkdir (should it land too late, only the victim is checked). iogate must
# refuse the name (O_EXCL|O_NOFOLLOW), fail naming it, leave the planted symlink (and so the
# directory) in place, and write nothing through it.
for name in run.dat; do
  ds=$(new_datastore)
  set +e
  planted=$(/usr/bin/python3 - "$ds" "$name" "$victims/file" "$E2E_DIR/plant.log" "$iogate" run \
    --bs 4k --read 50 --size 1MiB --file-size 4MiB --datastore "$ds" <<'PY'
import ctypes, os, select, signal, subprocess, sys
ds, name, victim, log = sys.argv[1:5]
libc = ctypes.CDLL(None, use_errno=True)
watch = libc.inotify_init1(os.O_CLOEXEC)
libc.inotify_add_watch(watch, ds.encode(), 0x100)  # IN_CREATE
os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
with open(log, "w") as out:
    child = subprocess.Popen(sys.argv[5:], stdout=out, stderr=out, preexec_fn=lambda: os.nice(19))
status = "missed"
if select.select([watch], [], [], 20)[0]:
    os.read(watch, 65536)
    child.send_signal(signal.SIGSTOP)
    dirs = [e.path for e in os.scandir(ds) if e.name.startswith("iogate-scratch-")]
    target = os.path.join(dirs[0], name) if dirs else None
    if target and not os.path.lexists(target):
        os.symlink(victim, target)
        status = "planted"
    else:
        status = "late"
    child.send_signal(signal.SIGCONT)
print(status)
sys.exit(child.wait())
PY
  )
  rc=$?
  set -e
  assert_victims "symlink planted as $name at creation"
  if [ "$planted" = planted ]; then
    [ "$rc" -ne 0 ] || { cat "$E2E_DIR/plant.log"; fail "$name: the run passed over a planted symlink"; }
    # Planted before the new directory was verified it is refused as not ours (not empty), after
    # that the name itself is refused.
    assert_contains "$E2E_DIR/plant.log" \
      "open $ds/iogate-scratch-[^/]*/$name: File exists|scratch directory $ds/iogate-scratch-[^ ]* is not the directory iogate made: not empty" \
      "$name: the planted name is refused and named"
    [ -L "$(ls -d "$ds"/iogate-scratch-*)/$name" ] || fail "$name: the planted symlink is gone"
  fi
  echo "planted $name at creation: $planted, exit $rc, victim intact"
done
echo "scratch_safety: ok"
