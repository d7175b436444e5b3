# What a suite costs beyond its measurements: suite wall time / measured I/O time of `iogate check`,
# or of ctest running the threshold file as a suite, on a loop device whose writes are throttled
# (blkio write_bps, as a slow disk), for one or more iogate builds in turn (e.g. main's build,
# then this one), each on a fresh filesystem.
#
# Usage (root):
#   bash bench/rig_suite_economy.sh THRESHOLDS FILE_SIZE DURATION RUNNER ...
#   bash bench/rig_suite_economy.sh thresholds/vmware-community.toml 1GiB 5s \
#     /work/main/build-ci/src/cli/iogate build-ci/src/cli/iogate build-ci/src/cli/iogate:--own-layouts \
#     ctest=/work/main/build-ci
# A RUNNER is IOGATE[:FLAGS] (`iogate check` with FLAGS), or ctest=BUILD_DIR: a project with
# iogate_add_suite() over the threshold file, built against the iogate build tree BUILD_DIR
# (outside the timing), run as `ctest -j2` with IOGATE_DATASTORE set.
# FILE_SIZE and DURATION replace the file's [defaults] file_size and duration ("-": unchanged);
# every check runs once (repeat_max = 1).
# MBPS (60) is the write throttle; FS_SIZE (3G) the ext4 filesystem; IMAGE_DIR the directory of
# its image (default: the rig's tmpfs, sized for it). Prints, per binary, what
# tests/rig/suite_economy.py reads from the per-check JSON plus suite_wall_s and the ratio.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
export RIG_TMPFS_SIZE=${RIG_TMPFS_SIZE:-4g}
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle
thresholds=$1 size=$2 duration=$3
shift 3
gate="$RIG_DIR/gate.toml"
cp "$thresholds" "$gate"
[ "$size" = - ] || sed -i -e "s/^file_size = \"[^\"]*\"/file_size = \"$size\"/" "$gate"
[ "$duration" = - ] || sed -i -e "s/^duration = \"[^\"]*\"/duration = \"$duration\"/" "$gate"
# One run per check whatever the verdict, so every runner measures the same I/O.
sed -i -e 's/^\[suite\]$/[suite]\nrepeat_max = 1/' -e '/^budget = /d' "$gate"
n=0
for spec in "$@"; do
  n=$((n + 1))
  out="$RIG_DIR/out$n"
  if [[ $spec == ctest=* ]]; then
    project="$RIG_DIR/project$n"
    mkdir -p "$project"
    cp "$gate" "$project/gate.toml"
    printf '%s\n' 'cmake_minimum_required(VERSION 3.25)' 'project(economy LANGUAGES CXX)' \
      'set(CMAKE_CXX_STANDARD 20)' 'find_package(iogate CONFIG REQUIRED)' 'enable_testing()' \
      'iogate_add_suite(economy THRESHOLDS gate.toml REPORT_DIR "${CMAKE_BINARY_DIR}/results")' \
      > "$project/CMakeLists.txt"
    cmake -S "$project" -B "$project/build" -G Ninja -Diogate_DIR="${spec#ctest=}" \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo > "$out.build.log" 2>&1 &&
      cmake --build "$project/build" >> "$out.build.log" 2>&1 ||
      { cat "$out.build.log"; rig_fail "building the suite against ${spec#ctest=}"; }
  fi
  rig_make_datastore ext4 "${FS_SIZE:-3G}" "${IMAGE_DIR:-$RIG_DIR}"
  rig_throttle write_bps $((${MBPS:-60} * 1024 * 1024))
  start=$(date +%s.%N)
  if [[ $spec == ctest=* ]]; then
    IOGATE_DATASTORE="$RIG_DATASTORE" rig_run ctest --test-dir "$project/build" -j2 \
      > "$out.log" 2>&1 || true
    ln -s "$project/build/results/economy" "$out"
  else
    bin=${spec%%:*}
    flags=()
    [ "$bin" = "$spec" ] || read -ra flags <<< "${spec#*:}"
    mkdir "$out"
    rig_run "$bin" check "$gate" --datastore "$RIG_DATASTORE" --json-dir "$out" "${flags[@]}" \
      > "$out.log" 2>&1 || true
  fi
  end=$(date +%s.%N)
  wall=$(echo "$end - $start" | bc)
  echo "=== $spec"
  cat "$out.log"
  /usr/bin/python3 "$source_dir/tests/rig/suite_economy.py" "$out" | tee "$out.economy"
  measured=$(sed -n 's/^measured_s=//p' "$out.economy")
  echo "suite_wall_s=$wall ratio=$(echo "scale=3; $wall / $measured" | bc)"
  rig_unthrottle
  umount "$RIG_MNT"
  rm -f "$RIG_IMAGE"
done
