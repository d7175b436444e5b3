# rig.fault_corruption: silent corruption under a verified check. While `iogate check` runs a
# verified workload on a loop-device datastore, one payload byte of many blocks it has written is
# flipped in the loop device's backing image, behind the filesystem's back, as a disk returning
# wrong data would. Every trial must fail the check with crc32c named as the field that differed,
# at an offset that really was flipped.
#
# How the flip reaches iogate: the image is a file on the rig's tmpfs, and the loop device (no
# direct I/O on tmpfs) reads it through that file's page cache, so a pwrite into the image is what
# the next O_DIRECT read of the block returns. The flipper proves it for every flip by reading the
# byte back through the loop device with O_DIRECT. FIEMAP gives each block's physical byte offset
# on the device, which is its offset in the image (the filesystem starts at byte 0). iogate is
# stopped (SIGSTOP) around the flip, so it lands between two I/Os, and only blocks carrying this
# run's header for their own offset are flipped (iogate checks only blocks it wrote); only even
# blocks are, so an offset named wrongly shows. A block counts as written only once its extent is
# neither unwritten nor delayed (preallocation has put its bytes on the device), and after each
# trial the headers are wiped from the image, so a header left by an earlier trial in blocks the
# next file reuses is never taken for this run's.
#
#   mixed:     8k, 50% random, 50% read, rate-limited to stay running; flipped once enough blocks
#              were written, while it goes on reading them.
#   integrity: writes the whole file, then reads it back, the read pass slowed by the blkio
#              throttle; flipped as soon as every block carries its header (write pass done).
iogate=$1
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle
trials=${FAULT_CORRUPTION_TRIALS:-10}

write_gate() {  # FILE KIND
  cat > "$1" <<EOF
[suite]
name = "corruption"
profile = "rig"

[[check]]
name = "verified"
[check.workload]
block_size = "8k"
file_size = "8MiB"
verify = true
EOF
  case $2 in
    mixed) printf '%s\n' 'read = "50%"' 'random = "50%"' 'duration = "10s"' 'rate_iops = 400' ;;
    integrity) printf '%s\n' 'kind = "integrity"' ;;
  esac >> "$1"
  printf '%s\n' '[check.expect]' 'iops_min = 1' >> "$1"
}

# flip MODE PID DATASTORE IMAGE LOOP OUT: waits for iogate (PID) to write, flips, writes the flipped
# file offsets to OUT, then waits for PID to end (killing it after a minute).
flip() {
  /usr/bin/python3 - "$@" <<'PY'
import fcntl, glob, mmap, os, signal, struct, sys, time
mode, pid, datastore, image, loop, out = sys.argv[1], int(sys.argv[2]), *sys.argv[3:]
BS, MAGIC, FLIP_AT = 8192, 0x56474F49, 4096 + 7  # a payload byte, well past the 40-byte header
deadline = time.monotonic() + 60

def running():
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:  # gone: the shell may reap it before it waits for it
        return False

def extents(path):  # FS_IOC_FIEMAP: [(logical, physical, length)] in bytes, or None if unsettled
    count = 256
    buf = bytearray(struct.pack("=QQIIII", 0, 2**64 - 1, 0, 0, count, 0) + bytes(56 * count))
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.ioctl(fd, 0xC020660B, buf)
        size = os.fstat(fd).st_size
    finally:
        os.close(fd)
    mapped = struct.unpack_from("=I", buf, 20)[0]
    found = [struct.unpack_from("=QQQQQI", buf, 32 + 56 * i) for i in range(mapped)]
    # unknown location, delayed allocation, encoded, inline data, unwritten (preallocation still
    # under way): no image offset that holds the file's bytes yet
    if mapped == count or any(e[5] & (0x2 | 0x4 | 0x8 | 0x200 | 0x800) for e in found):
        return None
    if sum(e[2] for e in found) < size:
        return None
    return [(e[0], e[1], e[2]) for e in found], size

def written(img, mapping):  # {file offset: image offset} of blocks carrying their own header
    ext, size = mapping
    blocks = {}
    for logical, physical, length in ext:
        for off in range(logical, min(logical + length, size), BS):
            where = physical + off - logical
            magic, _, offset = struct.unpack("=IIQ", os.pread(img, 16, where))
            if magic == MAGIC and offset == off:
                blocks[off] = where
    return blocks

def through_loop(where):  # the byte at image offset `where`, read from the loop device, O_DIRECT
    fd = os.open(loop, os.O_RDONLY | os.O_DIRECT)
    try:
        buf = mmap.mmap(-1, 4096)
        os.preadv(fd, [buf], where & ~4095)
        return buf[where & 4095]
    finally:
        os.close(fd)

path, status, flipped, total, last = None, "missed", [], 0, None
img = os.open(image, os.O_RDWR)
while running() and time.monotonic() < deadline and status == "missed":
    time.sleep(0.3 if mode == "mixed" else 0.005)
    path = path or next(iter(glob.glob(os.path.join(datastore, "iogate-scratch-*", "verified.dat"))), None)
    mapping = path and extents(path)
    if not mapping:
        continue
    last = mapping
    blocks = written(img, mapping)
    total = (mapping[1] + BS - 1) // BS
    # A file just created is empty: nothing written is not "every block written".
    ready = len(blocks) >= 64 if mode == "mixed" else 0 < total == len(blocks)
    if not ready:
        continue
    try:
        os.kill(pid, signal.SIGSTOP)
    except ProcessLookupError:
        break
    time.sleep(0.05)  # I/O already submitted completes meanwhile
    blocks = written(img, extents(path))
    for off, where in sorted(blocks.items()):
        if off // BS % 2:
            continue
        old = os.pread(img, 1, where + FLIP_AT)[0]
        os.pwrite(img, bytes([old ^ 0xFF]), where + FLIP_AT)
        if through_loop(where + FLIP_AT) != old ^ 0xFF:
            status = f"the loop device does not see the flip at image offset {where + FLIP_AT}"
            break
        flipped.append(off)
    else:
        status = "flipped" if flipped else "missed"
    try:
        os.kill(pid, signal.SIGCONT)
    except ProcessLookupError:
        pass
with open(out, "w") as f:
    f.write("".join(f"{off}\n" for off in flipped))
print(f"{mode}: {status}: {len(flipped)} of {total} blocks ({len(blocks) if total else 0} written)", file=sys.stderr)
while running():
    if time.monotonic() > deadline:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        print("iogate still running after 60 s: killed", file=sys.stderr)
    time.sleep(0.05)
# The next trial's file may get the same blocks: no header of this one may be taken for its own.
for logical, physical, length in last[0] if last else []:
    for off in range(logical, logical + length, BS):
        os.pwrite(img, bytes(4), physical + off - logical)
sys.exit(0 if status == "flipped" else 1)
PY
}

