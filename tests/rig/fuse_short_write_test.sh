# A device that takes only part of each write: faultfs answers every write of more than 1000
# bytes by writing its first 1000 and returning 1000. What reaches iogate depends on the kernel's
# path, and iogate must be right on each:
#   - O_DIRECT on a plain FUSE file goes through the kernel's asynchronous direct I/O (libfuse
#     negotiates async_dio), which turns a short write into EIO (fuse_get_res_by_io): the check
#     is an error naming the write, its offset and the file;
#   - a buffered write (page cache, written through at once) and, on a file the daemon opened
#     with FOPEN_DIRECT_IO, a synchronous (psync) O_DIRECT write return the short count to iogate,
#     which must write the remainder where it belongs: a `kind = "integrity"` check writes the
#     whole file that way and reads every block back verified (a remainder written at the wrong
#     offset, or counted as written and dropped, fails the crc32c or offset check);
#   - io_uring on the FOPEN_DIRECT_IO file goes through the asynchronous path again: EIO, named.
# In every case nothing hangs, faultfs logged the short writes it made, and the backing directory
# is empty afterwards.
iogate=$1
schema=$2
faultfs=$3
source "$IOGATE_RIG_LIB"
source "$(dirname "$0")/fuse_lib.sh"
fuse_need "$faultfs"
rig_enter "$@"
source "$(dirname "$0")/fault_lib.sh"

file_size=$((1024 * 1024))
blocks=$((file_size / 4096))

# check NAME ENGINE DIRECT KIND: one check of a threshold file, on a 1 MiB file in 4 KiB writes.
check() {
  cat <<EOF

[[check]]
name = "$1"
[check.workload]
block_size = "4k"
read = "0%"
engine = "$2"
queue_depth = 4
direct = $3
kind = "$4"
size = "1MiB"
file_size = "1MiB"
[check.expect]
mbps_min = 0.001
EOF
}

# blocks_verified OUT CHECK: how many blocks CHECK read back verified.
blocks_verified() {
  /usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["result"]["blocks_verified"])' \
    "$1/json/$2.json"
}

write_error='write of 4096 bytes at offset [0-9]+ of \S+/iogate-scratch-[^/]+/NAME\.dat: Input/output error'
for mode in plain direct_io; do
  case $mode in
    plain) fuse_mount "$mode" --short-write=1000 ;;
    direct_io) fuse_mount "$mode" --short-write=1000 --direct-io ;;
  esac
  out="$RIG_DIR/$mode/out"
  mkdir -p "$out"
  {
    printf '[suite]\nname = "fuse_short_write_%s"\nprofile = "rig"\n' "$mode"
    case $mode in
      plain) check direct_psync psync true mixed
        check buffered_psync psync false integrity ;;
      direct_io) check direct_psync psync true integrity
        check direct_io_uring io_uring true mixed ;;
    esac
  } > "$out/gate.toml"
  fault_check "$out" 60 "$out/gate.toml" "$FUSE_MNT"
  case $mode in
    plain)
      fault_expect_rc "$out" 1
      fault_reports "$out" "$schema" "direct_psync=error:${write_error//NAME/direct_psync}" \
        "buffered_psync=pass"
      verified=$(blocks_verified "$out" buffered_psync) ;;
    direct_io)
      fault_expect_rc "$out" 1
      fault_reports "$out" "$schema" "direct_psync=pass" \
        "direct_io_uring=error:${write_error//NAME/direct_io_uring}"
      verified=$(blocks_verified "$out" direct_psync) ;;
  esac
  [ "$verified" -eq "$blocks" ] ||
    rig_fail "$mode: $verified blocks read back verified after the short writes, expected $blocks"
  # 4096 = 4 * 1000 + 96: four short writes per block of the passing check, at least.
  short=$(fuse_injected "short write")
  [ "$short" -ge $((4 * blocks)) ] ||
    rig_fail "$mode: faultfs made $short short writes, expected at least $((4 * blocks))"
  fuse_assert_empty
  fuse_unmount
  echo "$mode: $short short writes made; $(grep -Eo "FAIL [a-z_]+: error: write of [0-9]+ bytes at offset [0-9]+ of \S+: \S.*" "$out/check.log" | sed -E 's/ of \S+: /: /'); the remainders completed $verified of $blocks blocks, read back verified; backing empty"
done
echo "fuse_short_write: ok"
