#!/usr/bin/env bash
# Side by side with fio: the same workload with iogate and with fio on one datastore, alternating,
# and the iogate/fio ratios of IOPS, MB/s, mean and p99 latency and IOPS per CPU-second.
#
#   bench/fio_compare.sh IOGATE DATASTORE [RUNS] [WORKLOAD...]
#
# A workload is "name:bs:read%:random%:qd:seconds" (time-based, after a 2 s ramp, O_DIRECT, psync,
# on a 1 GiB file). Both engines get a fresh file of the same size in the datastore; fio's is
# removed at the end, iogate's by iogate. Figures vary between runs on a shared machine: compare
# the ratios, which are taken within one alternating run.
set -euo pipefail
iogate=$1; ds=$2; runs=${3:-3}; shift $(( $# >= 3 ? 3 : $# ))
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=("randread_4k:4k:100:100:1:10" "seqwrite_8k:8k:0:0:1:10")
command -v fio > /dev/null || { echo "fio is not installed (apt-get install fio)" >&2; exit 2; }
mkdir -p "$ds"
work=$(mktemp -d "$ds/fio-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT

for w in "${workloads[@]}"; do
  IFS=: read -r name bs rd rnd qd secs <<< "$w"
  for i in $(seq 1 "$runs"); do
    "$iogate" run --bs "$bs" --read "$rd" --random "$rnd" --qd "$qd" --time "${secs}s" --ramp 2s \
      --file-size 1GiB --engine psync --datastore "$ds" --json "$work/iogate-$name-$i.json" > /dev/null
    rw=randrw; [ "$rnd" = 0 ] && rw=rw
    fio --name="$name" --filename="$work/fio.dat" --size=1G --bs="$bs" --rw="$rw" \
      --rwmixread="$rd" --percentage_random="$rnd" --iodepth="$qd" --ioengine=psync --direct=1 \
      --time_based --runtime="$secs" --ramp_time=2 --output-format=json \
      > "$work/fio-$name-$i.json"
  done
done

/usr/bin/python3 - "$work" "$runs" "${workloads[@]}" <<'PY'
import json, statistics, sys
work, runs, workloads = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def iogate(path):
    r = json.load(open(path))["result"]
    cpu_s = r["cpu_pct"] / 100 * r["duration_s"]
    return dict(iops=r["iops"], mbps=r["mbps"], lat=r["lat_avg_ms"], p99=r["lat_p99_ms"],
                per_cpu=r["iops"] * r["duration_s"] / cpu_s if cpu_s else float("nan"))
def fio(path):
    j = json.load(open(path))["jobs"][0]
    iops = j["read"]["iops"] + j["write"]["iops"]
    mbps = (j["read"]["bw_bytes"] + j["write"]["bw_bytes"]) / 2**20
    n = j["read"]["clat_ns"]["N"] + j["write"]["clat_ns"]["N"]
    lat = sum(j[d]["lat_ns"]["mean"] * j[d]["clat_ns"]["N"] for d in ("read", "write")) / n / 1e6
    p99 = max(j[d]["clat_ns"].get("percentile", {}).get("99.000000", 0) for d in ("read", "write")) / 1e6
    cpu_s = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1000
    return dict(iops=iops, mbps=mbps, lat=lat, p99=p99,
                per_cpu=iops * j["job_runtime"] / 1000 / cpu_s if cpu_s else float("nan"))
print(f"{'workload':<14} {'run':>3} {'iogate IOPS':>12} {'fio IOPS':>10} "
      f"{'IOPS':>6} {'MB/s':>6} {'lat':>6} {'p99':>6} {'IOPS/CPU-s':>10}  (ratios iogate/fio)")
for w in workloads:
    name = w.split(":")[0]
    ratios = {k: [] for k in ("iops", "mbps", "lat", "p99", "per_cpu")}
    for i in range(1, runs + 1):
        a, b = iogate(f"{work}/iogate-{name}-{i}.json"), fio(f"{work}/fio-{name}-{i}.json")
        for k in ratios: ratios[k].append(a[k] / b[k] if b[k] else float("nan"))
        print(f"{name:<14} {i:>3} {a['iops']:>12.1f} {b['iops']:>10.1f} " +
              " ".join(f"{ratios[k][-1]:>6.3f}" for k in ("iops", "mbps", "lat", "p99")) +
              f" {ratios['per_cpu'][-1]:>10.3f}")
    print(f"{name:<14} med {'':>12} {'':>10} " +
          " ".join(f"{statistics.median(ratios[k]):>6.3f}" for k in ("iops", "mbps", "lat", "p99")) +
          f" {statistics.median(ratios['per_cpu']):>10.3f}")
PY
