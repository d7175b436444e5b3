#!/usr/bin/env bash
# Priority classes beside fio's, as the device's queue sees them: an ext4 loop device under
# mq-deadline with its reads throttled to 1000 IOPS; both tools read 128 KiB blocks at random with
# libaio, QD 8, O_DIRECT, every read idle but a 20% share at real time 0 (fio: prioclass=3
# cmdprio_percentage=20 cmdprio_class=1), 5 s each. Pairs alternate which tool goes first. Per
# run: IOPS, the queue's reads by class (block_rq_issue's ioprio, tests/rig/rig_lib.sh) and the
# share at rt,0; per pair the IOPS ratio iogate/fio.
#
# Usage (root; about 25 s a pair): bash bench/rig_priority_fio.sh build/src/cli/iogate [PAIRS=4]
set -euo pipefail
iogate=$(realpath "$1")
pairs=${2:-4}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$iogate" "$pairs"
# shellcheck source=bench/rig_bench_lib.sh
source "$source_dir/bench/rig_bench_lib.sh"
bench_fio_datastore 512M
loop=$(basename "$RIG_LOOP")
grep -q mq-deadline "/sys/block/$loop/queue/scheduler" &&
  echo mq-deadline > "/sys/block/$loop/queue/scheduler"
rig_throttle read_iops 1000 2> /dev/null

fio_run() {
  rig_run fio --name=prio --filename="$RIG_DATASTORE/f" --size=64m --rw=randread --bs=128k \
    --iodepth=8 --ioengine=libaio --direct=1 --time_based --runtime=5 --prioclass=3 \
    --cmdprio_percentage=20 --cmdprio_class=1 --output-format=json --output="$RIG_DIR/$1.json" \
    > /dev/null
}
iogate_run() {
  rig_run "$iogate" run --datastore "$RIG_DATASTORE" --bs 128k --read 100 --random 100 --qd 8 \
    --file-size 64MiB --time 5s --direct 1 --engine libaio --priority idle --cmd-priority rt:0 \
    --cmd-priority-share 20% --json "$RIG_DIR/$1.json" > /dev/null
}
traced() {  # tool name
  rig_classes_start
  "$1_run" "$2"
  rig_classes_stop R 131072 > "$RIG_DIR/$2.classes"
}

for ((i = 1; i <= pairs; i++)); do
  if ((i % 2)); then traced fio "fio$i"; traced iogate "iogate$i"; else
    traced iogate "iogate$i"; traced fio "fio$i"; fi
  /usr/bin/python3 - "$RIG_DIR" "$i" << 'PY'
import json, sys
base, i = sys.argv[1], sys.argv[2]
def share(name):
    seen = {c: int(n) for c, n in (l.split() for l in open(f"{base}/{name}.classes"))}
    total = sum(seen.values())
    return seen, 100 * seen.get("rt,0", 0) / total if total else 0
fio = json.load(open(f"{base}/fio{i}.json"))["jobs"][0]["read"]
mine = json.load(open(f"{base}/iogate{i}.json"))["result"]
(fs, fp), (ms, mp) = share(f"fio{i}"), share(f"iogate{i}")
# Each side's mean latency in ms: fio's completion latency per class ("prios", class 1 is real
# time), iogate's submit-to-completion latency of its share and of the rest.
fio_lat = {p["prioclass"]: p["clat_ns"]["mean"] / 1e6 for p in fio.get("prios", [])}
print(f"pair {i}: fio {fio['iops']:.1f} IOPS, queue {fs} (rt,0 {fp:.2f}%), mean latency rt "
      f"{fio_lat.get(1, 0):.2f} ms, idle {fio_lat.get(3, 0):.2f} ms; iogate {mine['iops']:.1f} IOPS, "
      f"queue {ms} (rt,0 {mp:.2f}%), mean latency rt {mine['prioritized']['lat_avg_ms']:.2f} ms, "
      f"idle {mine['unprioritized']['lat_avg_ms']:.2f} ms; IOPS ratio {mine['iops'] / fio['iops']:.4f}")
PY
  rm -f "$RIG_DATASTORE/f"
done
