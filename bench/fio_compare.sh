#!/usr/bin/env bash
# Side by side with fio: the same workload with iogate and with fio on one datastore, alternating,
# and the iogate/fio ratios of IOPS, MB/s, mean and p99 latency and IOPS per CPU-second.
#
#   bench/fio_compare.sh IOGATE DATASTORE [PAIRS] [WORKLOAD...]
#
# A workload is "name:bs:read%:random%:qd:run:engine:direct:file_size[:layout[:bssplit]]":
#   run     "20s": time-based, 20 s measured after a ramp ($RAMP seconds, default 2);
#           "1GiB": size-based, that many bytes once, no ramp (fio without time_based).
#   engine  psync, libaio or io_uring; direct 1 for O_DIRECT, 0 for the page cache.
#   layout  how iogate lays its file out (iogate run --layout): "written" (iogate's default,
#           what fio does with a file it has to make: "Laying out IO file"), "preallocated" or
#           "grown"; fio's file is always laid out by writing it, so only "written" is like for
#           like.
#   bssplit a block-size mix in fio's syntax with '+' for its ':' ("4k/60+64k/40"), run as
#           `iogate run --bssplit` and fio's --bssplit (bs is then ignored: both take the mix's
#           smallest size as the alignment); layout may be empty ("...:1GiB::4k/60+64k/40").
#           The table then adds iogate's measured share of each size beside the asked one (fio's
#           JSON has no per-size counts; the MB/s ratio tells whether both moved the same bytes
#           per I/O).
# Without workloads, the issue's set runs: seed 000's 8 KiB sequential write (time-based and
# size-based), seed 001's IOMeter tests at QD 64 with libaio and io_uring (20 s each instead of
# 2 min), and two CPU-bound ones, 4 KiB random reads from a page-cached file with psync QD 1 and
# io_uring QD 32.
#
# FIO_EXTRA="--fixedbufs --registerfiles" adds options to every fio run (split on spaces): fio
# tuned as its own peak-IOPS runs are, against iogate's io_uring engine, which registers its file
# and buffers by itself.
#
# FIO_LAYOUT_BS=1m lays fio's file out in writes of that size instead of the workload's block size
# (fio's own layout writes its bs), for comparing the engines on a file in another state: where
# the page cache keeps large folios for a file written in large writes (ext4 on recent kernels,
# e.g. this machine's 6.18), page-cached 4 KiB reads from it cost less CPU than from a file written
# 4 KiB at a time.
#
# Fresh files on both sides: before every run the other tool's file is gone and the tool makes
# its own (iogate in its scratch area, fio by laying it out), so neither measures a file the
# other warmed or aged. A direct=0 file is cached for both: iogate writes it through the page
# cache, fio reads it in first (pre_read). Latency is submit to completion for both (fio's lat,
# not clat), reads and writes together (fio's unified_rw_reporting). Figures vary between runs
# on a shared machine, and a virtual disk's speed drifts by tens of percent within a minute:
# compare the ratios, each taken within one alternating pair (iogate first in odd pairs, fio
# first in even ones, so a drift does not favour one tool), and their median over the pairs.
set -euo pipefail
read -ra fio_extra <<< "${FIO_EXTRA:-}"
iogate=$1; ds=$2; runs=${3:-3}; shift $(( $# >= 3 ? 3 : $# ))
ramp=${RAMP:-2}
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
  workloads=(
    "cached_rr4k_psync:4k:100:100:1:20s:psync:0:256MiB"
    "cached_rr4k_uring32:4k:100:100:32:20s:io_uring:0:256MiB"
    "seqwrite_8k:8k:0:0:1:20s:psync:1:1GiB"
    "seqwrite_8k_once:8k:0:0:1:1GiB:psync:1:1GiB"
  )
  for engine in libaio io_uring; do
    workloads+=(
      "maxtp_100r_$engine:32k:100:0:64:20s:$engine:1:1GiB"
      "reallife_$engine:8k:65:60:64:20s:$engine:1:1GiB"
      "maxtp_50r_$engine:32k:50:0:64:20s:$engine:1:1GiB"
      "rand8k_70r_$engine:8k:70:100:64:20s:$engine:1:1GiB"
      "randread_8k_$engine:8k:100:100:64:20s:$engine:1:1GiB"
      "rand8k_65r_$engine:8k:65:100:64:20s:$engine:1:1GiB"
      "seq8k_65r_$engine:8k:65:0:64:20s:$engine:1:1GiB"
    )
  done
fi
command -v fio > /dev/null || { echo "fio is not installed (apt-get install fio)" >&2; exit 2; }
mkdir -p "$ds"
work=$(mktemp -d "$ds/fio-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT

run_iogate() {  # name pair
  local span=(--time "$run" --ramp "${ramp}s")
  [[ $run == *s ]] || span=(--size "$run")
  local sizes=(--bs "$bs")
  [ -n "$bssplit" ] && sizes=(--bssplit "${bssplit//+/:}")
  "$iogate" run "${sizes[@]}" --read "$rd" --random "$rnd" --qd "$qd" "${span[@]}" \
    --file-size "$fsize" --engine "$engine" --direct "$direct" --flush none "${layout[@]}" \
    --datastore "$ds" --json "$work/iogate-$1-$2.json" > /dev/null
}
run_fio() {  # name pair
  local rw=randrw cache=() span=(--time_based --runtime="${run%s}" --ramp_time="$ramp")
  local sizes=(--bs="$bs")
  # fio's random map trims an I/O that would overlap blocks already done this pass, which
  # shrinks a mix's large sizes as the file fills; iogate draws uniformly with replacement.
  [ -n "$bssplit" ] && sizes=(--bssplit="${bssplit//+/:}" --norandommap=1)
  [ "$rnd" = 0 ] && rw=rw
  [ "$direct" = 0 ] && cache=(--pre_read=1 --invalidate=0)
  [[ $run == *s ]] || span=(--io_size="${run/iB/}")
  rm -f "$work/fio-$1.dat"
  if [ -n "${FIO_LAYOUT_BS:-}" ]; then  # fio finds its file made and only reads it in
    fio --name=layout --filename="$work/fio-$1.dat" --size="${fsize/iB/}" --bs="$FIO_LAYOUT_BS" \
      --rw=write --end_fsync=1 --output=/dev/null
  fi
  fio --name="$1" --filename="$work/fio-$1.dat" --size="${fsize/iB/}" "${sizes[@]}" \
    --rw="$rw" --rwmixread="$rd" --percentage_random="$rnd" --iodepth="$qd" \
    --ioengine="$engine" --direct="$direct" "${cache[@]}" "${span[@]}" \
    --lat_percentiles=1 --unified_rw_reporting=mixed --output-format=json "${fio_extra[@]}" \
    > "$work/fio-$1-$2.json"
  rm -f "$work/fio-$1.dat"
}

for w in "${workloads[@]}"; do
  IFS=: read -r name bs rd rnd qd run engine direct fsize layout bssplit <<< "$w"
  layout=(${layout:+--layout "$layout"})
  for i in $(seq 1 "$runs"); do
    if (( i % 2 )); then run_iogate "$name" "$i"; run_fio "$name" "$i"
    else run_fio "$name" "$i"; run_iogate "$name" "$i"; fi
  done
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
    fields = w.split(":")
    if len(fields) > 10 and fields[10]:
        asked = {}
        for entry in fields[10].split("+"):
            size, pct = entry.split("/")
            asked[size] = float(pct)
        for i in range(1, runs + 1):
            r = json.load(open(f"{work}/iogate-{name}-{i}.json"))["result"]
            got = ", ".join(f"{c['block_size']} B {c['ios_pct']:.2f}%"
                            for c in r.get("block_sizes", []))
            print(f"{name:<22} {i:>3} shares asked {fields[10]}: iogate {got}")
PY
