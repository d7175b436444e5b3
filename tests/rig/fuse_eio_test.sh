# A device that fails one block with EIO, on writes and on reads: faultfs (a FUSE pass-through)
# as the datastore, answering EIO for any write (then any read) touching the 4 KiB at 1 MiB (2 MiB
# for reads). iogate's files are opened with O_DIRECT, which FUSE accepts: each I/O reaches the
# daemon as it was issued. For each direction, with io_uring at depth 4 and with psync:
#   - nothing hangs (the run is bounded by `timeout`) and the exit status is 1;
#   - the check is an error naming the operation, the length, the offset, the file and the errno,
#     in the console, the JUnit (valid against the schema), results.json and the check's JSON;
#   - the figures measured before the error are kept: the check's JSON result holds the bytes
#     before the bad block (psync exactly; io_uring also what completed past it while the failing
#     I/O was in the daemon), and the message says how many;
#   - the daemon logged the EIO it injected (the error is ours, not an accident);
#   - a later check on the same datastore that stays below the bad block passes;
#   - nothing is left in the backing directory.
# And a write error while a read check's file is prepared is named with its offset as well.
iogate=$1
schema=$2
faultfs=$3
source "$IOGATE_RIG_LIB"
source "$(dirname "$0")/fuse_lib.sh"
fuse_need "$faultfs"
rig_enter "$@"
source "$(dirname "$0")/fault_lib.sh"

# gate FILE DIRECTION BAD_OFFSET: a threshold file whose two first checks (io_uring at depth 4,
# psync) run sequentially over the bad block at BAD_OFFSET, and whose last one stops short of it.
gate() {
  local read=$([ "$2" = read ] && echo 100 || echo 0)
  # Writes meet the bad block in the measured run, not while the file is laid out.
  local layout=$([ "$2" = read ] && echo written || echo preallocated)
  cat > "$1" <<EOF
[suite]
name = "fuse_eio_$2"
profile = "rig"

[defaults]
block_size = "4k"
read = "$read%"
random = "0%"
layout = "$layout"

[[check]]
name = "$2_eio"
[check.workload]
engine = "auto"
queue_depth = 4
size = "4MiB"
file_size = "4MiB"
[check.expect]
mbps_min = 0.001

[[check]]
name = "$2_eio_psync"
[check.workload]
engine = "psync"
size = "4MiB"
file_size = "4MiB"
[check.expect]
mbps_min = 0.001

[[check]]
name = "below_bad_block"
[check.workload]
size = "$(($3 / 1024))KiB"
file_size = "$(($3 / 1024))KiB"
[check.expect]
mbps_min = 0.001
EOF
}

for direction in write read; do
  case $direction in
    write) bad=1048576 ;;
    read) bad=2097152 ;;
  esac
  fuse_mount "$direction" --eio-$direction=$bad+4096
  out="$RIG_DIR/$direction/out"
  mkdir -p "$out"
  gate "$out/gate.toml" "$direction" "$bad"
  fault_check "$out" 60 "$out/gate.toml" "$FUSE_MNT"
  fault_expect_rc "$out" 1
  message="$direction of 4096 bytes at offset $bad of \\S+/iogate-scratch-[^/]+/${direction}_eio(_psync)?\\.dat: Input/output error"
  fault_reports "$out" "$schema" "${direction}_eio=error:${direction}_eio: error: $message" \
    "${direction}_eio_psync=error:${direction}_eio_psync: error: $message" "below_bad_block=pass"
  /usr/bin/python3 - "$out/json" "$direction" "$bad" <<'PY' || rig_fail "$direction: partial figures"
import json, sys
folder, direction, bad = sys.argv[1], sys.argv[2], int(sys.argv[3])
for name in (f"{direction}_eio", f"{direction}_eio_psync"):
    r = json.load(open(f"{folder}/{name}.json"))
    got = r["result"]["bytes"]
    print(f"{name}: {got} bytes measured before the EIO at {bad}; {r['messages'][0].split('; ')[-1]}")
    # psync: every byte before the bad block, none after. io_uring at depth 4: up to 3 I/Os
    # before it may still be in flight when its EIO is reaped, and I/Os after it keep completing
    # (and being replaced) while the failing one waits in the daemon, so only the whole file is
    # too much: the run stopped at the error.
    low, high = (bad, bad) if name.endswith("_psync") else (bad - 3 * 4096, 4 * 1048576 - 4096)
    if not low <= got <= high:
        sys.exit(f"FAIL: {name}: {got} bytes kept, expected {low} to {high} "
                 f"(the bad block is at {bad})")
PY
  injected=$(fuse_injected "EIO for $direction")
  [ "$injected" -ge 2 ] || rig_fail "$direction: faultfs logged $injected EIOs, expected one per failing check"
  fuse_assert_empty
  fuse_unmount
  echo "$direction: $(grep -Eo "$message" "$out/check.log" | head -n 1 | sed -E 's/ of \S+: /: /') (io_uring and psync); the check below it passed; backing empty"
done
# A read check's file is written through before the run (so reads reach the device): a write
# error there is named with its offset too, and the partial file is removed.
fuse_mount prepare --eio-write=1048576+4096
out="$RIG_DIR/prepare/out"
mkdir -p "$out"
gate "$out/gate.toml" read 1048576
fault_check "$out" 60 "$out/gate.toml" "$FUSE_MNT"
fault_expect_rc "$out" 1
# The layout writes in the check's block size (4 KiB), so the failing write is that block.
message='write of 4096 bytes at offset 1048576 of \S+/iogate-scratch-[^/]+/read_eio(_psync)?\.dat: Input/output error'
fault_reports "$out" "$schema" "read_eio=error:read_eio: error: $message" \
  "read_eio_psync=error:read_eio_psync: error: $message" "below_bad_block=pass"
fuse_assert_empty
fuse_unmount
echo "preparing a read file: $(grep -Eo "$message" "$out/check.log" | head -n 1 | sed -E 's/ of \S+: /: /'); partial file removed"
echo "fuse_eio: ok"
