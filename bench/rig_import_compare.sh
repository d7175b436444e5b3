#!/usr/bin/env bash
# Imported tests side by side with fio: the VMware community's IOMeter configuration
# (tests/data/iometer/vmware-community.icf) imported by `iogate import iometer`, and a DiskSpd OLTP
# profile (tests/data/diskspd/oltp-8k-70r.xml, 8 KiB random 70% read, -Sh, 4 threads x 8) imported
# by `iogate import diskspd`, each scaled to RUN_S seconds on a 512 MiB file and run by iogate,
# against each test spelled by hand as a fio job and run by fio, alternating, on an ext4 loop
# device both are throttled on alike (blkio read and write IOPS caps, tests/rig/rig_lib.sh). The
# caps count reads and writes apart, so each test's total is set by its read share (a 65% read mix
# at 1000 each reaches min(1000/0.65, 1000/0.35) = 1538): a mapping that got a share, a size, the
# queue depth or the threads wrong shows as a ratio away from 1.
#
# Usage (root; about 5 minutes with the defaults):
#   bash bench/rig_import_compare.sh build-ci/src/cli/iogate [PAIRS=3] [RUN_S=10]
set -euo pipefail
iogate=$(realpath "$1")
pairs=${2:-3}
run_s=${3:-10}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
export RIG_TMPFS_SIZE=3g
rig_enter "$iogate" "$pairs" "$run_s"
rig_need_throttle
command -v fio > /dev/null || rig_skip "fio is not installed (apt-get install fio)"
rig_make_datastore ext4 2g
work=$RIG_DIR/work
mkdir -p "$work"
cap=1000
rig_throttle read_iops "$cap"
rig_throttle write_iops "$cap"

# The community file as IOMeter would run it here: RUN_S seconds per test, 1048576 sectors.
sed -e "s/^\t0          2          0/\t0          0          $run_s/" -e 's/^\t8388608,0/\t1048576,0/' \
  "$source_dir/tests/data/iometer/vmware-community.icf" > "$work/community.icf"
"$iogate" import iometer "$work/community.icf" --expect iops_min=1 -o "$work/imported.toml" \
  2> "$work/import.log" || { cat "$work/import.log" >&2; rig_fail "import failed"; }
grep -q "^duration = \"${run_s}s\"" "$work/imported.toml" || rig_fail "the scaled run time did not import"
# The DiskSpd profile likewise: RUN_S seconds, no warm-up (as the fio job), 512 MiB.
sed -e "s|<Duration>60</Duration>|<Duration>$run_s</Duration>|" -e 's|<Warmup>15</Warmup>|<Warmup>0</Warmup>|' \
  -e 's|<FileSize>10737418240</FileSize>|<FileSize>536870912</FileSize>|' \
  "$source_dir/tests/data/diskspd/oltp-8k-70r.xml" > "$work/oltp.xml"
"$iogate" import diskspd "$work/oltp.xml" --expect iops_min=1 --suite oltp -o "$work/oltp.toml" \
  2> "$work/import.log" || { cat "$work/import.log" >&2; rig_fail "diskspd import failed"; }

# Each test as a fio job: IOMeter's unbuffered, asynchronous I/O at 64 outstanding, no ramp.
fio_job() {  # NAME RW BS READ_PCT RANDOM_PCT [IODEPTH=64] [EXTRA FIO OPTIONS...]
  local name=$1 rw=$2 bs=$3 rd=$4 rnd=$5 qd=${6:-64}
  shift $(($# < 6 ? $# : 6))
  cat > "$work/$name.fio" <<FIO
[$name]
ioengine=io_uring
direct=1
filename=$RIG_DATASTORE/fio.dat
rw=$rw
bs=$bs
rwmixread=$rd
percentage_random=$rnd
iodepth=$qd
size=512m
runtime=$run_s
time_based
FIO
  printf '%s\n' "$@" >> "$work/$name.fio"
}
fio_job Max_Throughput_100_Read read 32k 100 0
fio_job RealLife_60_Rand_65_Read randrw 8k 65 60
fio_job Max_Throughput_50_Read rw 32k 50 0
fio_job Random_8k_70_Read randrw 8k 70 100
# -Sh: unbuffered and write-through (O_DSYNC); -t4: four jobs, one file between them, as iogate's
# workers share one.
fio_job timespan_1 randrw 8k 70 100 8 sync=dsync numjobs=4 group_reporting
checks=(Max_Throughput_100_Read RealLife_60_Rand_65_Read Max_Throughput_50_Read Random_8k_70_Read)

run_iogate() {  # PAIR
  rm -rf "$work/iogate-$1"
  rig_run "$iogate" check "$work/imported.toml" --datastore "$RIG_DATASTORE" --repeat 1 \
    --repeat-max 1 --json-dir "$work/iogate-$1" > "$work/iogate-$1.log" 2>&1 || true
  rig_run "$iogate" check "$work/oltp.toml" --datastore "$RIG_DATASTORE" --repeat 1 \
    --repeat-max 1 --json-dir "$work/iogate-$1" >> "$work/iogate-$1.log" 2>&1 || true
  for c in "${checks[@]}" timespan_1; do
    [ -s "$work/iogate-$1/$c.json" ] || { cat "$work/iogate-$1.log" >&2; rig_fail "iogate ran no $c"; }
  done
}
run_fio() {  # PAIR
  for c in "${checks[@]}" timespan_1; do
    rig_run fio --output-format=json --output="$work/fio-$c-$1.json" "$work/$c.fio" > /dev/null
  done
  rm -f "$RIG_DATASTORE/fio.dat"
}
for i in $(seq 1 "$pairs"); do
  if (( i % 2 )); then run_iogate "$i"; run_fio "$i"; else run_fio "$i"; run_iogate "$i"; fi
done
/usr/bin/python3 - "$work" "$pairs" "$cap" "${checks[@]}" timespan_1 <<'PY'
import json, statistics, sys
work, pairs, cap, checks = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
print(f"read and write IOPS capped at {cap} each; iogate runs the imported .icf and DiskSpd "
      "profile (timespan_1), fio the hand-written jobs")
worst = 0.0
for c in checks:
    ratios = []
    for i in range(1, pairs + 1):
        r = json.load(open(f"{work}/iogate-{i}/{c}.json"))["result"]
        jobs = json.load(open(f"{work}/fio-{c}-{i}.json"))["jobs"]
        f_iops = sum(j[d]["iops"] for j in jobs for d in ("read", "write"))
        f_read = sum(j["read"]["iops"] for j in jobs) / f_iops
        i_read = r["ios_read"] / (r["ios_read"] + r["ios_written"])
        ratios.append(r["iops"] / f_iops)
        # The share of reads each tool issued: under separate read and write caps it sets the total.
        print(f"{c:<26} {i:>2} iogate {r['iops']:>8.1f} IOPS ({i_read:.1%} reads) | "
              f"fio {f_iops:>8.1f} IOPS ({f_read:.1%} reads) | ratio {r['iops'] / f_iops:.4f}")
    med = statistics.median(ratios)
    worst = max(worst, abs(med - 1))
    print(f"{c:<26} median ratio {med:.4f}")
print(f"largest median difference: {worst * 100:.2f}%")
PY
