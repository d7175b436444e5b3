# How well iogate decides, measured on a real slowed block device: false alarms on a healthy
# disk, detection of seed 000's 7x slowdown and of a 25% one, and how soon the verdict comes.
#
# Usage (root; about 15 minutes with the defaults):
#   bash bench/rig_detection.sh build/src/cli/iogate [RUNS=20] [FSTYPE=ext4] [SIZE_MIB=256]
#   BENCH_ENGINE=psync bash bench/rig_detection.sh ...   # dd's synchronous writes (see BENCH_ENGINE below)
#
# The check is seed 000's shipped thresholds/dd-8k-8g.toml scaled to SIZE_MIB as in
# tests/rig/seed000_test.sh (tests/rig/data/seed000_gate.sh): 8 KiB sequential O_DIRECT writes,
# queue depth 1, flushed, repeat = 5, duration_max 3m scaled in proportion (45.5 MiB/s) and
# mbps_min = "90% of baseline". It is the check a user of the seed would write: the absolute
# bound catches the 7x driver whatever the baseline, the relative one catches what the absolute
# one lets through (a 25% cut still beats 45.5 MiB/s); repeat = 5 is the fewest runs, and an
# undecided check runs up to 20 (include/iogate/verdicts/evidence.hpp).
#
# The device is an FSTYPE loop device on the rig's tmpfs with write_bps capped at 65 MiB/s (the
# good driver's 8 GiB in 2m06s): a disk of a known speed (unthrottled, the loop device is memory
# and its speed follows the machine's load). iogate runs at nice -15, as in the rig tests, so that
# compilers on the same cores slow the device less often. The baseline is recorded once on it,
# adaptively (iogate baseline record's defaults: 5 to 20 runs, until the median is pinned to 3%).
# Then RUNS checks against that baseline in each scenario:
#   healthy  the same cap                 -> a fail is a false alarm (goal 0)
#   1/7      cap / 7 (the bad driver)     -> fail = detected (goal 100%)
#   -25%     cap * 3 / 4                  -> fail = detected (goal >= 95%)
# Unstable verdicts are counted on their own: neither a pass nor a detection.
# Time to verdict: per check, the process's wall time (start to exit, with preallocation), and
# where fail-fast stopped each stopped run ("stopped at ..."), both against duration_max and
# against the healthy check's wall time.
set -euo pipefail
iogate=$(realpath "$1")
runs=${2:-20}
fstype=${3:-ext4}
size_mib=${4:-256}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$iogate" "$runs" "$fstype" "$size_mib"
rig_need_throttle
# shellcheck source=tests/rig/data/seed000_gate.sh
source "$source_dir/tests/rig/data/seed000_gate.sh"

good_bps=$((65 * 1024 * 1024))
gate="$RIG_DIR/gate.toml"
seed000_gate "$source_dir/thresholds/dd-8k-8g.toml" "$size_mib" "$gate"
# BENCH_ENGINE=psync: dd's own synchronous writes instead of the shipped file's engine = "auto"
# (io_uring). Synchronous O_DIRECT writes finish in the writer's own thread, one kernel worker
# fewer between the check and the device, so a busy machine disturbs the "disk" less.
if [ -n "${BENCH_ENGINE:-}" ]; then
  sed -i "s/^flush = \"end\"/&\nengine = \"$BENCH_ENGINE\"/" "$gate"
  grep -q "^engine = \"$BENCH_ENGINE\"" "$gate" || rig_fail "could not set engine = $BENCH_ENGINE"
fi
rig_make_datastore "$fstype" 768M
out="$RIG_DIR/out"
mkdir "$out"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at start; $(uname -r)"
echo "check: dd 8k QD1 O_DIRECT ${size_mib} MiB flushed, repeat 5, duration_max" \
  "$SEED000_DURATION_MAX, mbps_min 90% of baseline, engine ${BENCH_ENGINE:-auto};" \
  "$fstype loop on tmpfs, healthy cap 65 MiB/s"

rig_throttle write_bps "$good_bps" 2> /dev/null
rig_run nice -n -15 "$iogate" baseline record "$gate" --datastore "$RIG_DATASTORE" \
  --out "$out/baseline.json" > "$out/baseline.log"
/usr/bin/python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["checks"]["dd_write_8k_8g"]["metrics"]["mbps"]
print("baseline MB/s", " ".join(f"{v:.1f}" for v in m["samples"]), "(cv %.3f)" % m["cv"])' \
  "$out/baseline.json"

