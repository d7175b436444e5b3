#!/usr/bin/env bash
# Seed 000's own command against the check that stands in for it, on one datastore, alternating:
#
#   dd if=/dev/zero of=tempfile bs=8k count=1000000 oflag=direct conv=fdatasync
#   iogate check thresholds/dd-8k-8g.toml          (8 KiB O_DIRECT writes, QD 1, grown file)
#
#   bench/dd_compare.sh IOGATE DATASTORE [PAIRS=3] [SIZE_MIB]
#
# Both write a new file from its first byte to its last and stop the clock after fdatasync. dd's
# count=1000000 is 7.63 GiB, the check's size 8 GiB: the rates (MiB/s) are compared, not the
# times. SIZE_MIB scales both (dd's count and the check's size) for a quicker look. The ratio is
# taken within each pair (dd first in odd pairs, iogate first in even ones), then its median.
# CHECK_FILE=path runs another threshold file's first check in the check's place (e.g. the same
# check on another engine).
set -euo pipefail
iogate=$1; ds=$2; pairs=${3:-3}; size_mib=${4:-}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "$ds/dd-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
count=1000000
check=${CHECK_FILE:-$source_dir/thresholds/dd-8k-8g.toml}
if [ -n "$size_mib" ]; then
  count=$((size_mib * 128))
  sed -e "s/^size = \"8GiB\"/size = \"${size_mib}MiB\"/" "$check" > "$work/dd.toml"
  check="$work/dd.toml"
fi

run_dd() {  # pair -> MiB/s
  rm -f "$work/tempfile"
  local out bytes secs
  out=$(dd if=/dev/zero of="$work/tempfile" bs=8k count="$count" oflag=direct conv=fdatasync 2>&1)
  rm -f "$work/tempfile"
  bytes=$(sed -n 's/^\([0-9]*\) bytes.*copied, \([0-9.]*\) s.*/\1/p' <<< "$out")
  secs=$(sed -n 's/^\([0-9]*\) bytes.*copied, \([0-9.]*\) s.*/\2/p' <<< "$out")
  /usr/bin/python3 -c "print($bytes / $secs / 2**20)"
}
run_iogate() {  # pair -> MiB/s
  rm -rf "$work/json"
  "$iogate" check "$check" --datastore "$ds" --repeat 1 --repeat-max 1 --json-dir "$work/json" \
    > "$work/iogate-$1.txt" 2>&1 || true  # a check over its bound still measured
  /usr/bin/python3 -c '
import glob, json, sys
record = json.load(open(glob.glob(sys.argv[1] + "/*.json")[0]))
if record["result"]["bytes"] == 0:  # an error record: no figure to compare
    sys.exit("iogate measured nothing: " + open(sys.argv[2]).read())
print(record["result"]["mbps"])' "$work/json" "$work/iogate-$1.txt"
}

ratios=()
printf '%-5s %10s %10s %7s\n' pair "dd MiB/s" "iogate" ratio
for i in $(seq 1 "$pairs"); do
  if (( i % 2 )); then d=$(run_dd); g=$(run_iogate "$i"); else g=$(run_iogate "$i"); d=$(run_dd); fi
  r=$(/usr/bin/python3 -c "print(f'{$g / $d:.3f}')")
  ratios+=("$r")
  printf '%-5s %10.1f %10.1f %7s\n' "$i" "$d" "$g" "$r"
done
printf 'median ratio iogate/dd: %s\n' \
  "$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')"
