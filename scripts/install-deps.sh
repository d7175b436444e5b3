#!/usr/bin/env bash
# Installs iogate's build and test dependencies from Debian 12 packages. Idempotent: packages
# already present are left as they are, and apt-get runs only when something is missing.
# help2man writes the man pages; dpkg-dev (dpkg-shlibdeps) and file compute the .deb's
# dependencies; debootstrap makes the fresh Debian root the package test installs it into;
# strace shows the engine test the writes a file layout makes; ansible-core runs the fleet
# playbook for real and python3-yaml reads the CI pipeline examples; libbenchmark-tools and
# python3-scipy are Google Benchmark's compare.py, which the gbench.json test runs.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libgtest-dev libgmock-dev libbenchmark-dev
  libboost-filesystem-dev libfmt-dev libtomlplusplus-dev nlohmann-json3-dev libcli11-dev
  liburing-dev libaio-dev
  fio libxml2-utils python3 python3-junitparser
  libjs-chart.js chromium
  util-linux e2fsprogs xfsprogs
  libfuse3-dev fuse3
  help2man dpkg-dev file debootstrap strace
  ansible-core python3-yaml
  libbenchmark-tools python3-scipy
)

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
