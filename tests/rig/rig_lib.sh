# The rig: real slow and broken block devices for the rig tests, built as root and torn down on
# every exit path.
#
# A rig script calls `rig_enter "$@"` first. That re-executes the script in a private mount
# namespace (unshare --mount), so every mount it makes is invisible to the rest of the machine and
# vanishes when the script's last process exits, even after SIGKILL. Filesystem images live on a
# tmpfs mounted in that namespace; loop devices are attached with the autoclear flag (mount -o loop
# / losetup's kernel flag via mount), so they detach when their mount goes. The one thing that
# outlives a process is a blkio cgroup: rig_teardown removes ours on EXIT/INT/TERM, and rig_enter
# removes empty iogate-rig-<pid> groups whose script is no longer alive.
#
# Slowness comes from the kernel's block layer, not from iogate: the cgroup-v1 blkio throttle
# (blkio.throttle.{read,write}_{bps,iops}_device) on the loop device's major:minor, with the checking
# process moved into the cgroup by rig_run. The throttle applies to I/O submitted by processes in
# the group, which is what O_DIRECT I/O is (buffered writeback is not attributed in cgroup v1).
#
# Exit status 77 means skipped; the reason is printed first (ctest SKIP_RETURN_CODE).
set -euo pipefail

RIG_SKIP=77
RIG_CGROUP_ROOT=/sys/fs/cgroup/blkio

rig_skip() { echo "SKIPPED: $*"; exit "$RIG_SKIP"; }
rig_fail() { echo "FAIL: $*" >&2; exit 1; }
rig_log() { echo "rig: $*" >&2; }

# rig_enter "$@": checks what the rig needs (skips with the reason otherwise) and re-executes the
# calling script inside a private mount namespace. Afterwards RIG_DIR is a fresh work directory
# (a tmpfs of RIG_TMPFS_SIZE, default 2g) and teardown is armed. RIG_NO_LOOP=1 (a test that
# makes no loop device) drops the loop-device requirement.
rig_enter() {
  if [ "${IOGATE_RIG_IN_NS:-}" != 1 ]; then
    [ "$(id -u)" -eq 0 ] || rig_skip "the rig needs root (loop devices, mounts, cgroups)"
    command -v unshare > /dev/null || rig_skip "unshare (util-linux) is not installed"
    if [ "${RIG_NO_LOOP:-}" != 1 ]; then  # set by a test that makes no loop device
      [ -e /dev/loop-control ] || modprobe loop 2> /dev/null || true
      [ -e /dev/loop-control ] || rig_skip "no loop device support (/dev/loop-control missing)"
    fi
    unshare --mount --propagation private true 2> /dev/null ||
      rig_skip "cannot make a private mount namespace (unshare --mount failed)"
    IOGATE_RIG_IN_NS=1 exec unshare --mount --propagation private -- bash "$0" "$@"
  fi
  RIG_BASE=${IOGATE_RIG_SCRATCH:-/tmp}
  mkdir -p "$RIG_BASE"
  RIG_DIR=$(mktemp -d "$RIG_BASE/iogate-rig.XXXXXX")
  RIG_CGROUP=""
  RIG_MOUNTS=()
  RIG_LOOPS=()
  trap rig_teardown EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  mount -t tmpfs -o "size=${RIG_TMPFS_SIZE:-2g},mode=0700" iogate-rig "$RIG_DIR"
  RIG_MOUNTS+=("$RIG_DIR")
  rig_remove_stale_cgroups
}

