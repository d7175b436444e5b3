#!/usr/bin/env bash
# iogate against fio on a device-bound rig: an ext4 loop device whose IOPS or bandwidth the
# cgroup-v1 blkio throttle caps, so both tools hit the same ceiling and a ratio far from 1 means
# one of them does not reach it (or counts what it did wrongly). bench/fio_compare.sh does the
# comparing; this script makes the device, caps it per row and runs fio_compare.sh in the
# throttled cgroup (both tools inherit it).
#
# Usage (root; about 6 minutes with the defaults):
#   bash bench/rig_fio_compare.sh build/src/cli/iogate [PAIRS=3] [SECONDS=5] [ROW_REGEX]
#
# Rows: each is "cap-kind=value[,cap-kind=value] workload" with the workload in fio_compare.sh's
# form. A mixed row caps reads and writes separately (the throttle counts them apart) in the
# workload's proportion, so the total is bound whichever direction would come first.
set -euo pipefail
iogate=$(realpath "$1")
pairs=${2:-3}
secs=${3:-5}
only=${4:-.}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
export RIG_TMPFS_SIZE=3g
rig_enter "$iogate" "$pairs" "$secs" "$only"
rig_need_throttle
command -v fio > /dev/null || rig_skip "fio is not installed (apt-get install fio)"
rig_make_datastore ext4 2g

rows=(
  "read_iops=2000 randread_8k_uring:8k:100:100:64:${secs}s:io_uring:1:512MiB"
  "read_iops=2000 randread_8k_libaio:8k:100:100:64:${secs}s:libaio:1:512MiB"
  "read_iops=1300,write_iops=700 rand8k_65r_uring:8k:65:100:64:${secs}s:io_uring:1:512MiB"
  "read_iops=1300,write_iops=700 reallife_libaio:8k:65:60:64:${secs}s:libaio:1:512MiB"
  "read_bps=67108864 seqread_32k_uring:32k:100:0:16:${secs}s:io_uring:1:512MiB"
  "write_bps=33554432 seqwrite_8k_psync:8k:0:0:1:${secs}s:psync:1:512MiB"
  # A block-size mix (fio's bssplit) bound by IOPS: both tools must issue the same number of
  # I/Os per second and, through the mix, the same bytes per I/O (the MB/s ratio).
  "read_iops=1300,write_iops=700 bssplit_uring:4k:65:100:64:${secs}s:io_uring:1:512MiB::4k/60+64k/40"
)
for row in "${rows[@]}"; do
  [[ $row =~ $only ]] || continue
  caps=${row%% *}
  workload=${row#* }
  rig_unthrottle
  for cap in ${caps//,/ }; do rig_throttle "${cap%%=*}" "${cap#*=}"; done
  RAMP=1 rig_run bash "$source_dir/bench/fio_compare.sh" "$iogate" "$RIG_DATASTORE" "$pairs" \
    "$workload" | sed "s/^/[$caps] /"
done
