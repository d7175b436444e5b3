#!/usr/bin/env bash
# What queue depth buys under wine, against a known latency: a faultfs mount (tests/rig/faultfs)
# answers every read US microseconds after it arrived, serving requests in parallel, and bypasses
# the page cache (--direct-io: wine ignores FILE_FLAG_NO_BUFFERING, so without it repeated reads
# would come from memory). iogate.exe (IOCP engine, under wine, on the mount as a wine drive path)
# and the Linux iogate (io_uring, the same mount) run 4 KiB random reads at queue depth 1, 4 and
# 16; each line gives IOPS against QD / latency, the ideal.
#
# Usage (root): bench/wine_queue_depth.sh IOGATE_EXE WINE_RUN FAULTFS LINUX_IOGATE [US]
#   e.g. bench/wine_queue_depth.sh build-windows/src/cli/iogate.exe cmake/wine-run.sh \
#          build-ci/tests/rig/faultfs/faultfs build-ci/src/cli/iogate 2000
# The IOCP engine's own proof that it keeps QD requests outstanding is in process
# (tests/unit/engine/iocp_backend_gtest.cpp); this measures what the platform under it does
# with them. Figures: docs/windows.md.
set -euo pipefail
exe=$(realpath "$1")
wine_run=$(realpath "$2")
faultfs=$(realpath "$3")
linux_iogate=$(realpath "$4")
us=${5:-2000}
here=$(cd "$(dirname "$0")" && pwd)
export IOGATE_RIG_LIB="$here/../tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
# shellcheck source=tests/rig/fuse_lib.sh
source "$here/../tests/rig/fuse_lib.sh"
fuse_need "$faultfs"
rig_enter "$@"

# A prefix of this run's own, made and served inside this mount namespace (the wineserver opens
# files too), and ended before the rig's teardown unmounts what it holds open.
prefix="$RIG_DIR/wine-prefix"
stop_wine() { WINEPREFIX="$prefix" /usr/lib/wine/wineserver -k 2> /dev/null || true; }
trap 'rc=$?; stop_wine; (exit $rc); rig_teardown' EXIT
fuse_mount latency --latency-us="$us" --direct-io

# report TOOL QD JSON: one line of figures from a result file.
report() {
  /usr/bin/python3 - "$@" "$us" <<'PY'
import json, sys
tool, qd, path, us = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
r = json.load(open(path, encoding="utf-8"))["result"]
ideal = qd * 1e6 / us
print(f"{tool:<22} qd {r['queue_depth']:>2} ({r['engine']:>8}): {r['iops']:8.1f} IOPS, "
      f"ideal {ideal:7.1f} (QD / {us} us): {r['iops'] / ideal:5.3f} of it; "
      f"p50 {r['lat_percentiles_ms']['50']:.3f} ms")
PY
}

workload=(--bs 4k --random 100 --read 100 --file-size 16MiB --time 3s)
for qd in 1 4 16; do
  out="$RIG_DIR/wine.$qd.json"
  "$wine_run" "$prefix" "$exe" run --datastore "Z:${FUSE_MNT//\//\\}" --engine iocp \
    "${workload[@]}" --qd "$qd" --json "Z:${out//\//\\}" > "$RIG_DIR/wine.$qd.log" 2>&1 ||
    { cat "$RIG_DIR/wine.$qd.log" >&2; rig_fail "iogate.exe run --qd $qd failed"; }
  report "iogate.exe under wine" "$qd" "$out"
  out="$RIG_DIR/linux.$qd.json"
  "$linux_iogate" run --datastore "$FUSE_MNT" --engine io_uring "${workload[@]}" --qd "$qd" \
    --json "$out" > "$RIG_DIR/linux.$qd.log" 2>&1 ||
    { cat "$RIG_DIR/linux.$qd.log" >&2; rig_fail "iogate run --qd $qd failed"; }
  report "iogate on Linux" "$qd" "$out"
done
fuse_assert_empty
