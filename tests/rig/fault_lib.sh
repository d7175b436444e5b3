# Helpers for the fault rig tests (fault_*_test.sh): run `iogate check` with every report a CI
# reads, bounded in time, and hold the reports to what the fault should have produced.
# Source after rig_lib.sh.

FAULT_DATA=${IOGATE_RIG_DATA:?IOGATE_RIG_DATA is not set}

# fault_check OUT TIMEOUT GATE DATASTORE: runs `iogate check` (through rig_run, so a throttle
# applies) with --junit OUT/junit.xml --json OUT/results.json --json-dir OUT/json, its output in
# OUT/check.log; sets FAULT_RC. The run is bounded by `timeout -k 5 TIMEOUT`: a hang is a failure
# (status 124/137), never a wait for ctest's limit.
fault_check() {
  local out=$1 limit=$2 gate=$3 datastore=$4
  mkdir -p "$out"
  set +e
  rig_run timeout -k 5 "$limit" "$iogate" check "$gate" --datastore "$datastore" \
    --junit "$out/junit.xml" --json "$out/results.json" --json-dir "$out/json" \
    > "$out/check.log" 2>&1
  FAULT_RC=$?
  set -e
  case $FAULT_RC in
    124 | 137) cat "$out/check.log" >&2; rig_fail "iogate check hung: killed after ${limit}s" ;;
  esac
}

# fault_expect_rc OUT WANT: the check's exit status was WANT (the log is shown otherwise).
fault_expect_rc() {
  [ "$FAULT_RC" -eq "$2" ] ||
    { cat "$1/check.log" >&2; rig_fail "iogate check exited $FAULT_RC, expected $2"; }
}