# Unmounts what rig_make_datastore mounted (newest first, detaching autoclear loops), kills what
# is left in our cgroup and removes it, then the work directory.
rig_teardown() {
  local rc=$? i
  set +e
  # Before the loop devices go: a scheduler set for the test, put back (rig_set_scheduler).
  for i in "${!RIG_SCHEDULER_WAS[@]}"; do
    echo "${RIG_SCHEDULER_WAS[$i]}" > "$(rig_queue "$i")/scheduler" 2> /dev/null
  done
  [ -n "$RIG_CGROUP" ] && rig_remove_cgroup "$RIG_CGROUP"
  # A tracefs instance is the kernel's, not the namespace's: it outlives our mounts.
  if [ -n "${RIG_TRACE:-}" ]; then
    echo 0 > "$RIG_TRACE/events/block/block_rq_issue/enable" 2> /dev/null
    rmdir "$RIG_TRACE" 2> /dev/null
  fi
  # A read-only flag set on a loop device (blockdev --setro) outlives its detaching.
  for i in "${RIG_LOOPS[@]}"; do blockdev --setrw "$i" 2> /dev/null; done
  for ((i = ${#RIG_MOUNTS[@]} - 1; i >= 0; i--)); do
    umount "${RIG_MOUNTS[$i]}" 2> /dev/null || umount -l "${RIG_MOUNTS[$i]}" 2> /dev/null
  done
  rmdir "$RIG_DIR" 2> /dev/null
  return "$rc"
}

# A group whose rig script is gone (SIGKILL) may still hold the commands it ran; they belong to
# no one now, and they keep that script's namespace, hence its mounts and loop device, alive.
rig_remove_stale_cgroups() {
  local group owner
  [ -d "$RIG_CGROUP_ROOT" ] || return 0
  for group in "$RIG_CGROUP_ROOT"/iogate-rig-*; do
    [ -d "$group" ] || continue
    owner=${group##*-}
    kill -0 "$owner" 2> /dev/null || rig_remove_cgroup "$group"
  done
}

# rig_remove_cgroup DIR: kills what runs in the group and removes it. A killed task keeps the group
# busy until it is reaped, so our own children are waited for, and a command that joined late is
# killed on the next try.
rig_remove_cgroup() {
  local group=$1 pid
  [ -d "$group" ] || return 0
  for _ in $(seq 1 100); do
    for pid in $(cat "$group/cgroup.procs" 2> /dev/null); do
      kill -KILL "$pid" 2> /dev/null || true
      wait "$pid" 2> /dev/null || true
    done
    rmdir "$group" 2> /dev/null && return 0
    sleep 0.05
  done
  rig_log "could not remove cgroup $group"
}

# rig_make_datastore FSTYPE SIZE [TMPFS_DIR]: an FSTYPE (ext4, xfs) filesystem of SIZE on a loop
# device whose image is a file in RIG_DIR (or TMPFS_DIR), mounted in RIG_DIR. Sets RIG_DATASTORE
# (a directory on it for iogate), RIG_MNT, RIG_IMAGE, RIG_LOOP (/dev/loopN) and RIG_DEV (major:minor).
rig_make_datastore() {
  local fstype=$1 size=$2 dir=${3:-$RIG_DIR}
  command -v "mkfs.$fstype" > /dev/null || rig_skip "mkfs.$fstype is not installed"
  RIG_IMAGE=$(mktemp "$dir/$fstype.XXXXXX.img")
  truncate -s "$size" "$RIG_IMAGE"
  case $fstype in
    ext4) mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$RIG_IMAGE" ;;
    xfs) mkfs.xfs -q -f "$RIG_IMAGE" ;;
    *) rig_fail "rig_make_datastore: unknown filesystem type $fstype" ;;
  esac
  RIG_MNT=$(mktemp -d "$RIG_DIR/mnt.XXXXXX")
  # mount -o loop sets the loop device's autoclear flag: it detaches when this mount goes away.
  mount -o loop "$RIG_IMAGE" "$RIG_MNT" || rig_skip "cannot mount a loop device (mount -o loop failed)"
  RIG_MOUNTS+=("$RIG_MNT")
  RIG_LOOP=$(findmnt -n -o SOURCE --target "$RIG_MNT")
  RIG_LOOPS+=("$RIG_LOOP")
  RIG_DEV=$(lsblk -dn -o MAJ:MIN "$RIG_LOOP" | tr -d ' ')
  RIG_DATASTORE="$RIG_MNT/datastore"
  mkdir "$RIG_DATASTORE"
  rig_log "datastore $RIG_DATASTORE: $fstype on $RIG_LOOP ($RIG_DEV), image $RIG_IMAGE ($size)"
}

# I/O schedulers. A loop device keeps its scheduler when detached, and the next test to attach it
# inherits it: rig_set_scheduler changes one for this test, and rig_teardown puts it back.
declare -A RIG_SCHEDULER_WAS=()
# rig_queue DEV: the sysfs queue directory of the block device DEV (major:minor, as RIG_DEV).
rig_queue() { echo "/sys/block/$(basename "$(readlink -f "/sys/dev/block/$1")")/queue"; }
# rig_scheduler DEV: the scheduler DEV uses.
rig_scheduler() { sed -n 's/.*\[\(.*\)\].*/\1/p' "$(rig_queue "$1")/scheduler"; }
# rig_set_scheduler DEV NAME: DEV's scheduler becomes NAME (one DEV offers) until teardown.
rig_set_scheduler() {
  [ -n "${RIG_SCHEDULER_WAS[$1]:-}" ] || RIG_SCHEDULER_WAS[$1]=$(rig_scheduler "$1")
  echo "$2" > "$(rig_queue "$1")/scheduler"
}

# rig_need_throttle: skips unless the cgroup-v1 blkio throttle is available.
rig_need_throttle() {
  [ -w "$RIG_CGROUP_ROOT/blkio.throttle.write_bps_device" ] ||
    rig_skip "no cgroup-v1 blkio throttle ($RIG_CGROUP_ROOT/blkio.throttle.* missing)"
}

# rig_throttle KIND VALUE: KIND is read_bps, write_bps, read_iops or write_iops; VALUE 0 lifts it.
# Applies to RIG_DEV for processes started with rig_run.
rig_throttle() {
  local kind=$1 value=$2
  rig_need_throttle
  if [ -z "$RIG_CGROUP" ]; then
    RIG_CGROUP="$RIG_CGROUP_ROOT/iogate-rig-$$"
    mkdir "$RIG_CGROUP"
  fi
  echo "$RIG_DEV $value" > "$RIG_CGROUP/blkio.throttle.${kind}_device"
  rig_log "throttle $kind on $RIG_DEV: $value"
}

# rig_unthrottle: lifts every limit (the cgroup stays, so rig_run still works).
rig_unthrottle() {
  local kind
  [ -n "$RIG_CGROUP" ] || return 0
  for kind in read_bps write_bps read_iops write_iops; do
    echo "$RIG_DEV 0" > "$RIG_CGROUP/blkio.throttle.${kind}_device"
  done
}

# rig_run CMD...: runs CMD inside our cgroup (so the throttle applies to it) and returns its status.
rig_run() {
  if [ -z "$RIG_CGROUP" ]; then "$@"; return; fi
  bash -c "$RIG_JOIN" rig_run "$RIG_CGROUP" "$@"
}

# rig_run_bg CMD...: rig_run in the background; RIG_BG_PID is CMD's own pid (to stop or signal
# it), not a subshell's. Redirections on the call apply to CMD.
rig_run_bg() {
  if [ -z "$RIG_CGROUP" ]; then "$@" & else bash -c "$RIG_JOIN" rig_run "$RIG_CGROUP" "$@" & fi
  RIG_BG_PID=$!
}

# Joins the cgroup named by $1 and becomes the rest of the command line.
RIG_JOIN='echo $$ > "$1/cgroup.procs"; shift; exec "$@"'

# rig_assert_clean DIR: DIR holds nothing of iogate's (no scratch directory, no marker).
rig_assert_clean() {
  local left
  left=$(find "$1" -mindepth 1 -maxdepth 2 \( -name 'iogate-scratch-*' -o -name '.iogate-scratch' \) | head -n 5)
  [ -z "$left" ] || rig_fail "iogate left something in $1: $left"
}

# rig_figure JSON KEY: a figure from an iogate result file (`iogate run --json`, a check's JSON).
rig_figure() {
  /usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["result"][sys.argv[2]])' "$1" "$2"
}

