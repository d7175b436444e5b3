# The device fails writes: a loop device whose sparse image (256 MiB ext4, 320 MiB xfs) sits on
# a tmpfs smaller than that. Writes past the tmpfs's capacity fail in the loop driver, which
# completes them with BLK_STS_NOSPC: direct writes see ENOSPC (not EIO: the device is "thin" and
# out of space), ext4's journal writes fail too and ext4 aborts its journal and goes read-only
# (EIO for what follows); xfs fails the data writes and stays writable. In every case:
#   - nothing hangs (the run is bounded by `timeout`);
#   - the first check is an error naming the operation, the length, the offset, the file and the
#     errno;
#   - the checks after it still run and are reported (error, or pass where the filesystem could
#     still serve them), and the reports are well-formed;
#   - the scratch area is removed, or, where the filesystem went read-only, iogate says on stderr
#     which scratch directory it could not remove and why; once the filesystem is back (more
#     backing, remounted), the next run removes that leftover (its owner is dead).
iogate=$1
schema=$2
source "$IOGATE_RIG_LIB"
rig_enter "$@"
source "$(dirname "$0")/fault_lib.sh"

write_error='write of [0-9]+ bytes at offset [0-9]+ of \S+/fill_device\.dat: (No space left on device|Input/output error)'
for fs in ext4 xfs; do
  case $fs in
    ext4) backing=64M image=256M ;;
    xfs) backing=112M image=320M ;;  # mkfs.xfs zeroes a 64 MiB log
  esac
  small=$(fault_small_tmpfs "$backing")
  rig_make_datastore "$fs" "$image" "$small"
  out="$RIG_DIR/$fs"
  fault_check "$out" 60 "$FAULT_DATA/fault_eio.toml" "$RIG_DATASTORE"
  fault_expect_rc "$out" 1
  fault_reports "$out" "$schema" "fill_device=error:fill_device: error: $write_error" \
    "after_fault=error|pass" "last=error|pass"
  options=$(findmnt -n -o OPTIONS "$RIG_MNT")
  rig_log "$fs after the fault: mount options $options"

  left=$(find "$RIG_DATASTORE" -mindepth 1 -maxdepth 1 -name 'iogate-scratch-*')
  if [ -z "$left" ]; then
    echo "$fs: device write failure reported ($(grep -Eo "$write_error" "$out/check.log" | head -n 1 | sed -E 's/ of \S+: /: /')); scratch removed; mounted $options"
  else
    # Only a filesystem that refuses writes may keep a scratch directory, and iogate must say so.
    case ",$options," in *,ro,* | *,emergency_ro,*) ;; *) rig_fail "$fs: left $left on a writable filesystem" ;; esac
    for dir in $left; do
      grep -Fq "iogate: cleaning up scratch area $dir: " "$out/check.log" ||
        { cat "$out/check.log"; rig_fail "$fs: $dir was left without a word"; }
    done
    # Give the image room, remount (ext4 replays its journal), and run again: the leftover's
    # owner is dead, so the new run removes it.
    mount -o remount,size=512M "$small"
    fault_remount
    fault_check "$out/again" 60 "$FAULT_DATA/fault_quick.toml" "$RIG_DATASTORE"
    fault_expect_rc "$out/again" 0
    fault_reports "$out/again" "$schema" "quick=pass"
    echo "$fs: device write failure reported; filesystem went read-only ($options), iogate said what it left; the next run removed it"
  fi
  rig_assert_clean "$RIG_DATASTORE"
done
echo "fault_eio: ok"
