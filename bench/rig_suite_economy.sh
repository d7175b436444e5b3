# What a suite costs beyond its measurements: suite wall time / measured I/O time of `iogate check`
# on a loop device whose writes are throttled (blkio write_bps, as a slow disk), for one or more
# iogate binaries in turn (e.g. main's build, then this one), each on a fresh filesystem.
#
# Usage (root):
#   bash bench/rig_suite_economy.sh THRESHOLDS FILE_SIZE DURATION IOGATE[:FLAGS] ...
#   bash bench/rig_suite_economy.sh thresholds/vmware-community.toml 1GiB 5s \
#     /work/main/build-ci/src/cli/iogate build-ci/src/cli/iogate build-ci/src/cli/iogate:--own-layouts
# FILE_SIZE and DURATION replace the file's [defaults] file_size and duration ("-": unchanged).
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
n=0
for spec in "$@"; do
  n=$((n + 1))
  bin=${spec%%:*}
  flags=()
  [ "$bin" = "$spec" ] || read -ra flags <<< "${spec#*:}"
  rig_make_datastore ext4 "${FS_SIZE:-3G}" "${IMAGE_DIR:-$RIG_DIR}"
  rig_throttle write_bps $((${MBPS:-60} * 1024 * 1024))
  out="$RIG_DIR/out$n"
  mkdir "$out"
  start=$(date +%s.%N)
  rig_run "$bin" check "$gate" --datastore "$RIG_DATASTORE" --json-dir "$out" "${flags[@]}" \
    > "$out.log" 2>&1 || true
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
