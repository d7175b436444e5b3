# Whether confirmation across time (src/verdicts/confirmation.hpp) lets a noisy
# neighbour pass and a lasting regression fail, on a real throttled block device. Two neighbours
# (NEIGHBOUR=):
#   bursts  (default) halves the device's IOPS for 10-20 s at random moments (gaps of 20-60 s)
#           during every check; the baseline is recorded with it quiet
#   cpu     a CPU hog on every core, on for 1-3 s and off for 1-3 s, during the baseline and every
#           check: runs spread widely while nothing lasts
#   burst12 one burst per check: 2 s after the check starts, the device at half its level for 12 s
#           (the first sample spoiled, the second after the pause clear)
# Counts, over RUNS checks per scenario (SEVENTH_RUNS for the 1/7 cut, default RUNS), pass / fail /
# unstable, how many passes were transient, and the time each check took.
#
# Usage (root; about 40 minutes with the defaults):
#   bash bench/rig_confirmation.sh build/src/cli/iogate [RUNS=20] [FSTYPE=ext4]
#   NEIGHBOUR=cpu IOPS_CAP=measured SEVENTH_RUNS=3 bash bench/rig_confirmation.sh build/src/cli/iogate 6
#
# The check is the issue's: 8 KiB, 70% read, 100% random, O_DIRECT, queue depth 8, 2 s runs,
# iops_min = "90% of baseline", repeat = 5 (repeat_max 20), confirmation on with its default
# pause (the longer of 30 s and the first sample's longest run). The device is an FSTYPE loop device on
# the rig's tmpfs capped by the blkio throttle at IOPS_CAP I/Os per second (default 2000), 70% of
# it for reads and 30% for writes (the throttle counts them separately); IOPS_CAP=measured leaves the
# healthy device unthrottled (as fast as this machine's disk and CPU let it be, so CPU noise shows)
# and caps the cuts at shares of the baseline's median IOPS. The baseline is
# recorded once at the healthy cap, with `iogate baseline record`'s defaults (at most 20 runs)
# unless BASELINE_REPEAT_MAX says how many runs it may take to pin its median. Scenarios, the
# neighbour busy in each:
#   healthy  the cap          -> a fail is a false alarm (goal: none of 20)
#   cut75    the cap x 3/4    -> fail = detected (goal: at least 19 of 20)
#   seventh  the cap / 7      -> fail = detected (goal: 20 of 20)
# CONFIRM=false plays the same with `confirm = false`: the first sample's answer (before).
# SCENARIOS="healthy" plays only those named.
set -euo pipefail
iogate=$(realpath "$1")
runs=${2:-20}
fstype=${3:-ext4}
cap=${IOPS_CAP:-2000}
confirm=${CONFIRM:-true}
neighbour_kind=${NEIGHBOUR:-bursts}
seventh_runs=${SEVENTH_RUNS:-$runs}
baseline_flags=()
[ -z "${BASELINE_REPEAT_MAX:-}" ] || baseline_flags=(--repeat-max "$BASELINE_REPEAT_MAX")
case $neighbour_kind in
  bursts | cpu | burst12) ;;
  *) echo "NEIGHBOUR: expected bursts, cpu or burst12, got $neighbour_kind" >&2 && exit 2 ;;
esac
case $cap in
  measured | [1-9]*) ;;
  *) echo "IOPS_CAP: expected a number of IOPS or measured, got $cap" >&2 && exit 2 ;;
esac
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
# shellcheck source=bench/rig_bench_lib.sh
source "$source_dir/bench/rig_bench_lib.sh"
rig_enter "$iogate" "$runs" "$fstype"
rig_need_throttle

gate="$RIG_DIR/gate.toml"
cat > "$gate" << TOML
[suite]
name = "confirmation"
[[check]]
name = "random_8k_70_read"
repeat = 5
repeat_max = 20
confirm = $confirm
[check.workload]
block_size = "8k"
read = "70%"
random = "100%"
queue_depth = 8
file_size = "256MiB"
duration = "2s"
[check.expect]
iops_min = "90% of baseline"
TOML
rig_make_datastore "$fstype" 512M
out="$RIG_DIR/out"
mkdir "$out"

# The scenario's level (0: unthrottled), which the neighbour halves now and then and gives back.
# An unthrottled device is halved from the baseline's median.
level_file="$out/level"
set_level() {
  echo "$1" > "$level_file"
  bench_throttle "$1"
}
halved_level() {
  local level
  level=$(cat "$level_file")
  [ "$level" -gt 0 ] || level=$baseline_median
  echo $((level / 2))
}

# The noisy neighbour: quiet for 20-60 s, then the device at half its level for 10-20 s; each
# burst's start, end and level logged to $out/bursts.tsv.
neighbour() {
  while :; do
    sleep $((RANDOM % 41 + 20))
    burst $((RANDOM % 11 + 10))
  done
}

# burst SECONDS: the device at half its level for SECONDS, logged to $out/bursts.tsv.
burst() {
  local start
  start=$(date +%s.%N)
  bench_throttle "$(halved_level)"
  sleep "$1"
  bench_throttle "$(cat "$level_file")"
  printf '%s\t%s\t%s\n' "$start" "$(date +%s.%N)" "$(cat "$level_file")" >> "$out/bursts.tsv"
}

