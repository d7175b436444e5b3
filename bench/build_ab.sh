#!/usr/bin/env bash
# Two builds of iogate side by side: the same workloads with BEFORE and AFTER on one datastore,
# alternating (BEFORE first in odd pairs, AFTER first in even ones, so a drift favours neither),
# and the medians of the pairs' ratios AFTER/BEFORE of IOPS, p99 latency and IOPS per CPU-second.
#
#   bench/build_ab.sh BEFORE AFTER DATASTORE [PAIRS] WORKLOAD...
#
# A workload is "name:bs:read%:random%:qd:seconds:engine:direct:file_size", as in
# bench/fio_compare.sh (time-based only). Each run lays out its own file in its own scratch area.
set -euo pipefail
before=$1; after=$2; ds=$3; pairs=${4:-7}
shift $(( $# >= 4 ? 4 : $# ))
[ $# -gt 0 ] || { echo "build_ab.sh: no workload given" >&2; exit 2; }
ramp=${RAMP:-1}
mkdir -p "$ds"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {  # binary label name pair
  IFS=: read -r _ bs rd rnd qd secs engine direct fsize <<< "$w"
  "$1" run --bs "$bs" --read "$rd" --random "$rnd" --qd "$qd" --time "$secs" --ramp "${ramp}s" \
    --file-size "$fsize" --engine "$engine" --direct "$direct" --flush none --datastore "$ds" \
    --json "$work/$2-$3-$4.json" > /dev/null
}
for w in "$@"; do
  name=${w%%:*}
  for i in $(seq 1 "$pairs"); do
    if (( i % 2 )); then run "$before" before "$name" "$i"; run "$after" after "$name" "$i"
    else run "$after" after "$name" "$i"; run "$before" before "$name" "$i"; fi
  done
done

/usr/bin/python3 - "$work" "$pairs" "$@" <<'PY'
import json, statistics, sys
work, pairs, workloads = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def figures(path):
    r = json.load(open(path))["result"]
    cpu_s = r["cpu_pct"] / 100 * r["duration_s"]
    return dict(iops=r["iops"], p99=r["lat_p99_ms"], per_cpu=r["ios"] / cpu_s)
print(f"{'workload':<18} {'before IOPS':>11} {'after IOPS':>11} {'IOPS':>6} {'p99':>6} "
      f"{'IOPS/CPU-s':>10}  (medians of {pairs} pairs' ratios after/before)")
for w in workloads:
    name = w.split(":")[0]
    ratios = {k: [] for k in ("iops", "p99", "per_cpu")}
    b_iops, a_iops = [], []
    for i in range(1, pairs + 1):
        b, a = figures(f"{work}/before-{name}-{i}.json"), figures(f"{work}/after-{name}-{i}.json")
        b_iops.append(b["iops"]); a_iops.append(a["iops"])
        for k in ratios: ratios[k].append(a[k] / b[k])
    print(f"{name:<18} {statistics.median(b_iops):>11.0f} {statistics.median(a_iops):>11.0f} " +
          " ".join(f"{statistics.median(ratios[k]):>6.3f}" for k in ("iops", "p99")) +
          f" {statistics.median(ratios['per_cpu']):>10.3f}")
PY
