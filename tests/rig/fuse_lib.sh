# Helpers for the FUSE rig tests (fuse_*_test.sh): a faultfs mount (tests/rig/faultfs) as the
# datastore, its backing directory on the rig's private tmpfs. Source after rig_lib.sh; call
# fuse_need before rig_enter.
#
# The daemon runs in the foreground of a background job of the rig script, inside the script's
# mount namespace, with SIGKILL as its parent-death signal: if the script is killed, so is the
# daemon, and the namespace (hence the mount) goes with its last process. On a normal exit the
# mount is in RIG_MOUNTS, so rig_teardown unmounts it and the daemon ends by itself.

# fuse_need FAULTFS: skips unless FAULTFS was built (libfuse3 found) and the kernel has FUSE.
# Sets RIG_NO_LOOP: these tests need no loop device.
fuse_need() {
  [ -n "$1" ] && [ -x "$1" ] ||
    rig_skip "faultfs was not built (pkg-config did not find libfuse3: install libfuse3-dev)"
  [ "$(id -u)" -eq 0 ] || rig_skip "the rig needs root (FUSE mounts in a private namespace)"
  [ -e /dev/fuse ] || modprobe fuse 2> /dev/null || true
  [ -c /dev/fuse ] || rig_skip "no FUSE in this kernel (/dev/fuse missing)"
  command -v setpriv > /dev/null || rig_skip "setpriv (util-linux) is not installed"
  RIG_NO_LOOP=1
}

# fuse_mount NAME FAULTFS_OPTION...: mounts faultfs with those options (see faultfs.cpp) on
# RIG_DIR/NAME/mnt, backed by RIG_DIR/NAME/backing. Sets FUSE_MNT, FUSE_BACKING, FUSE_LOG (the
# daemon's stderr) and FUSE_PID. With FUSE_RT set, the daemon runs under FUSE_RT (see fuse_need_rt).
fuse_mount() {
  local name=$1
  shift
  FUSE_MNT="$RIG_DIR/$name/mnt"
  FUSE_BACKING="$RIG_DIR/$name/backing"
  FUSE_LOG="$RIG_DIR/$name/faultfs.log"
  mkdir -p "$FUSE_MNT" "$FUSE_BACKING"
  setpriv --pdeathsig KILL -- ${FUSE_RT:-} "$faultfs" --backing="$FUSE_BACKING" "$@" -f "$FUSE_MNT" \
    2> "$FUSE_LOG" &
  FUSE_PID=$!
  RIG_MOUNTS+=("$FUSE_MNT")
  for _ in $(seq 1 100); do
    mountpoint -q "$FUSE_MNT" && break
    kill -0 "$FUSE_PID" 2> /dev/null || { cat "$FUSE_LOG" >&2; rig_fail "faultfs did not start"; }
    sleep 0.05
  done
  mountpoint -q "$FUSE_MNT" || rig_fail "faultfs did not mount $FUSE_MNT within 5 s"
  rig_log "faultfs on $FUSE_MNT (backing $FUSE_BACKING): $*"
}

# fuse_need_rt: sets FUSE_RT to a command prefix that runs a process at real-time priority
# (SCHED_FIFO), or skips. A latency measured on a machine shared with builds is the injected one
# plus every wait for a CPU; at real-time priority the daemon and iogate are woken at once, so
# what is measured is the injection and FUSE's round trip, not the neighbours. Both sleep between
# requests, and the kernel's real-time throttle bounds them anyway.
fuse_need_rt() {
  command -v chrt > /dev/null || rig_skip "chrt (util-linux) is not installed"
  chrt -f 10 true 2> /dev/null || rig_skip "cannot run at real-time priority (chrt -f 10 failed)"
  FUSE_RT="chrt -f 10"
}

# fuse_unmount: unmounts FUSE_MNT and waits for its daemon, which must end well within 10 s.
fuse_unmount() {
  umount "$FUSE_MNT"
  for _ in $(seq 1 200); do
    kill -0 "$FUSE_PID" 2> /dev/null || break
    sleep 0.05
  done
  kill -0 "$FUSE_PID" 2> /dev/null && rig_fail "faultfs ($FUSE_PID) still runs after its unmount"
  wait "$FUSE_PID" || rig_fail "faultfs exited $?: $(cat "$FUSE_LOG")"
}

# fuse_injected WHAT: how many faults of WHAT ("EIO for write", "short write" ...) the daemon
# logged; a test asserts its fault was really injected, not an accident of the machine.
fuse_injected() { grep -c "^faultfs: $1 " "$FUSE_LOG" || true; }

# fuse_assert_empty: nothing at all is left in FUSE_BACKING (checked on the backing, not through
# the mount, so no cache of the mount can hide a leftover).
fuse_assert_empty() {
  local left
  left=$(find "$FUSE_BACKING" -mindepth 1 | head -n 5)
  [ -z "$left" ] || rig_fail "iogate left something in the backing directory: $left"
}