# fault_reports OUT SCHEMA CHECK=STATUS[:REGEX]...: junit.xml is valid against SCHEMA, and
# junit.xml, results.json and json/CHECK.json all give each CHECK that STATUS (pass, fail, error;
# "pass|error" for either) with a message matching the Python regex REGEX (searched, not
# anchored).
fault_reports() {
  local out=$1 schema=$2
  shift 2
  xmllint --noout --schema "$schema" "$out/junit.xml" 2> "$out/xmllint.log" ||
    { cat "$out/xmllint.log" >&2; rig_fail "$out/junit.xml is not valid against $schema"; }
  /usr/bin/python3 - "$out" "$@" <<'PY' || { cat "$out/check.log" >&2; rig_fail "reports in $out"; }
import json, os, re, sys
from junitparser import JUnitXml, Error, Failure

out, wants = sys.argv[1], sys.argv[2:]
cases = {c.name: c for s in JUnitXml.fromfile(os.path.join(out, "junit.xml")) for c in s}
results = {c["check"]: c for c in json.load(open(os.path.join(out, "results.json")))["checks"]}
problems = []
for want in wants:
    name, _, rest = want.partition("=")
    status, _, pattern = rest.partition(":")
    junit = [r for r in cases[name].result if isinstance(r, (Error, Failure))] if name in cases else None
    junit_status = None if junit is None else ("pass" if not junit else
                                               "error" if isinstance(junit[0], Error) else "fail")
    junit_message = junit[0].message if junit else ""
    one = json.load(open(os.path.join(out, "json", name + ".json")))
    for where, got, messages in (
            ("junit.xml", junit_status, [junit_message]),
            ("results.json", results.get(name, {}).get("status"), results.get(name, {}).get("messages", [])),
            ("json/" + name + ".json", one.get("status"), one.get("messages", []))):
        if got not in status.split("|"):
            problems.append(f"{where}: {name} is {got}, expected {status}")
        elif pattern and not any(re.search(pattern, m or "") for m in messages):
            problems.append(f"{where}: {name}: no message matches /{pattern}/: {messages}")
for p in problems:
    print("report:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
}

# fault_usage MOUNT: "<used blocks> <used inodes>" of the filesystem at MOUNT.
fault_usage() { stat -f -c '%b %f %c %d' "$1" | awk '{ print $1 - $2, $3 - $4 }'; }

# fault_listing DIR: every entry under DIR with its size, sorted: a before/after fingerprint.
fault_listing() { find "$1" -printf '%p %s\n' | sort; }

# fault_at OUT LIMIT GLOB DURING GATE DATASTORE: `iogate check` as fault_check does, but the
# moment a path matching GLOB exists, the iogate process is stopped (SIGSTOP), the shell command
# DURING runs (with FAULT_PID set to iogate's pid), and iogate is continued: the fault lands at
# a known point of the run however fast the machine is. Sets FAULT_RC as fault_check does, and
# FAULT_DURING to DURING's status (or "missed" if iogate ended before GLOB appeared). A run that
# outlives LIMIT seconds is killed (124). rig_run's cgroup does not apply here. A GLOB whose
# directory part has no wildcard is watched with inotify; with FAULT_RACE=1 iogate also runs
# niced on the watcher's CPU, so the stop lands within microseconds of the creation.
fault_at() {
  local out=$1 limit=$2 glob=$3 during=$4 gate=$5 datastore=$6
  mkdir -p "$out"
  set +e
  FAULT_DURING=$(/usr/bin/python3 - "$limit" "$glob" "$during" "$out/check.log" "$iogate" check \
    "$gate" --datastore "$datastore" --junit "$out/junit.xml" --json "$out/results.json" \
    --json-dir "$out/json" <<'PY'
import ctypes, glob, os, select, signal, subprocess, sys, time
limit, pattern, during, log = float(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
# A pattern whose directory has no wildcard is watched with inotify, so the stop comes within
# microseconds of the creation; otherwise it is polled.
watch = None
parent = os.path.dirname(pattern)
if not glob.has_magic(parent) and os.path.isdir(parent):
    libc = ctypes.CDLL(None, use_errno=True)
    watch = libc.inotify_init1(os.O_CLOEXEC | os.O_NONBLOCK)
    libc.inotify_add_watch(watch, parent.encode(), 0x100 | 0x80)  # IN_CREATE | IN_MOVED_TO
race = os.environ.get("FAULT_RACE") == "1"
if race:  # one CPU for both, iogate niced: the wakeup on the event preempts it at once
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
with open(log, "w") as out:
    child = subprocess.Popen(sys.argv[5:], stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                             preexec_fn=(lambda: os.nice(19)) if race else None)
deadline = time.monotonic() + limit
status = "missed"
while child.poll() is None and time.monotonic() < deadline:
    if watch is not None:
        select.select([watch], [], [], 0.05)
        try:
            os.read(watch, 65536)
        except BlockingIOError:
            pass
    else:
        time.sleep(0.002)
    if glob.glob(pattern):
        child.send_signal(signal.SIGSTOP)
        status = subprocess.run(["bash", "-c", during], env=dict(os.environ, FAULT_PID=str(child.pid)),
                                stdout=sys.stderr).returncode
        child.send_signal(signal.SIGCONT)
        break
print(status)
try:
    rc = child.wait(max(0.0, deadline - time.monotonic()))
except subprocess.TimeoutExpired:
    child.kill()
    child.wait()
    rc = 124
sys.exit(rc if rc >= 0 else 128 - rc)
PY
  )
  FAULT_RC=$?
  set -e
  [ "$FAULT_RC" -ne 124 ] || { cat "$out/check.log" >&2; rig_fail "iogate check hung: killed after ${limit}s"; }
}

# fault_fill MOUNT [LEAVE]: takes every free block of the filesystem at MOUNT, as root (so
# ext4's reserved blocks too): one big fallocate, small writes until ENOSPC, then, with LEAVE
# (bytes), a hole of that size punched back into the biggest filler. Files MOUNT/filler*.
fault_fill() {
  local mount=$1 leave=${2:-0} i
  fallocate -l "$(($(stat -f -c '%f * %S' "$mount")))" "$mount/filler" 2> /dev/null || true
  for i in 1 2 3 4 5 6 7 8; do
    dd if=/dev/zero of="$mount/filler.$i" bs=4k 2> /dev/null || true
  done
  [ "$leave" -eq 0 ] || fallocate -p -o 0 -l "$leave" "$(ls -S "$mount"/filler* | head -n 1)"
  rig_log "filled $mount: $(df -B1 --output=avail "$mount" | tail -n 1) bytes available"
}

# fault_allocated FILE BYTES: FILE exists and has at least BYTES of blocks on disk.
fault_allocated() { [ -f "$1" ] && [ "$(($(stat -c '%b * 512' "$1")))" -ge "$2" ]; }

# fault_small_tmpfs SIZE: mounts a tmpfs of SIZE in RIG_DIR (torn down with the rig's mounts)
# and prints its path: a backing for rig_make_datastore's image that runs out before the image
# does, so the loop device fails writes past it.
fault_small_tmpfs() {
  local dir
  dir=$(mktemp -d "$RIG_DIR/small.XXXXXX")
  mount -t tmpfs -o "size=$1,mode=0700" iogate-rig-small "$dir"
  RIG_MOUNTS+=("$dir")
  echo "$dir"
}

# fault_remount: unmounts RIG_MNT, waits until its loop device has let go of RIG_IMAGE (the
# autoclear detach may lag the unmount), and mounts the image there again.
fault_remount() {
  umount "$RIG_MNT" 2> /dev/null || true  # already gone after `umount -l`
  for _ in $(seq 1 100); do
    [ -z "$(losetup -j "$RIG_IMAGE")" ] && break
    sleep 0.05
  done
  [ -z "$(losetup -j "$RIG_IMAGE")" ] || rig_fail "$RIG_IMAGE is still attached: not remounting it twice"
  mount -o loop "$RIG_IMAGE" "$RIG_MNT"
}
