#!/usr/bin/env bash
# Side by side with fio: the same workload with iogate and with fio on one datastore, alternating,
# and the iogate/fio ratios of IOPS, MB/s, mean and p99 latency and IOPS per CPU-second.
#
#   bench/fio_compare.sh IOGATE DATASTORE [RUNS] [WORKLOAD...]
#
# A workload is "name:bs:read%:random%:qd:seconds:engine:direct:file_size" (time-based, after a
# 2 s ramp; engine psync, libaio or io_uring; direct 1 for O_DIRECT, 0 for the page cache). Without
# workloads, the issue's set runs: seed 000's 8 KiB sequential write, seed 001's four IOMeter
# tests at QD 64 with libaio and io_uring (20 s each instead of 2 min), and two CPU-bound ones,
# 4 KiB random reads from a page-cached file with psync QD 1 and io_uring QD 32.
#
# Both tools get a file of the same size in the datastore. fio lays its file out once and keeps
# it; iogate makes a fresh one per run in its scratch area (written through the page cache, so a
# direct=0 file is cached as fio's is after pre_read=1). Latency is submit to completion for both
# (fio's lat, not clat), reads and writes together (fio's unified_rw_reporting). Figures vary
# between runs on a shared machine: compare the ratios, which are taken within one alternating
# pair, and their median.
set -euo pipefail
iogate=$1; ds=$2; runs=${3:-3}; shift $(( $# >= 3 ? 3 : $# ))
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
  workloads=(
    "cached_rr4k_psync:4k:100:100:1:20:psync:0:256MiB"
    "cached_rr4k_uring32:4k:100:100:32:20:io_uring:0:256MiB"
    "seqwrite_8k:8k:0:0:1:20:psync:1:1GiB"
  )
  for engine in libaio io_uring; do
    workloads+=(
      "maxtp_100r_$engine:32k:100:0:64:20:$engine:1:1GiB"
      "reallife_$engine:8k:65:60:64:20:$engine:1:1GiB"
      "maxtp_50r_$engine:32k:50:0:64:20:$engine:1:1GiB"
      "rand8k_70r_$engine:8k:70:100:64:20:$engine:1:1GiB"
    )
  done
fi
command -v fio > /dev/null || { echo "fio is not installed (apt-get install fio)" >&2; exit 2; }
mkdir -p "$ds"
work=$(mktemp -d "$ds/fio-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT

for w in "${workloads[@]}"; do
  IFS=: read -r name bs rd rnd qd secs engine direct fsize <<< "$w"
  rw=randrw; [ "$rnd" = 0 ] && rw=rw
  cache=(); [ "$direct" = 0 ] && cache=(--pre_read=1 --invalidate=0)
  for i in $(seq 1 "$runs"); do
    "$iogate" run --bs "$bs" --read "$rd" --random "$rnd" --qd "$qd" --time "${secs}s" --ramp 2s \
      --file-size "$fsize" --engine "$engine" --direct "$direct" --flush none \
      --datastore "$ds" --json "$work/iogate-$name-$i.json" > /dev/null
    fio --name="$name" --filename="$work/fio-$name.dat" --size="${fsize/iB/}" --bs="$bs" \
      --rw="$rw" --rwmixread="$rd" --percentage_random="$rnd" --iodepth="$qd" \
      --ioengine="$engine" --direct="$direct" "${cache[@]}" --time_based --runtime="$secs" \
      --ramp_time=2 --lat_percentiles=1 --unified_rw_reporting=mixed --output-format=json \
      > "$work/fio-$name-$i.json"
  done
  rm -f "$work/fio-$name.dat"
done

/usr/bin/python3 - "$work" "$runs" "${workloads[@]}" <<'PY'
import json, statistics, sys
work, runs, workloads = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def iogate(path):
    r = json.load(open(path))["result"]
    cpu_s = r["cpu_pct"] / 100 * r["duration_s"]
    return dict(iops=r["iops"], mbps=r["mbps"], lat=r["lat_avg_ms"], p99=r["lat_p99_ms"],
                per_cpu=r["ios"] / cpu_s if cpu_s else float("nan"))
def fio(path):
    j = json.load(open(path))["jobs"][0]
    m = j["mixed"]
    secs = j["job_runtime"] / 1000
    cpu_s = (j["usr_cpu"] + j["sys_cpu"]) / 100 * secs
    return dict(iops=m["iops"], mbps=m["bw_bytes"] / 2**20, lat=m["lat_ns"]["mean"] / 1e6,
                p99=m["lat_ns"]["percentile"]["99.000000"] / 1e6,
                per_cpu=m["iops"] * secs / cpu_s if cpu_s else float("nan"))
keys = ("iops", "mbps", "lat", "p99", "per_cpu")
print(f"{'workload':<22} {'run':>3} {'iogate IOPS':>12} {'fio IOPS':>10} "
      f"{'IOPS':>6} {'MB/s':>6} {'lat':>6} {'p99':>6} {'IOPS/CPU-s':>10}  (ratios iogate/fio)")
for w in workloads:
    name = w.split(":")[0]
    ratios = {k: [] for k in keys}
    for i in range(1, runs + 1):
        a, b = iogate(f"{work}/iogate-{name}-{i}.json"), fio(f"{work}/fio-{name}-{i}.json")
        for k in keys: ratios[k].append(a[k] / b[k] if b[k] else float("nan"))
        print(f"{name:<22} {i:>3} {a['iops']:>12.1f} {b['iops']:>10.1f} " +
              " ".join(f"{ratios[k][-1]:>6.3f}" for k in keys[:4]) +
              f" {ratios['per_cpu'][-1]:>10.3f}")
    print(f"{name:<22} med {'':>12} {'':>10} " +
          " ".join(f"{statistics.median(ratios[k]):>6.3f}" for k in keys[:4]) +
          f" {statistics.median(ratios['per_cpu']):>10.3f}")
PY
