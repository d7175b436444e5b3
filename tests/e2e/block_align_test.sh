# block_align side by side with fio's blockalign: both tools read 512-byte and 4 KiB blocks at
# random from a 16 MiB file with random offsets aligned to 4 KiB, and strace records every
# pread64: every offset either issued is a multiple of 4 KiB and the I/O fits in the file, where
# the same run without the alignment issues offsets off it. Then the key as a user gives it: the
# JSON, a threshold file, fio's blockalign imported (a JESD219-like job), and the refusals.
# Usage: block_align_test.sh IOGATE
source "$IOGATE_E2E_LIB"
iogate=$1
trap cleanup_datastores EXIT
ds=$(new_datastore)
out=$(new_datastore)
command -v fio > /dev/null || fail "fio is not installed (scripts/install-deps.sh --tests)"
command -v strace > /dev/null || fail "strace is not installed (scripts/install-deps.sh --tests)"

# offsets TRACE: "ALIGNED TOTAL", the reads of 512 bytes or 4 KiB at a 4 KiB multiple, and all of
# them; fails on a read past the 16 MiB file.
offsets() {
  /usr/bin/python3 - "$1" <<'PY'
import re, sys
aligned = total = 0
for line in open(sys.argv[1]):
    m = re.search(r"pread64\(\d+, .*, (\d+), (\d+)\)\s+=\s+(\d+)", line)
    if not m or m.group(1) not in ("512", "4096"):
        continue
    size, offset = int(m.group(1)), int(m.group(2))
    assert offset + size <= 16 << 20, f"{sys.argv[1]}: a read past the file at {offset}"
    total += 1
    aligned += offset % 4096 == 0
assert total >= 1000, f"{sys.argv[1]}: {total} reads traced"
print(aligned, total)
PY
}

strace -f -qq -e trace=pread64 -s 0 -o "$out/fio.trace" \
  fio --name=pages --filename="$ds/fio-file" --size=16m --io_size=4m --rw=randread \
  --bssplit=512/50:4k/50 --blockalign=4k --ioengine=psync --direct=0 > "$out/fio.txt" 2>&1 ||
  { cat "$out/fio.txt" >&2; fail "fio blockalign=4k"; }
rm -f "$ds/fio-file"
counts=$(offsets "$out/fio.trace") || fail "fio's trace"
read -r fio_aligned fio_total <<< "$counts"
for align in 4k none; do
  flag=()
  [ "$align" = none ] || flag=(--block-align "$align")
  strace -f -qq -e trace=pread64 -s 0 -o "$out/iogate.trace" \
    "$iogate" run --datastore "$ds" --bssplit 512/50:4k/50 "${flag[@]}" --read 100 --random 100 \
    --size 4MiB --file-size 16MiB --engine psync --direct 0 --json "$out/$align.json" \
    > "$out/run.txt" 2>&1 || { cat "$out/run.txt" >&2; fail "iogate run --block-align $align"; }
  counts=$(offsets "$out/iogate.trace") || fail "iogate's trace"
  read -r aligned total <<< "$counts"
  echo "block align $align: iogate $aligned of $total reads on 4 KiB; fio (4k) $fio_aligned of $fio_total"
  if [ "$align" = none ]; then
    [ "$aligned" -lt "$total" ] || fail "without block_align every offset was on 4 KiB"
    ! grep -q block_align "$out/none.json" || fail "a run on the grain records block_align"
  else
    [ "$aligned" -eq "$total" ] || fail "iogate: $((total - aligned)) random reads off 4 KiB"
    [ "$fio_aligned" -eq "$fio_total" ] || fail "fio: $((fio_total - fio_aligned)) random reads off 4 KiB"
    grep -q '"block_align": 4096' "$out/4k.json" || fail "the results JSON does not record block_align"
  fi
done
assert_no_scratch "$ds"

# A threshold file's key, read and run.
cat > "$out/pages.toml" <<'TOML'
[suite]
name = "pages"
[[check]]
name = "pages"
[check.workload]
block_mix = [ { size = 512, pct = 50 }, { size = "4k", pct = 50 } ]
block_align = "4k"
read = "100%"
random = "100%"
file_size = "4MiB"
size = "1MiB"
direct = false
[check.expect]
iops_min = 1
TOML
"$iogate" check "$out/pages.toml" --datastore "$ds" --json "$out/check.json" > /dev/null ||
  fail "iogate check with block_align"
grep -q '"block_align": 4096' "$out/check.json" || fail "iogate check does not record block_align"

# fio's blockalign (and its alias ba) imported, on a JESD219-like job.
printf '[jesd]\nioengine=libaio\ndirect=1\nrw=randrw\nrwmixread=40\nsize=64m\nbssplit=512/4:1536/1:4k/80:64k/15\nba=4k\nrandom_distribution=zoned:50/5:30/15:20/80\n' \
  > "$out/jesd.fio"
"$iogate" import fio "$out/jesd.fio" --expect iops_min=1 -o "$out/jesd.toml" 2> /dev/null
assert_contains "$out/jesd.toml" '^block_align = "4KiB"$' "ba=4k"
"$iogate" lint "$out/jesd.toml" > /dev/null || fail "the imported JESD219-like job does not lint"

# Refusals: exit 2, where, and what was expected.
assert_refused "an alignment off the block size" "block_align: expected a multiple of block_size \(4 KiB\)" \
  "$iogate" run --datastore "$ds" --bs 4k --random 100 --size 1MiB --block-align 6k
assert_refused "a sequential workload" "block_align: 64 KiB aligns random I/Os, and this workload issues none" \
  "$iogate" run --datastore "$ds" --bs 4k --size 1MiB --block-align 64k
sed -i 's/^random = .*/random = "0%"/' "$out/pages.toml"
assert_refused "the key on a sequential check" 'pages.toml:[0-9]+:[0-9]+: .*block_align: 4 KiB aligns random I/Os' \
  "$iogate" lint "$out/pages.toml"
printf '[j]\nsize=1m\nrw=randread\nblockalign=2k\n' > "$out/half.fio"
assert_refused "fio's blockalign under the block size" 'half.fio:4:1: blockalign: expected a multiple of block_size' \
  "$iogate" import fio "$out/half.fio" --expect iops_min=1
assert_no_scratch "$ds"
echo "block_align: ok"