# judge OUT: the check failed, naming crc32c at an offset in OUT/flipped, in its output and JSON.
judge() {
  /usr/bin/python3 - "$1" <<'PY'
import json, re, sys
out = sys.argv[1]
flipped = {int(line) for line in open(f"{out}/flipped")}
pattern = re.compile(r"verify failed at offset (\d+) of \S+verified\.dat: crc32c expected 0x[0-9a-f]+, "
                     r"found 0x[0-9a-f]+: the block's bytes changed after they were written \(corruption\)")
result = json.load(open(f"{out}/json/verified.json"))
problems = []
if result.get("status") not in ("fail", "error"):
    problems.append(f"verified.json: status {result.get('status')}, expected fail or error")
for where, texts in (("check.log", [open(f"{out}/check.log").read()]),
                     ("verified.json", result.get("messages", []))):
    found = [m for t in texts for m in pattern.finditer(t)]
    if not found:
        problems.append(f"{where}: no crc32c verify failure named")
    for m in found:
        if int(m.group(1)) not in flipped:
            problems.append(f"{where}: names offset {m.group(1)}, which was not flipped")
print(*problems, sep="\n", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
}

detected=0 total=0
for fs in ext4 xfs; do
  rig_make_datastore "$fs" 512M
  echo "$fs: loop direct I/O: $(cat "/sys/block/${RIG_LOOP#/dev/}/loop/dio" 2> /dev/null || echo ?)"
  # The control: untouched, the same verified check passes (so a failure below is the flip's).
  write_gate "$RIG_DIR/integrity.toml" integrity
  "$iogate" check "$RIG_DIR/integrity.toml" --datastore "$RIG_DATASTORE" > "$RIG_DIR/control.log" 2>&1 ||
    { cat "$RIG_DIR/control.log" >&2; rig_fail "$fs: the verified check fails with no corruption"; }
  for kind in mixed integrity; do
    write_gate "$RIG_DIR/$kind.toml" "$kind"
    n=$trials
    [ "$fs" = ext4 ] || n=$(((trials + 1) / 2))  # xfs: fewer trials, the same path
    case $kind in
      mixed) rig_throttle read_bps 0 ;;
      integrity) rig_throttle read_bps $((2 * 1024 * 1024)) ;;  # an 8 MiB read pass takes 4 s
    esac
    for i in $(seq 1 "$n"); do
      out="$RIG_DIR/$fs-$kind-$i"
      mkdir -p "$out"
      rig_run_bg "$iogate" check "$RIG_DIR/$kind.toml" --datastore "$RIG_DATASTORE" \
        --json-dir "$out/json" > "$out/check.log" 2>&1
      pid=$RIG_BG_PID
      flip_rc=0
      flip "$kind" "$pid" "$RIG_DATASTORE" "$RIG_IMAGE" "$RIG_LOOP" "$out/flipped" || flip_rc=$?
      rc=0
      wait "$pid" || rc=$?
      total=$((total + 1))
      if [ "$flip_rc" -ne 0 ]; then
        cat "$out/check.log" >&2
        rig_fail "$fs $kind trial $i: the corruption could not be planted (iogate exited $rc)"
      fi
      if [ "$rc" -ne 0 ] && judge "$out"; then
        detected=$((detected + 1))
        echo "$fs $kind trial $i: detected: $(grep -o 'verify failed at offset [0-9]*' "$out/check.log" | head -n 1)"
      else
        cat "$out/check.log" >&2
        echo "$fs $kind trial $i: NOT detected (iogate exited $rc)" >&2
      fi
      rig_assert_clean "$RIG_DATASTORE"
    done
  done
  rig_unthrottle
done
echo "fault_corruption: detected $detected of $total"
[ "$detected" -eq "$total" ] || rig_fail "corruption went undetected or misnamed in $((total - detected)) of $total trials"
