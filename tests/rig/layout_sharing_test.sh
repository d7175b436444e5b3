# Seed 001's four IOMeter checks share their laid-out file under `iogate check`: on a loop device
# whose writes are throttled (60 MiB/s, so a layout pass costs what it costs on a slow disk), the
# scaled vmware-community suite lays out one file (in IOMeter's 64 KiB writes, for its 100% read
# check; the other three write, so they reuse it), not four, and with --own-layouts four again. Counted from the per-check results JSON
# (layout_s, layout_reused_from), not from timing; the wall and measured times are printed.
#
# Usage: layout_sharing_test.sh IOGATE SOURCE_DIR
iogate=$1
source_dir=$2
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle

size=${RIG_FILE_SIZE:-64MiB}
duration=${RIG_DURATION:-1s}
economy="$(dirname "$IOGATE_RIG_LIB")/suite_economy.py"
gate="$RIG_DIR/vmware-community-scaled.toml"
sed -e "s/^duration = \"2m\"/duration = \"$duration\"/" \
  -e "s/^file_size = \"4GiB\"/file_size = \"$size\"/" \
  "$source_dir/thresholds/vmware-community.toml" > "$gate"
grep -q "^file_size = \"$size\"" "$gate" || rig_fail "vmware-community.toml changed: no file_size line"

rig_make_datastore ext4 512M
rig_throttle write_bps $((60 * 1024 * 1024))

# run NAME FLAGS...: the suite once; its figures in $RIG_DIR/NAME.economy. The floors are the
# seed's, which a throttled loop device need not reach: only the layouts are asserted.
run() {
  local name=$1
  shift
  mkdir "$RIG_DIR/$name"
  local start end
  start=$(date +%s.%N)
  rig_run "$iogate" check "$gate" --datastore "$RIG_DATASTORE" --repeat-max 1 --json-dir "$RIG_DIR/$name" "$@" \
    > "$RIG_DIR/$name.log" || true
  end=$(date +%s.%N)
  /usr/bin/python3 "$economy" "$RIG_DIR/$name" > "$RIG_DIR/$name.economy"
  echo "suite_wall_s=$(echo "$end - $start" | bc)" >> "$RIG_DIR/$name.economy"
  echo "--- $name"
  cat "$RIG_DIR/$name.log" "$RIG_DIR/$name.economy"
  rig_assert_clean "$RIG_DATASTORE"
  [ "$(grep -c '^|' "$RIG_DIR/$name.log")" -ge 5 ] || rig_fail "$name: not four table rows"
}

run shared
grep -qx 'layouts=1' "$RIG_DIR/shared.economy" || rig_fail "shared: not one layout"
grep -qx 'reused=3' "$RIG_DIR/shared.economy" || rig_fail "shared: not three checks on a reused file"
for c in RealLife_60_Rand_65_Read Max_Throughput_50_Read Random_8k_70_Read; do
  grep -q "^check=$c .* reused_from=Max_Throughput_100_Read\$" "$RIG_DIR/shared.economy" ||
    rig_fail "shared: $c did not reuse the file laid out for Max_Throughput_100_Read"
done
grep -q 'layout: written .* (64 KiB writes)' "$RIG_DIR/shared.log" ||
  rig_fail "shared: the console does not show the 64 KiB layout"
grep -q 'layout: written .*, reused from Max_Throughput_100_Read' "$RIG_DIR/shared.log" ||
  rig_fail "shared: the console does not say the file was reused"

run own --own-layouts
grep -qx 'layouts=4' "$RIG_DIR/own.economy" || rig_fail "--own-layouts: not four layouts"
echo "layout_sharing: ok (1 layout shared by 4 checks; 4 with --own-layouts)"