# rig_at_most A B: succeeds when the number A <= B.
rig_at_most() { /usr/bin/python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) <= float(sys.argv[2]) else 1)' "$1" "$2"; }

# The priority classes the device's queue sees, from the kernel's block_rq_issue tracepoint (its
# ioprio field, printed as class,hint,level), in a tracefs instance of our own so that
# nothing else tracing on the machine is touched; rig_teardown removes it.
#
# rig_classes_start: records every request RIG_DEV's queue issues from now on (skips without
# tracefs or the event).
rig_classes_start() {
  local tracing=$RIG_DIR/tracing major minor
  if [ -z "${RIG_TRACE:-}" ]; then
    mkdir -p "$tracing"
    mount -t tracefs nodev "$tracing" 2> /dev/null || rig_skip "tracefs cannot be mounted"
    RIG_MOUNTS+=("$tracing")
    [ -e "$tracing/events/block/block_rq_issue/format" ] || rig_skip "no block_rq_issue event"
    grep -q 'ioprio' "$tracing/events/block/block_rq_issue/format" ||
      rig_skip "this kernel's block_rq_issue has no ioprio field (Linux 6.9 added it)"
    RIG_TRACE="$tracing/instances/iogate-rig-$$"
    mkdir "$RIG_TRACE"
  fi
  IFS=: read -r major minor <<< "$RIG_DEV"
  echo "dev == $(((major << 20) | minor))" > "$RIG_TRACE/events/block/block_rq_issue/filter"
  : > "$RIG_TRACE/trace"
  echo 1 > "$RIG_TRACE/events/block/block_rq_issue/enable"
}

