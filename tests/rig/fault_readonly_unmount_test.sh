# The datastore goes read-only, shuts down or is unmounted while a check writes to it (ext4 and
# xfs). iogate is stopped once its test file is allocated, continued, and hit a second later;
# every run is bounded (a hang fails the test; the status must be iogate's, never timeout's).
#   1. read-only: `blockdev --setro` on the loop device, then `mount -o remount,ro`. The kernel
#      only warns about writes to a read-only block device under a mounted filesystem, and the
#      remount is refused (EBUSY: a file is open for writing), so the check may pass; if it fails,
#      it names the write, the offset and the errno.
#   2. shutdown (the XFS_IOC_GOINGDOWN / EXT4_IOC_SHUTDOWN ioctl via xfs_io): the write fails
#      with EIO, named with its offset; the next check is an error too; exit status 1. The scratch
#      area cannot be removed on a dead filesystem: iogate says which and why, and once the
#      filesystem is mounted again the next run removes it (its marker names a dead owner).
#   3. `umount -l`: the run goes on on the detached filesystem. The scratch path now resolves to
#      the mount point's directory underneath, where this test has planted look-alikes (same
#      names, a marker of a live owner): iogate must leave them alone, say that its datastore was
#      unmounted or moved, and clean its own files on the detached filesystem (checked by
#      mounting the image again once iogate has let go of it). The next check is not run: its
#      datastore path now names another directory, on another device.
iogate=$1
schema=$2
source "$IOGATE_RIG_LIB"
rig_enter "$@"
source "$(dirname "$0")/fault_lib.sh"
export -f fault_allocated rig_log
# A read-only flag outlives the loop device's attachment: never leave one behind.
trap 'rc=$?; set +e; [ -n "${RIG_LOOP:-}" ] && blockdev --setrw "$RIG_LOOP" 2> /dev/null
  (exit $rc); rig_teardown' EXIT

gate="$FAULT_DATA/fault_midrun.toml"
write_error='long_write: error: write of [0-9]+ bytes at offset [0-9]+ of \S+/long_write\.dat: '

# midrun OUT ACTION: fault_at with ACTION run one second into long_write's run. The scratch
# area is polled, so iogate may be stopped between creating its test file and allocating it
# (more often when it runs slower, under a sanitizer): then that run goes on untouched, and the
# check is run again, up to five times, as fault_enospc_test.sh does.
midrun() {
  local scratch="$RIG_DATASTORE/iogate-scratch-*" attempt
  for attempt in 1 2 3 4 5; do
    fault_at "$1" 40 "$scratch/long_write.dat" \
      "fault_allocated $scratch/long_write.dat $((32 << 20)) || exit 3; kill -CONT \$FAULT_PID; sleep 1; $2" \
      "$gate" "$RIG_DATASTORE"
    [ "$FAULT_DURING" = 3 ] || break  # 3: stopped before the file was allocated; again
  done
  [ "$FAULT_DURING" = 0 ] || rig_fail "the fault did not land mid-run ($FAULT_DURING)"
}

for fs in ext4 xfs; do
  size=256M
  [ "$fs" = ext4 ] || size=320M
  # 1. Read-only block device, then a read-only remount.
  rig_make_datastore "$fs" "$size"
  export RIG_LOOP RIG_MNT
  out="$RIG_DIR/$fs-ro"
  midrun "$out" 'blockdev --setro $RIG_LOOP; sleep 1
    if mount -o remount,ro $RIG_MNT 2> /dev/null; then echo remounted > $RIG_MNT.remount
    else echo refused > $RIG_MNT.remount; fi; sleep 1; blockdev --setrw $RIG_LOOP'
  [ "$FAULT_RC" -le 1 ] || { cat "$out/check.log"; rig_fail "$fs read-only: exit $FAULT_RC"; }
  fault_reports "$out" "$schema" "long_write=pass|error" "next=pass|error"
  if grep -q '^ERROR\|FAIL long_write' "$out/check.log"; then
    fault_reports "$out" "$schema" "long_write=error:$write_error"
  fi
  rig_log "$fs read-only: exit $FAULT_RC, remount ro $(cat "$RIG_MNT.remount")"
  mount -o remount,rw "$RIG_MNT"
  rig_assert_clean "$RIG_DATASTORE"
  echo "$fs: setro + remount,ro ($(cat "$RIG_MNT.remount")): exit $FAULT_RC"

  # 2. Shutdown.
  out="$RIG_DIR/$fs-shutdown"
  midrun "$out" "xfs_io -x -c 'shutdown -f' \$RIG_MNT"
  fault_expect_rc "$out" 1
  fault_reports "$out" "$schema" "long_write=error:${write_error}Input/output error" \
    "next=error:Input/output error"
  fault_remount
  for dir in $(cd "$RIG_MNT" && find datastore -mindepth 1 -maxdepth 1 -name 'iogate-scratch-*'); do
    grep -Fq "iogate: cleaning up scratch area $RIG_MNT/$dir: " "$out/check.log" ||
      { cat "$out/check.log"; rig_fail "$fs shutdown: $dir was left without a word"; }
  done
  fault_check "$out/again" 60 "$FAULT_DATA/fault_quick.toml" "$RIG_DATASTORE"
  fault_expect_rc "$out/again" 0
  rig_assert_clean "$RIG_DATASTORE"
  echo "$fs: shutdown: EIO reported with its offset, leftover named, removed by the next run"

  # 3. Lazy unmount, with look-alikes planted underneath.
  under="$RIG_DIR/under-$fs"
  mkdir "$under"
  mount --bind "$RIG_DIR" "$under"  # not recursive: shows what the mount point hides
  RIG_MOUNTS+=("$under")
  export PLANT="$under/$(basename "$RIG_MNT")/datastore" OWNER=$$
  out="$RIG_DIR/$fs-umount"
  midrun "$out" 'name=$(basename $RIG_MNT/datastore/iogate-scratch-*)
    mkdir -p $PLANT/$name && echo planted > $PLANT/$name/long_write.dat
    printf "iogate scratch directory\npid=%s\nhost=%s\n" $OWNER $(hostname) > $PLANT/$name/.iogate-scratch
    umount -l $RIG_MNT'
  [ "$FAULT_RC" -le 1 ] || { cat "$out/check.log"; rig_fail "$fs umount -l: exit $FAULT_RC"; }
  fault_reports "$out" "$schema" "long_write=pass|error" "next=error"
  grep -q "next: error: not run: .* is no longer the directory this run started on" "$out/check.log" ||
    { cat "$out/check.log"; rig_fail "$fs umount -l: the next check ran on what the mount hid"; }
  grep -q "is no longer the directory .* was made in (unmounted or moved during the run?)" \
    "$out/check.log" || { cat "$out/check.log"; rig_fail "$fs umount -l: not a word about it"; }
  planted=$(find "$PLANT" -path '*iogate-scratch-*' -type f | wc -l)
  [ "$planted" -eq 2 ] && grep -qx planted "$PLANT"/iogate-scratch-*/long_write.dat ||
    rig_fail "$fs umount -l: iogate touched what was under the mount point"
  # Once iogate is gone the filesystem is released and its loop device detached; mounted again,
  # it must hold nothing of iogate's.
  fault_remount
  rig_assert_clean "$RIG_DATASTORE"
  umount "$RIG_MNT"
  umount "$under"
  echo "$fs: umount -l: exit $FAULT_RC; planted look-alikes untouched; own files removed on the detached filesystem"
done
echo "fault_readonly_unmount: ok"
