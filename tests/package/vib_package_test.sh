#!/bin/bash
# The static build's VIB as the package step makes it (IogateEsxiPackage.cmake, with CPack's
# External generator alone, into WORK_DIR so that it does not wait for the package step), checked
# against the VIB format by vib_layout_test.py: members, descriptor, checksums, file-list, paths
# under /opt/iogate and a static bin/iogate.
#
# vib_package_test.sh CPACK BUILD_DIR WORK_DIR
set -euo pipefail
cpack=$1; build=$2; work=$3
rm -rf "$work"
"$cpack" -G External --config "$build/CPackConfig.cmake" -B "$work" > "$work.log" 2>&1 \
  || { cat "$work.log"; echo "FAIL: cpack could not make the VIB"; exit 1; }
shopt -s nullglob
vibs=("$work"/iogate-*.vib)
if [ "${#vibs[@]}" != 1 ]; then
  cat "$work.log"; echo "FAIL: expected one VIB in $work, found ${#vibs[@]}"; exit 1
fi
exec /usr/bin/python3 "$(dirname "${BASH_SOURCE[0]}")/vib_layout_test.py" "${vibs[0]}"
