#!/usr/bin/env bash
# Steady state beside fio's on a device that slows down after a burst: an ext4 loop device takes
# random 4 KiB writes (libaio, QD 8, O_DIRECT) at a 4000 IOPS throttle that tightens to 1000 once
# 48 MiB more than the test file's layout have been written, as an SSD past its write cliff. fio
# runs with ss=iops:10% ss_dur=4s (it ends the job once steady); iogate with the same criterion,
# window and 1 s interval, then measures 4 s. Pairs, fio first (each pair is its own burst and
# cliff, so order carries nothing over); per pair: when each settled, the
# IOPS of fio's steady window and of iogate's measured one, and fio's whole-job figure (which
# holds the burst).
#
# Usage (root; about 25 s a pair): bash bench/rig_steady_state_fio.sh build/src/cli/iogate [PAIRS=3]
set -euo pipefail
iogate=$(realpath "$1")
pairs=${2:-3}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$iogate" "$pairs"
# shellcheck source=bench/rig_bench_lib.sh
source "$source_dir/bench/rig_bench_lib.sh"
bench_fio_datastore 512M
loop=$(basename "$RIG_LOOP")

written_mib() { awk '{ print int($7 * 512 / 1048576) }' "/sys/block/$loop/stat"; }

# cliff MIB: the burst cap now, the slow one once MIB more have been written (watcher: $watcher).
cliff() {
  rig_throttle write_iops 4000 2> /dev/null
  local start
  start=$(written_mib)
  (
    until [ "$(written_mib)" -ge $((start + $1)) ]; do sleep 0.05; done
    rig_throttle write_iops 1000 2> /dev/null
  ) &
  watcher=$!
}
end_cliff() { kill "$watcher" 2> /dev/null || true; wait "$watcher" 2> /dev/null || true; }

for ((i = 1; i <= pairs; i++)); do
  # fio fallocates a write-only job's file, iogate writes its 32 MiB first: each tool's burst is
  # 48 MiB of its own random writes.
  cliff 48
  rig_run fio --name=ss --filename="$RIG_DATASTORE/f" --size=32m --rw=randwrite --bs=4k \
    --iodepth=8 --ioengine=libaio --direct=1 --time_based --runtime=60 --ss=iops:10% \
    --ss_dur=4s --output-format=json --output="$RIG_DIR/fio$i.json" > /dev/null
  end_cliff
  rm -f "$RIG_DATASTORE/f"
  cliff 80
  rig_run "$iogate" run --datastore "$RIG_DATASTORE" --bs 4k --read 0 --random 100 --qd 8 \
    --file-size 32MiB --time 4s --direct 1 --engine libaio --json "$RIG_DIR/iogate$i.json" \
    --steady-state iops:10% --steady-window 4s --steady-interval 1s --steady-max 60s > /dev/null
  end_cliff
  /usr/bin/python3 - "$RIG_DIR/fio$i.json" "$RIG_DIR/iogate$i.json" "$i" << 'PY'
import json, sys
fio = json.load(open(sys.argv[1]))["jobs"][0]
ss = fio["steadystate"]
run = json.load(open(sys.argv[2]))["result"]
mine = run["steady_state"]
window = ss["data"]["iops_mean"]
print(f"pair {sys.argv[3]}: fio settled {bool(ss['attained'])} after {fio['job_runtime'] / 1000:.1f} s, "
      f"window {window:.0f} IOPS, whole job {fio['write']['iops']:.0f} IOPS; iogate settled "
      f"{mine['settled']} after {mine['after_s']:.1f} s, measured {run['iops']:.0f} IOPS "
      f"({run['iops'] / window:.3f}x fio's window)")
PY
done
