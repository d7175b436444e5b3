#!/usr/bin/env bash
# The engines against each other where the device is not the limit: ext4 on a loop device whose
# backing file lives in memory (tmpfs), O_DIRECT through the real block layer, no throttle. Both
# tools are then CPU-bound, so IOPS per CPU-second measures the engines, not the disk.
#
#   bench/fast_device_compare.sh IOGATE [PAIRS] [WORKLOAD...]      (root: losetup, mount)
#
# Each workload (bench/fio_compare.sh's syntax) runs in PAIRS alternating pairs (default 7)
# against fio twice: fio's defaults, then fio tuned as its own peak runs are (--fixedbufs
# --registerfiles on io_uring; FIO_TUNED overrides). Medians of the pairs' ratios iogate/fio.
# Without workloads: reads, writes and a 70% read mix on io_uring, libaio and psync.
#
# T_IO_URING=/path/to/fio/t/io_uring adds the kernel's reference: fio's own minimal io_uring
# loop (built from fio's source: ./configure && make t/io_uring), 4 KiB random reads at QD 64
# with registered files and buffers on the same file system, and iogate's IOPS per CPU-second on
# the same reads as a share of it.
set -euo pipefail
iogate=$(realpath "$1")
pairs=${2:-7}
shift $(( $# >= 2 ? 2 : $# ))
here=$(cd "$(dirname "$0")" && pwd)
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
  workloads=(
    "rr4k_uring64:4k:100:100:64:5s:io_uring:1:1GiB"
    "rr4k_aio64:4k:100:100:64:5s:libaio:1:1GiB"
    "sr128k_uring16:128k:100:0:16:5s:io_uring:1:1GiB"
    "rw8k70_uring32:8k:70:100:32:5s:io_uring:1:1GiB"
    "rw8k70_aio32:8k:70:100:32:5s:libaio:1:1GiB"
    "rwr4k_uring64:4k:0:100:64:5s:io_uring:1:1GiB"
    "rr4k_psync1:4k:100:100:1:5s:psync:1:1GiB"
    "rw8k70_psync1:8k:70:100:1:5s:psync:1:1GiB"
  )
fi
[ "$(id -u)" -eq 0 ] || { echo "fast_device_compare.sh: needs root (losetup, mount)" >&2; exit 2; }

top=$(mktemp -d /tmp/iogate-fast-device.XXXXXX)
loop=""
cleanup() {
  mountpoint -q "$top/mnt" && umount "$top/mnt"
  [ -n "$loop" ] && losetup -d "$loop"
  mountpoint -q "$top/mem" && umount "$top/mem"
  rm -rf "$top"
}
trap cleanup EXIT
mkdir "$top/mem" "$top/mnt"
mount -t tmpfs -o size=3g tmpfs "$top/mem"
truncate -s 2560M "$top/mem/backing.img"
loop=$(losetup --find --show "$top/mem/backing.img")
mkfs.ext4 -q -F "$loop"
mount "$loop" "$top/mnt"
echo "device: ext4 on $loop, backed by $top/mem/backing.img (tmpfs); $(nproc) CPUs; $(uname -r)"

export RAMP=${RAMP:-1}
echo "== fio defaults"
FIO_EXTRA="" "$here/fio_compare.sh" "$iogate" "$top/mnt/ds" "$pairs" "${workloads[@]}"
echo "== fio tuned: ${FIO_TUNED:=--fixedbufs --registerfiles} (io_uring workloads)"
uring=()
for w in "${workloads[@]}"; do [[ $w == *:io_uring:* ]] && uring+=("$w"); done
if [ ${#uring[@]} -gt 0 ]; then
  FIO_EXTRA="$FIO_TUNED" "$here/fio_compare.sh" "$iogate" "$top/mnt/ds" "$pairs" "${uring[@]}"
fi

[ -n "${T_IO_URING:-}" ] || exit 0
echo "== the kernel's reference: t/io_uring, 4 KiB random reads, QD 64, registered file and buffers"
file="$top/mnt/ref.dat"
"$iogate" run --bs 4k --read 100 --random 100 --qd 64 --time 5s --ramp 1s --file-size 1GiB \
  --engine io_uring --direct 1 --flush none --datastore "$top/mnt/ds" \
  --json "$top/iogate-ref.json" > /dev/null
fio --name=layout --filename="$file" --size=1G --bs=1m --rw=write --end_fsync=1 --output=/dev/null
TIMEFORMAT="%R %U %S"
{ time "$T_IO_URING" -d64 -s32 -c32 -b4096 -p0 -B1 -F1 -n1 -O1 -R1 -r6 "$file" > "$top/ref.out" 2>&1; } \
  2> "$top/ref.time"
/usr/bin/python3 - "$top/ref.out" "$top/ref.time" "$top/iogate-ref.json" <<'PY'
import json, re, statistics, sys
unit = {"": 1, "K": 1e3, "M": 1e6}
per_second = [float(v) * unit[u] for v, u in
              re.findall(r"^IOPS=([\d.]+)([KM]?),", open(sys.argv[1]).read(), re.M)]
if len(per_second) < 3:
    sys.exit("t/io_uring printed fewer than 3 per-second figures: " + open(sys.argv[1]).read())
real, user, sys_s = (float(x) for x in open(sys.argv[2]).read().split())
# Its per-second figures over its CPU share across the run (one submitting thread, busy
# throughout on a device that is not the limit).
ref_per_cpu = statistics.mean(per_second) / ((user + sys_s) / real)
r = json.load(open(sys.argv[3]))["result"]
own_per_cpu = r["ios"] / (r["cpu_pct"] / 100 * r["duration_s"])
print(f"t/io_uring: median {statistics.median(per_second):.0f} IOPS, "
      f"{ref_per_cpu:.0f} IOPS per CPU-second ({user + sys_s:.2f} CPU-s in {real:.1f} s)")
print(f"iogate:     {r['iops']:.0f} IOPS, {own_per_cpu:.0f} IOPS per CPU-second: "
      f"{own_per_cpu / ref_per_cpu:.3f} of t/io_uring's")
PY