# rig_classes_stop KINDS BYTES: stops recording and prints each class,level the queue's requests of
# the rwbs KINDS (R: reads, W: writes, RW: both) and of BYTES each carried, and how many, e.g.
# "rt,0 812" per line. The size tells a workload's requests from the filesystem's own (its
# metadata reads go at the class of whoever caused them).
rig_classes_stop() {
  echo 0 > "$RIG_TRACE/events/block/block_rq_issue/enable"
  /usr/bin/python3 - "$RIG_TRACE/trace" "$1" "$2" << 'PY'
import collections, re, sys
kinds, size = set(sys.argv[2]), sys.argv[3]
counts = collections.Counter()
# After the sectors: the class, the hint (command duration limits) and the level.
line = re.compile(r"block_rq_issue: \d+,\d+ (\w+) (\d+) \(.*\) \d+ \+ \d+ (\w+),\d+,(\d+) \[")
for text in open(sys.argv[1]):
    m = line.search(text)
    if m and kinds & set(m.group(1)) and m.group(2) == size:
        counts[f"{m.group(3)},{m.group(4)}"] += 1
for cls, n in sorted(counts.items()):
    print(cls, n)
PY
}

# rig_hostile_stage NAME: the stage of a test that attacks root's iogate as a local user (nobody).
# Skips unless root, setpriv and a user nobody are there; makes $work (0755) under the rig's
# scratch directory; turns the kernel's fs.protected_symlinks off while the test runs, so that
# iogate's own link rule is what is tested, and restores it and removes $work on exit (after
# rig_hostile_cleanup, when the test defines one, e.g. to stop its attacker).
rig_hostile_stage() {
  [ "$(id -u)" -eq 0 ] || rig_skip "the attack needs root (iogate as root, the attacker as nobody)"
  command -v setpriv > /dev/null || rig_skip "setpriv (util-linux) is not installed"
  id nobody > /dev/null 2>&1 || rig_skip "no user nobody to attack as"
  mkdir -p "$IOGATE_RIG_SCRATCH"
  work=$(mktemp -d "$IOGATE_RIG_SCRATCH/$1.XXXXXX")
  RIG_PROTECTED_SYMLINKS=$(cat /proc/sys/fs/protected_symlinks 2> /dev/null || echo "")
  trap rig_hostile_restore EXIT
  [ -z "$RIG_PROTECTED_SYMLINKS" ] || echo 0 > /proc/sys/fs/protected_symlinks 2> /dev/null || true
  chmod 755 "$work"
}

rig_hostile_restore() {
  ! declare -F rig_hostile_cleanup > /dev/null || rig_hostile_cleanup
  [ -z "$RIG_PROTECTED_SYMLINKS" ] ||
    echo "$RIG_PROTECTED_SYMLINKS" > /proc/sys/fs/protected_symlinks 2> /dev/null || true
  rm -rf "$work"
}

# as_nobody COMMAND...: COMMAND as the attacker, with none of root's groups.
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
