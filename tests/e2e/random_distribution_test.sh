# Skewed random offsets side by side with fio: for zipf, pareto, normal and zoned, both tools read
# 65,536 blocks of 4 KiB at random from a 64 MiB file (16,384 blocks) with the same
# random_distribution, and strace records the offset of every pread64 each issued. The hit shares
# (the share of the reads that went to the hottest 1, 5, 10, 20 and 50% of the blocks) agree within
# one point. Then the distribution as a user gives it: recorded in the results JSON, read from a
# threshold file, imported from a fio job, and refused where it is wrong (exit 2).
# Usage: random_distribution_test.sh IOGATE
source "$IOGATE_E2E_LIB"
iogate=$1
trap cleanup_datastores EXIT
ds=$(new_datastore)
out=$(new_datastore)
command -v fio > /dev/null || fail "fio is not installed (scripts/install-deps.sh --tests)"
command -v strace > /dev/null || fail "strace is not installed (scripts/install-deps.sh --tests)"

blocks=16384
reads=65536

# shares TRACE: "1:79.22 5:89.17 ..." from strace's pread64 lines of 4 KiB; fails unless every
# one of the run's reads is counted.
shares() {
  /usr/bin/python3 - "$1" "$blocks" "$reads" <<'PY'
import collections, re, sys
trace, blocks, reads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
counts = collections.Counter()
for line in open(trace):
    m = re.search(r"pread64\(\d+, .*, (\d+), (\d+)\)\s+=\s+(\d+)", line)
    if m and m.group(1) == "4096" and m.group(3) == "4096":
        counts[int(m.group(2)) // 4096] += 1
total = sum(counts.values())
assert total == reads, f"{trace}: {total} reads of 4 KiB traced, expected {reads}"
assert max(counts) < blocks, f"{trace}: a read past the file's {blocks} blocks"
hot = sorted(counts.values(), reverse=True)
print(" ".join(f"{p}:{100 * sum(hot[:blocks * p // 100]) / total:.2f}" for p in (1, 5, 10, 20, 50)))
PY
}

for distribution in zipf:1.2 pareto:0.9 normal:10 zoned:50/5:30/15:20/80; do
  strace -f -qq -e trace=pread64 -s 0 -o "$out/fio.trace" \
    fio --name=skew --filename="$ds/fio-file" --size=64m --io_size=$((reads * 4))k --bs=4k \
    --rw=randread --random_distribution="$distribution" --ioengine=psync --norandommap \
    --direct=0 > "$out/fio.txt" 2>&1 || { cat "$out/fio.txt" >&2; fail "fio $distribution"; }
  rm -f "$ds/fio-file"
  strace -f -qq -e trace=pread64 -s 0 -o "$out/iogate.trace" \
    "$iogate" run --datastore "$ds" --bs 4k --read 100 --random 100 --size $((reads * 4))KiB \
    --file-size 64MiB --engine psync --direct 0 --random-distribution "$distribution" \
    --json "$out/run.json" > "$out/run.txt" 2>&1 ||
    { cat "$out/run.txt" >&2; fail "iogate run $distribution"; }
  fio_shares=$(shares "$out/fio.trace")
  iogate_shares=$(shares "$out/iogate.trace")
  echo "$distribution: fio $fio_shares; iogate $iogate_shares"
  /usr/bin/python3 - "$fio_shares" "$iogate_shares" <<'PY' || fail "$distribution: the hit shares differ by more than 1 point"
import sys
fio = dict(s.split(":") for s in sys.argv[1].split())
iogate = dict(s.split(":") for s in sys.argv[2].split())
worst = max(abs(float(fio[k]) - float(iogate[k])) for k in fio)
print(f"  largest difference {worst:.2f} points")
sys.exit(worst > 1.0)
PY
  grep -q "\"random_distribution\": \"$distribution\"" "$out/run.json" ||
    fail "$distribution: the results JSON does not record the distribution"
done
assert_no_scratch "$ds"

# A threshold file's key, read and run; a uniform check's JSON has no key at all.
cat > "$out/skewed.toml" <<'TOML'
[suite]
name = "skewed"
[[check]]
name = "hot_set"
[check.workload]
block_size = "4KiB"
read = "100%"
random = "100%"
random_distribution = "zipf:0.8:0.25"
file_size = "16MiB"
size = "4MiB"
direct = false
[check.expect]
iops_min = 1
TOML
"$iogate" lint "$out/skewed.toml" > /dev/null || fail "a threshold file with random_distribution"
"$iogate" check "$out/skewed.toml" --datastore "$ds" --json "$out/check.json" > /dev/null ||
  fail "iogate check with random_distribution"
grep -q '"random_distribution": "zipf:0.8:0.25"' "$out/check.json" ||
  fail "iogate check does not record the distribution"
"$iogate" run --datastore "$ds" --bs 4k --read 100 --random 100 --size 1MiB --file-size 4MiB \
  --direct 0 --json "$out/uniform.json" > /dev/null
! grep -q random_distribution "$out/uniform.json" || fail "a uniform run records a distribution"

# fio's spelling imports as it is, zoned with an empty last size included.
printf '[zones]\nsize=64m\nrw=randread\nnorandommap\nrandom_distribution=zoned:50/5:30/15:20/\n' \
  > "$out/zones.fio"
"$iogate" import fio "$out/zones.fio" --expect iops_min=1 -o "$out/zones.toml" 2> /dev/null
assert_contains "$out/zones.toml" '^random_distribution = "zoned:50/5:30/15:20/80"$' \
  "the import keeps fio's zones"
"$iogate" lint "$out/zones.toml" > /dev/null || fail "the imported zones do not lint"

# Refusals: exit 2, the value's place and what was expected.
assert_refused "zipf's theta 1" "zipf: expected a theta above 0 and not 1, got 1" \
  "$iogate" run --datastore "$ds" --bs 4k --random 100 --size 1MiB --random-distribution zipf:1
assert_refused "zones that do not add up" "zoned: expected the zones' access shares to sum to 100%" \
  "$iogate" run --datastore "$ds" --bs 4k --random 100 --size 1MiB \
  --random-distribution zoned:50/10:30/90
assert_refused "a sequential workload" "places random I/Os, and this workload issues none" \
  "$iogate" run --datastore "$ds" --bs 4k --size 1MiB --random-distribution pareto:0.9
sed -i 's/random_distribution = .*/random_distribution = "zipff:2"/' "$out/skewed.toml"
assert_refused "a misspelt model" 'skewed.toml:[0-9]+:[0-9]+: .*random_distribution: expected random, zipf' \
  "$iogate" lint "$out/skewed.toml"
assert_no_scratch "$ds"
echo "random_distribution: ok"