# scenario NAME BPS: RUNS checks at write_bps BPS; one line per check in $out/NAME.tsv:
# status, process wall s, the shown run's MB/s, stop times of the stopped runs.
scenario() {
  local name=$1 bps=$2 i start end
  rig_throttle write_bps "$bps" 2> /dev/null
  : > "$out/$name.tsv"
  for ((i = 1; i <= runs; i++)); do
    start=$(date +%s.%N)
    rig_run nice -n -15 "$iogate" check "$gate" --datastore "$RIG_DATASTORE" --baseline "$out/baseline.json" \
      --json "$out/$name-$i.json" > "$out/$name-$i.log" 2>&1 || true
    end=$(date +%s.%N)
    /usr/bin/python3 - "$out/$name-$i.json" "$start" "$end" >> "$out/$name.tsv" << 'EOF'
import json, re, sys
c = json.load(open(sys.argv[1]))["checks"][0]
def secs(t):
    if t.endswith("ms"): return float(t[:-2]) / 1e3
    m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:([\d.]+)s)?", t)
    return int(m[1] or 0) * 3600 + int(m[2] or 0) * 60 + float(m[3] or 0)
stops = [secs(s) for m in c["messages"] for s in re.findall(r"stopped at ([\d.hms]+) after", m)]
print(c["status"], float(sys.argv[3]) - float(sys.argv[2]), c["result"]["mbps"],
      ",".join(f"{s:.2f}" for s in stops) or "-", sep="\t")
EOF
  done
  echo "$name: $(cut -f1 "$out/$name.tsv" | sort | uniq -c | tr -s ' \n' ' ')" >&2
}

scenario healthy "$good_bps"
scenario seventh $((good_bps / 7))
scenario cut25 $((good_bps * 3 / 4))
rig_unthrottle
echo "machine: load $(cut -d' ' -f1-3 /proc/loadavg) at the end"

/usr/bin/python3 - "$out" "$SEED000_DURATION_MAX" "$runs" << 'EOF'
import statistics as st, sys
out, bound, runs = sys.argv[1], float(sys.argv[2].rstrip("s")), int(sys.argv[3])
def load(name):
    return [l.rstrip("\n").split("\t") for l in open(f"{out}/{name}.tsv")]
rows = {n: load(n) for n in ("healthy", "seventh", "cut25")}
label = {"healthy": "healthy (cap 65 MiB/s)", "seventh": "1/7 (9.3 MiB/s, seed 000)",
         "cut25": "-25% (48.8 MiB/s)"}
print(f"\n| scenario | runs | pass | fail | unstable | error | result | median MB/s | median wall s |")
print("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
for name, r in rows.items():
    n = {s: sum(1 for x in r if x[0] == s) for s in ("pass", "fail", "unstable", "error")}
    if name == "healthy":
        result = f"false alarms {n['fail']}/{len(r)}"
    else:
        result = f"detected {n['fail']}/{len(r)} ({100 * n['fail'] / len(r):.0f}%)"
    wall = f"{st.median(float(x[2]) for x in r):.1f} | {st.median(float(x[1]) for x in r):.1f}"
    print(f"| {label[name]} | {len(r)} | {n['pass']} | {n['fail']} | {n['unstable']} | {n['error']} "
          f"| {result} | {wall} |")
off = [x for x in rows["healthy"] if x[0] != "pass" and float(x[2]) < 0.9 * 65]
print(f"\nHealthy checks that did not pass: {sum(1 for x in rows['healthy'] if x[0] != 'pass')}, of "
      f"which {len(off)} ran below 90% of the cap (median run < 58.5 MiB/s: the loop device "
      f"did not keep to it, iogate judged a slower disk)")
healthy_wall = st.median(float(x[1]) for x in rows["healthy"])
print(f"\nTime to verdict (duration_max {bound:g} s per run; a healthy check: {healthy_wall:.1f} s):")
for name in ("seventh", "cut25"):
    r = rows[name]
    wall = st.median(float(x[1]) for x in r)
    stops = [float(s) for x in r if x[3] != "-" for s in x[3].split(",")]
    stop = f"median stop {st.median(stops):.2f} s = {st.median(stops) / bound:.2f} x duration_max" if stops else "no run stopped early"
    print(f"- {label[name]}: check verdict after {wall:.1f} s = {wall / bound:.2f} x duration_max, "
          f"{wall / healthy_wall:.2f} x the healthy check; {stop} ({len(stops)} stopped runs)")
EOF
rig_assert_clean "$RIG_DATASTORE"
