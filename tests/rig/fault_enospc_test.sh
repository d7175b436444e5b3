# ENOSPC during a check: a filler (as root, so ext4's reserved blocks go too) takes every free
# block of the datastore, on ext4 and on xfs.
#   1. Mid-run: the test file's blocks were reserved up front (fallocate; a workload that reads
#      has them written through too), so the overwrites need no new space and the check passes.
#      That is the design: a full filesystem cannot turn into a failed check half-way.
#   2. During the preallocation: iogate is stopped the moment its scratch directory exists (after
#      the free-space check, before the test file is allocated), the filler takes all but 8 MiB
#      (room for the marker, not for the test file), iogate goes on. The fallocate fails with
#      ENOSPC: the check is an error naming the call, the file and the
#      errno; the partial file is removed; the next check is refused for want of space and
#      reported too; exit status 1.
iogate=$1
schema=$2
source "$IOGATE_RIG_LIB"
rig_enter "$@"
source "$(dirname "$0")/fault_lib.sh"
export -f fault_fill fault_allocated rig_log

for fs in ext4 xfs; do
  rig_make_datastore "$fs" 512M
  scratch="$RIG_DATASTORE/iogate-scratch-*"

  # 1. Stopped once the test file has all its 128 MiB (it is running or about to), filled, resumed.
  out="$RIG_DIR/$fs-midrun"
  for attempt in 1 2 3 4 5; do
    fault_at "$out" 40 "$scratch/overwrite.dat" \
      "fault_allocated $scratch/overwrite.dat $((128 << 20)) || exit 3; fault_fill $RIG_MNT" \
      "$FAULT_DATA/fault_enospc.toml" "$RIG_DATASTORE"
    rm -f "$RIG_MNT"/filler*
    [ "$FAULT_DURING" = 3 ] || break  # 3: stopped before the file was allocated; again
  done
  [ "$FAULT_DURING" = 0 ] || rig_fail "$fs: the filler never ran mid-run ($FAULT_DURING)"
  fault_expect_rc "$out" 0
  fault_reports "$out" "$schema" "overwrite=pass"
  rig_assert_clean "$RIG_DATASTORE"
  echo "$fs: mid-run ENOSPC: the preallocated check passed"

  # 2. The filler runs between the free-space check and the preallocation.
  out="$RIG_DIR/$fs-prealloc"
  for attempt in $(seq 1 20); do
    FAULT_RACE=1 fault_at "$out" 40 "$scratch" \
      "[ ! -e $scratch/prealloc_full.dat ] || exit 3; fault_fill $RIG_MNT $((8 << 20))" \
      "$FAULT_DATA/fault_enospc_fill.toml" "$RIG_DATASTORE"
    [ "$FAULT_DURING" = 3 ] || break  # 3: the file was there already; again
    rm -f "$RIG_MNT"/filler*
  done
  [ "$FAULT_DURING" = 0 ] || rig_fail "$fs: never stopped before the preallocation ($FAULT_DURING)"
  fault_expect_rc "$out" 1
  fault_reports "$out" "$schema" \
    "prealloc_full=error:prealloc_full: error: fallocate .*/prealloc_full\.dat: No space left on device" \
    "after_full=error:after_full: error: datastore .*: needs .* free .*, has "
  rm -f "$RIG_MNT"/filler*
  [ -z "$(find "$RIG_DATASTORE" -mindepth 1)" ] ||
    rig_fail "$fs: left in the datastore: $(find "$RIG_DATASTORE" -mindepth 1)"
  rig_assert_clean "$RIG_DATASTORE"
  echo "$fs: ENOSPC in the preallocation: error reported, partial file removed (attempt $attempt)"
done
echo "fault_enospc: ok"
