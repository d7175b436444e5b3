# Whether the adaptive verdicts decide on a real slowed block device with a noisy neighbour: a
# CPU hog on every core that switches on and off every 1-2 seconds runs during the baseline and
# during every check. Counts, over RUNS checks per scenario, pass / fail / unstable and the runs
# each check used.
#
# Usage (root; about 25 minutes with the defaults):
#   bash bench/rig_verdicts.sh build/src/cli/iogate [RUNS=10] [FSTYPE=ext4]
#
# The check is seed 001's Random 8k 70% read (8 KiB, 70% read, 100% random, O_DIRECT) at queue
# depth 4, 5 s per run after a 1 s ramp, iops_min = "90% of baseline", repeat = 5,
# repeat_max = 20 (the defaults an adaptive relative check gets), iogate at normal priority
# beside the hog. The device is an FSTYPE loop device on the rig's tmpfs capped by the blkio
# throttle at IOPS_CAP I/Os per second (default 2000), split by the mix (the throttle counts reads
# and writes separately): 70% of it for reads, 30% for writes. The baseline is recorded once,
# adaptively (iogate baseline record's defaults). Scenarios:
#   healthy  the same cap            -> a fail is a false alarm (goal: none; at most 1 unstable)
#   75%      the cap x 3/4           -> fail = detected (goal: 9 of 10)
#   1/7      the cap / 7             -> fail = detected (goal: 10 of 10, fail-fast included)
set -euo pipefail
iogate=$(realpath "$1")
runs=${2:-10}
fstype=${3:-ext4}
cap=${IOPS_CAP:-2000}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
# shellcheck source=bench/rig_bench_lib.sh
source "$source_dir/bench/rig_bench_lib.sh"
rig_enter "$iogate" "$runs" "$fstype"
rig_need_throttle

gate="$RIG_DIR/gate.toml"
cat > "$gate" << 'TOML'
[suite]
name = "verdicts"
[[check]]
name = "random_8k_70_read"
repeat = 5
repeat_max = 20
[check.workload]
block_size = "8k"
read = "70%"
random = "100%"
queue_depth = 4
file_size = "256MiB"
duration = "5s"
ramp = "1s"
[check.expect]
iops_min = "90% of baseline"
TOML
rig_make_datastore "$fstype" 512M
out="$RIG_DIR/out"
mkdir "$out"

# The noisy neighbour: one busy loop per core, on for 1-2 s, off for 1-2 s, until killed.
hog() { bench_cpu_hog 1000 2000; }
hog &
hog_pid=$!
# The hog goes first, then the rig's own teardown (this trap replaces rig_enter's).
# (|| true: under set -e a failing kill would end the trap before the teardown.)
trap 'status=$?; kill $hog_pid 2>/dev/null || true; pkill -P $hog_pid 2>/dev/null || true
  (exit $status); rig_teardown' EXIT

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at start; $(uname -r)"
echo "check: 8k random 70% read QD4, 5 s runs, iops_min 90% of baseline, repeat 5..20;" \
  "$fstype loop on tmpfs, healthy cap $cap IOPS (70/30); CPU hog on/off every 1-2 s"
bench_throttle "$cap"
bench_record_baseline "$iogate" "$gate" "$out" random_8k_70_read
grep -E "median|run [0-9]+:" "$out/baseline.log" | tail -2

# scenario NAME IOPS: RUNS checks; one line per check in $out/NAME.tsv: status, runs used, wall s,
# stopped runs, the first message.
scenario() {
  local name=$1 iops=$2 i wall
  bench_throttle "$iops"
  : > "$out/$name.tsv"
  for ((i = 1; i <= runs; i++)); do
    wall=$(bench_check_once "$iogate" "$gate" "$out" "$name-$i")
    /usr/bin/python3 - "$out/$name-$i.json" "$wall" >> "$out/$name.tsv" << 'PY'
import json, re, sys
c = json.load(open(sys.argv[1]))["checks"][0]
stopped = sum(int(m) for msg in c["messages"] for m in re.findall(r"; (\d+) of \d+ runs stopped early", msg))
print(c["status"], c["runs"], sys.argv[2], stopped,
      (c["messages"] or [e["evidence"] for e in c["expectations"]] or ["-"])[0], sep="\t")
PY
  done
  echo "$name: $(cut -f1 "$out/$name.tsv" | sort | uniq -c | tr -s ' \n' ' ')" >&2
}

scenario healthy "$cap"
scenario cut75 $((cap * 3 / 4))
scenario seventh $((cap / 7))
rig_unthrottle
echo "machine: load $(cut -d' ' -f1-3 /proc/loadavg) at the end"

/usr/bin/python3 - "$out" "$runs" << 'PY'
import statistics as st, sys
out, runs = sys.argv[1], int(sys.argv[2])
label = {"healthy": "healthy (cap)", "cut75": "75% of the cap", "seventh": "1/7 of the cap"}
print("\n| scenario | checks | pass | fail | unstable | error | runs used (median, max) | median wall s |")
print("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
for name in label:
    r = [l.rstrip("\n").split("\t") for l in open(f"{out}/{name}.tsv")]
    n = {s: sum(1 for x in r if x[0] == s) for s in ("pass", "fail", "unstable", "error")}
    used = [int(x[1]) for x in r]
    print(f"| {label[name]} | {len(r)} | {n['pass']} | {n['fail']} | {n['unstable']} | {n['error']} "
          f"| {st.median(used):g}, {max(used)} | {st.median(float(x[2]) for x in r):.1f} |")
for name in label:
    for x in [l.rstrip("\n").split("\t") for l in open(f"{out}/{name}.tsv")][:2]:
        print(f"  {name}: {x[0]} after {x[1]} runs ({x[3]} stopped early): {x[4]}")
PY
rig_assert_clean "$RIG_DATASTORE"
