#!/usr/bin/env bash
# fio job files side by side: each job file of bench/fio_jobs/ run by fio itself and by iogate (a
# check naming it, fio_job = "..."), alternating, on an ext4 loop device both are throttled on
# alike (the cgroup-v1 blkio throttle, tests/rig/rig_lib.sh), and the iogate/fio ratios of IOPS
# and MB/s per pair and their median. The job files write into ${FIO_DIR}, which fio uses and
# iogate, never using a job's directory, ignores (its file goes to its own scratch area).
#
# Usage (root; about 5 minutes with the defaults):
#   bash bench/rig_fio_job_compare.sh build/src/cli/iogate [PAIRS=3] [ROW_REGEX]
set -euo pipefail
iogate=$(realpath "$1")
pairs=${2:-3}
only=${3:-.}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
export RIG_TMPFS_SIZE=3g
rig_enter "$iogate" "$pairs" "$only"
rig_need_throttle
command -v fio > /dev/null || rig_skip "fio is not installed (apt-get install fio)"
rig_make_datastore ext4 2g

rows=(
  "read_iops=2000 numjobs_randread.fio"
  "read_bps=67108864 seqread_64k.fio"
  "read_iops=1400,write_iops=600 mixed_70r.fio"
  "read_iops=1500 bssplit_randread.fio"
)
work=$RIG_DIR/work
mkdir -p "$work"
export FIO_DIR=$RIG_DATASTORE/fio
for row in "${rows[@]}"; do
  [[ $row =~ $only ]] || continue
  caps=${row%% *}
  job=$source_dir/bench/fio_jobs/${row#* }
  name=$(basename "$job" .fio)
  rig_unthrottle
  for cap in ${caps//,/ }; do rig_throttle "${cap%%=*}" "${cap#*=}"; done
  cat > "$work/$name.toml" <<TOML
[suite]
name = "compare"
[[check]]
name = "job"
fio_job = "$job"
[check.expect]
iops_min = 1
TOML
  run_iogate() {
    rm -rf "$work/$name-iogate-$1"
    rig_run "$iogate" check "$work/$name.toml" --datastore "$RIG_DATASTORE" \
      --json-dir "$work/$name-iogate-$1" > "$work/$name-iogate-$1.log" 2>&1 ||
      { cat "$work/$name-iogate-$1.log" >&2; rig_fail "iogate check of $name failed"; }
  }
  run_fio() {
    rm -rf "$FIO_DIR"; mkdir -p "$FIO_DIR"
    rig_run fio --output-format=json --output="$work/$name-fio-$1.json" "$job" > /dev/null
    rm -rf "$FIO_DIR"
  }
  for i in $(seq 1 "$pairs"); do
    if (( i % 2 )); then run_iogate "$i"; run_fio "$i"; else run_fio "$i"; run_iogate "$i"; fi
  done
  /usr/bin/python3 - "$work" "$name" "$pairs" "$caps" <<'PY'
import json, statistics, sys
work, name, pairs, caps = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rows = []
for i in range(1, pairs + 1):
    r = json.load(open(f"{work}/{name}-iogate-{i}/job.json"))["result"]
    jobs = json.load(open(f"{work}/{name}-fio-{i}.json"))["jobs"]
    f_iops = sum(j[d]["iops"] for j in jobs for d in ("read", "write"))
    f_mbps = sum(j[d]["bw_bytes"] for j in jobs for d in ("read", "write")) / 2**20
    rows.append((r["iops"], f_iops, r["mbps"], f_mbps))
    print(f"[{caps}] {name:<18} {i:>3} iogate {r['iops']:>9.1f} IOPS {r['mbps']:>7.2f} MB/s | "
          f"fio {f_iops:>9.1f} IOPS {f_mbps:>7.2f} MB/s | ratio IOPS {r['iops'] / f_iops:.3f} "
          f"MB/s {r['mbps'] / f_mbps:.3f}")
print(f"[{caps}] {name:<18} med ratio IOPS {statistics.median(a / b for a, b, _, _ in rows):.3f} "
      f"MB/s {statistics.median(c / d for _, _, c, d in rows):.3f}")
PY
done
