#!/bin/bash
# The layer check can fail: on a copy of the tree it must name a writer that includes the runner, a
# fleet writer that includes the fleet's comparison (its record is in results/), an engine file
# that includes the result model and the import core reaching up into one importer, and pass on
# the tree as it is.
# planted_violation_test.sh ROOT
set -euo pipefail
root=$1
check=$(dirname "${BASH_SOURCE[0]}")/check_layers.py
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
/usr/bin/python3 "$check" "$root" > "$copy/clean.log" || { cat "$copy/clean.log"; echo "FAIL: the tree breaks the map"; exit 1; }
cp -r "$root/src" "$root/include" "$root/reports" "$root/fixtures" "$root/suites" "$copy/"
sed -i '1i #include "iogate/runner/check_runner.hpp"' "$copy/reports/json_writer.cpp"
sed -i '1i #include "fleet/fleet.hpp"' "$copy/reports/fleet/fleet_json.cpp"
sed -i '1i #include "iogate/results/check_record.hpp"' "$copy/src/engine/engine.cpp"
sed -i '1i #include "fio_job/job_file.hpp"' "$copy/src/import/threshold_text.cpp"
set +e; /usr/bin/python3 "$check" "$copy" > "$copy/planted.log"; rc=$?; set -e
cat "$copy/planted.log"
[ "$rc" = 1 ] || { echo "FAIL: exit $rc with four planted violations, expected 1"; exit 1; }
grep -q "^layers: reports/json_writer.cpp:1: reports includes runner" "$copy/planted.log" \
  || { echo "FAIL: the writer including the runner was not named"; exit 1; }
grep -q "^layers: reports/fleet/fleet_json.cpp:1: reports includes fleet" "$copy/planted.log" \
  || { echo "FAIL: the fleet writer including the fleet's comparison was not named"; exit 1; }
grep -q "^layers: src/engine/engine.cpp:1: engine includes results" "$copy/planted.log" \
  || { echo "FAIL: the engine including the results was not named"; exit 1; }
grep -q "^layers: src/import/threshold_text.cpp:1: import includes fio_job" "$copy/planted.log" \
  || { echo "FAIL: the import core including an importer was not named"; exit 1; }
grep -q " 4 break the map$" "$copy/planted.log" || { echo "FAIL: not exactly four violations"; exit 1; }
echo "layers: the tree keeps the map; the four planted violations named"
