#!/usr/bin/env bash
# Installs what iogate needs from Debian 12 packages. Idempotent: packages already present are
# left as they are, and apt-get runs only when something is missing.
#
#   install-deps.sh           what building iogate and running its suites need
#   install-deps.sh --tests   that, and what iogate's own tests use besides (cmake --workflow
#                             --preset test)
#   install-deps.sh --windows what the Windows build and its tests need (cmake --workflow --preset
#                             windows): mingw-w64, GoogleTest's source, the header-only libraries,
#                             wine, xmllint (its end-to-end test checks JUnit)
#   install-deps.sh --static  what the static build for the ESXi shell, its sandbox test and its
#                             packages need (cmake --workflow --preset static): the libraries'
#                             static archives and headers, mkfs.ext4 and mount for the sandbox's
#                             datastore
#
# Building: the compiler, CMake and Ninja, the libraries and GoogleTest the suites are made of,
# Google Benchmark (the micro-benchmarks are configured with the rest), help2man for the man
# pages, dpkg-dev and file for the .deb's dependencies (cmake --workflow --preset package);
# running: libjs-chart.js, which every report.html embeds.
# The tests: fio (the reference engine), xmllint and junitparser (JUnit), Chromium (the HTML
# pages, in headless screenshots), the filesystems and FUSE of the rigs, debootstrap (the fresh
# Debian root the package test installs into), lintian (the package's policy check), strace (the
# writes a file layout makes), ansible-core and python3-yaml (the fleet playbook and CI
# examples), python3-prometheus-client (the Prometheus text-format parser the textfile is read
# back with), libbenchmark-tools and python3-scipy (Google Benchmark's compare.py, which the
# gbench.json test runs), python3-jsonschema (the threshold files' schema, checked against them).
set -euo pipefail

build=(
  build-essential cmake ninja-build pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev
  libboost-filesystem-dev libfmt-dev libtomlplusplus-dev nlohmann-json3-dev libcli11-dev
  liburing-dev libaio-dev
  help2man dpkg-dev file libjs-chart.js
)
windows=(
  cmake ninja-build g++-mingw-w64-x86-64-posix googletest
  libfmt-dev libtomlplusplus-dev nlohmann-json3-dev libcli11-dev
  wine64 libxml2-utils
)
static=(
  build-essential cmake ninja-build
  libgtest-dev libgmock-dev libboost-filesystem-dev
  libfmt-dev libtomlplusplus-dev nlohmann-json3-dev libcli11-dev
  help2man python3 util-linux e2fsprogs
)
tests=(
  git fio libxml2-utils python3 python3-junitparser chromium
  util-linux e2fsprogs xfsprogs libfuse3-dev fuse3
  debootstrap lintian strace
  ansible-core python3-yaml python3-prometheus-client
  libbenchmark-tools python3-scipy python3-jsonschema
)

case "${1:-}" in
  "") packages=("${build[@]}") ;;
  --tests) packages=("${build[@]}" "${tests[@]}") ;;
  --windows) packages=("${windows[@]}") ;;
  --static) packages=("${static[@]}") ;;
  *) echo "install-deps.sh: unknown argument '$1' (expected nothing, --tests, --windows or --static)" >&2
     exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