: > "$out/bursts.tsv"
start_neighbour() {
  case $neighbour_kind in
    cpu) bench_cpu_hog 1000 3000 & ;;
    bursts) neighbour & ;;
    burst12) return 0 ;;  # one per check, from scenario()
  esac
  neighbour_pid=$!
  # The neighbour goes first, then the rig's own teardown (this trap replaces rig_enter's).
  # Under set -e a failing kill or pkill (the hog's children already gone) would end the trap
  # before the teardown, with its own status: both may fail, and the script's status is kept.
  trap 'status=$?; kill $neighbour_pid 2>/dev/null || true; pkill -P $neighbour_pid 2>/dev/null || true
    (exit $status); rig_teardown' EXIT
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at start; $(uname -r)"
echo "check: 8k random 70% read QD8, 2 s runs, iops_min 90% of baseline, repeat 5..20," \
  "confirm = $confirm; $fstype loop in $RIG_DIR, healthy cap $cap IOPS (70/30);" \
  "$(case $neighbour_kind in
    cpu) echo "CPU hog on/off every 1-3 s, the baseline included" ;;
    bursts) echo "neighbour halves the device for 10-20 s every 20-60 s" ;;
    burst12) echo "the device at half its level for 12 s, 2 s into every check" ;;
  esac)"
healthy_level=$([ "$cap" = measured ] && echo 0 || echo "$cap")
set_level "$healthy_level"
[ "$neighbour_kind" = cpu ] && start_neighbour
bench_record_baseline "$iogate" "$gate" "$out" random_8k_70_read "${baseline_flags[@]}"
baseline_median=$(/usr/bin/python3 -c 'import json, statistics, sys
print(int(statistics.median(json.load(open(sys.argv[1]))["checks"]["random_8k_70_read"]["metrics"]["iops"]["samples"])))' \
  "$out/baseline.json")
[ "$cap" = measured ] && cap=$baseline_median
echo "baseline median: $baseline_median IOPS; the cuts are shares of $cap IOPS"
[ "$neighbour_kind" != cpu ] && start_neighbour

# scenario NAME IOPS: RUNS checks; one line per check in $out/NAME.tsv: status, confirmation
# outcome, runs of the judged sample, wall s, the confirmation line or the first message.
scenario() {
  local name=$1 iops=$2 count=$3 i wall
  set_level "$iops"
  : > "$out/$name.tsv"
  for ((i = 1; i <= count; i++)); do
    local burst_pid=""
    if [ "$neighbour_kind" = burst12 ]; then
      (sleep 2 && burst 12) &
      burst_pid=$!
    fi
    wall=$(bench_check_once "$iogate" "$gate" "$out" "$name-$i")
    [ -z "$burst_pid" ] || wait "$burst_pid"
    /usr/bin/python3 - "$out/$name-$i.json" "$wall" >> "$out/$name.tsv" << 'PY'
import json, sys
c = json.load(open(sys.argv[1]))["checks"][0]
k = c.get("confirmation")
line = (k and k["outcome"] + ": " + "; ".join(k["first"]) + " / " + "; ".join(k["second"])) or \
    (c["messages"] or ["-"])[0]
print(c["status"], k["outcome"] if k else "-", c["runs"], sys.argv[2], line, sep="\t")
PY
  done
  echo "$name: $(cut -f1 "$out/$name.tsv" | sort | uniq -c | tr -s ' \n' ' ')" >&2
}

declare -A level=([healthy]=$healthy_level [cut75]=$((cap * 3 / 4)) [seventh]=$((cap / 7)))
scenarios=${SCENARIOS:-healthy cut75 seventh}
for name in $scenarios; do
  [ -n "${level[$name]:-}" ] || rig_fail "SCENARIOS: unknown scenario $name (healthy, cut75, seventh)"
  scenario "$name" "${level[$name]}" "$([ "$name" = seventh ] && echo "$seventh_runs" || echo "$runs")"
done
echo "machine: load $(cut -d' ' -f1-3 /proc/loadavg) at the end;" \
  "$(wc -l < "$out/bursts.tsv") bursts"

# shellcheck disable=SC2086 # one argument per scenario
/usr/bin/python3 - "$out" $scenarios << 'PY'
import statistics as st, sys
out = sys.argv[1]
label = {"healthy": "healthy (cap)", "cut75": "75% of the cap", "seventh": "1/7 of the cap"}
label = {k: v for k, v in label.items() if k in sys.argv[2:]}
print("\n| scenario | checks | pass | of them transient | fail | unstable | error | wall s (median, max) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
for name in label:
    r = [l.rstrip("\n").split("\t") for l in open(f"{out}/{name}.tsv")]
    n = {s: sum(1 for x in r if x[0] == s) for s in ("pass", "fail", "unstable", "error")}
    transient = sum(1 for x in r if x[0] == "pass" and x[1] == "transient")
    wall = [float(x[3]) for x in r]
    print(f"| {label[name]} | {len(r)} | {n['pass']} | {transient} | {n['fail']} | {n['unstable']} "
          f"| {n['error']} | {st.median(wall):.0f}, {max(wall):.0f} |")
for name in label:
    for x in [l.rstrip("\n").split("\t") for l in open(f"{out}/{name}.tsv")]:
        if x[1] != "-" or x[0] != "pass":
            print(f"  {name}: {x[0]} ({x[1]}) in {x[3]} s: {x[4][:300]}")
PY
rig_assert_clean "$RIG_DATASTORE"
