#!/bin/bash
# The public-header check can fail: on a copy of the tree it must name an installed header that
# includes a private one, an entry header left off the installed list, a private header put on it,
# a header under include/ left uninstalled, and the example suite including a private header; it
# must pass on the tree as it is.
# public_headers_planted_test.sh ROOT
set -euo pipefail
root=$1
check=$(dirname "${BASH_SOURCE[0]}")/check_public_headers.py
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
/usr/bin/python3 "$check" "$root" > "$copy/clean.log" ||
  { cat "$copy/clean.log"; echo "FAIL: the installed headers are not the public API"; exit 1; }
mkdir -p "$copy/suites" "$copy/tests/e2e" "$copy/cmake"
cp -r "$root/include" "$root/docs" "$root/src" "$copy/"
cp -r "$root/suites/suite_config.hpp" "$root/suites/examples" "$copy/suites/"
cp -r "$root/tests/e2e/downstream" "$copy/tests/e2e/"
cp "$root/cmake/IogatePublicHeaders.cmake" "$copy/cmake/"
lists="$copy/cmake/IogatePublicHeaders.cmake"
# An installed header reaching a private one; the matchers' entry left off the installed list
# (the entry list keeps it); a private header put under include/ and installed, another put there
# and not; the example suite using a private header.
sed -i '1i #include "runner/progress_meter.hpp"' "$copy/include/iogate/results/labels.hpp"
sed -i '/^set(IOGATE_PUBLIC_HEADERS$/,/^)$/{/^  iogate\/fixtures\/matchers.hpp$/d}' "$lists"
mkdir -p "$copy/include/iogate/fio_job"
cp "$root/src/fio_job/job_file.hpp" "$root/src/fio_job/fio_values.hpp" "$copy/include/iogate/fio_job/"
sed -i '/^set(IOGATE_PUBLIC_HEADERS$/a\  iogate/fio_job/job_file.hpp' "$lists"
sed -i '1i #include "datastore/graceful_stop.hpp"' "$copy/suites/examples/handwritten_example.cpp"
set +e; /usr/bin/python3 "$check" "$copy" > "$copy/planted.log"; rc=$?; set -e
cat "$copy/planted.log"
[ "$rc" = 1 ] || { echo "FAIL: exit $rc with planted violations, expected 1"; exit 1; }
expect() {  # expect REGEX WHAT
  grep -Eq "^public_headers: $1" "$copy/planted.log" || { echo "FAIL: $2 was not named"; exit 1; }
}
expect "include/iogate/results/labels.hpp:1: installs an include of runner/progress_meter.hpp, which is not installed" \
  "the installed header including a private one"
expect "cmake/IogatePublicHeaders.cmake: the entry header iogate/fixtures/matchers.hpp is not in IOGATE_PUBLIC_HEADERS" \
  "the entry header left off the list"
expect "cmake/IogatePublicHeaders.cmake: iogate/fio_job/job_file.hpp is installed but no entry header includes it" \
  "the private header installed"
expect "include/iogate/fio_job/fio_values.hpp is not installed: include/ holds the public API only" \
  "the header under include/ left uninstalled"
expect "suites/examples/handwritten_example.cpp:1: a suite's file includes datastore/graceful_stop.hpp, which is not installed" \
  "the example including a private header"
# The example and the docs include matchers.hpp, which is no longer installed: named as well.
expect "suites/examples/handwritten_example.cpp:[0-9]+: a suite's file includes iogate/fixtures/matchers.hpp" \
  "the example including the header left off"
echo "public_headers: the installed headers are the public API; every planted violation named"
