#!/usr/bin/env bash
# Think time beside fio's: 4 KiB random reads with psync at QD 1 from a 64 MiB file held in the
# page cache, a 1 ms pause after every read (fio: thinktime=1000), 4 s each; pairs alternate which
# tool goes first. A cycle is the pause plus a read of a few microseconds, so both run a little
# under 1000 IOPS: the timer's slack and each tool's own work per cycle. Per pair: each tool's
# IOPS and the ratio iogate/fio.
#
# Usage (no root needed; about 10 s a pair): bash bench/think_time_fio.sh build/src/cli/iogate [PAIRS=8]
set -euo pipefail
iogate=$(realpath "$1")
pairs=${2:-8}
command -v fio > /dev/null || { echo "fio is not installed (apt-get install fio)" >&2; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file=$dir/f
dd if=/dev/urandom of="$file" bs=1M count=64 status=none
cat "$file" > /dev/null

fio_run() {
  fio --name=think --filename="$file" --size=64m --rw=randread --bs=4k --ioengine=psync \
    --thinktime=1000 --runtime=4 --time_based --output-format=json --output="$dir/fio.json"
}
iogate_run() {
  "$iogate" run --datastore "$dir" --engine psync --bs 4k --read 100 --random 100 \
    --file-size 64MiB --time 4s --direct 0 --think-time 1ms --json "$dir/iogate.json" > /dev/null
}
for ((i = 1; i <= pairs; i++)); do
  if ((i % 2)); then fio_run; iogate_run; else iogate_run; fio_run; fi
  /usr/bin/python3 - "$dir" "$i" << 'PY'
import json, sys
base, i = sys.argv[1], sys.argv[2]
fio = json.load(open(f"{base}/fio.json"))["jobs"][0]["read"]["iops"]
mine = json.load(open(f"{base}/iogate.json"))["result"]["iops"]
print(f"pair {i}: fio {fio:.1f} IOPS, iogate {mine:.1f} IOPS, ratio {mine / fio:.4f}")
PY
done
