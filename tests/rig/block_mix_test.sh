# A block-size mix on a real block device: O_DIRECT reads of fio's bssplit=4k/60:16k/30:64k/10 on
# an ext4 loop device. Unthrottled, a size-based run of ~60,000 I/Os lands every size's measured
# share (from the result JSON) within one point of the asked one and counts exactly its bytes;
# under a blkio IOPS cap, the device bounds the run (no faster than the cap, whatever the sizes)
# and the shares still follow the mix.
iogate=$1
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle
rig_make_datastore ext4 512M

check_shares() {  # json tolerance-in-points
  /usr/bin/python3 - "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
tolerance = float(sys.argv[2])
asked = {4096: 60, 16384: 30, 65536: 10}
r = doc["result"]
sizes = {s["block_size"]: s for s in r["block_sizes"]}
assert sorted(sizes) == sorted(asked), sizes
assert sum(s["ios"] for s in sizes.values()) == r["ios"]
assert sum(s["bytes"] for s in sizes.values()) == r["bytes"]
for size, pct in asked.items():
    got = sizes[size]["ios_pct"]
    assert abs(got - pct) <= tolerance, f"{size} B: {got:.2f}% of {r['ios']} I/Os, asked {pct}%"
print(" ".join(f"{s} B {sizes[s]['ios_pct']:.2f}% (asked {p}%)" for s, p in asked.items()),
      f"over {r['ios']} I/Os, {r['iops']:.0f} IOPS")
PY
}

rig_run "$iogate" run --datastore "$RIG_DATASTORE" --bssplit 4k/60:16k/30:64k/10 --read 100 \
  --random 100 --qd 16 --size 800MiB --file-size 256MiB --seed 16 --json "$RIG_DIR/free.json" \
  > /dev/null
[ "$(rig_figure "$RIG_DIR/free.json" bytes)" = $((800 << 20)) ] ||
  rig_fail "a size-based mix did not transfer exactly 800 MiB"
check_shares "$RIG_DIR/free.json" 1.0 > "$RIG_DIR/free.txt" ||
  rig_fail "the unthrottled run's shares are off: $(cat "$RIG_DIR/free.txt")"
echo "unthrottled: $(cat "$RIG_DIR/free.txt")"

rig_throttle read_iops 3000
rig_run "$iogate" run --datastore "$RIG_DATASTORE" --bssplit 4k/60:16k/30:64k/10 --read 100 \
  --random 100 --qd 16 --time 5s --ramp 1s --file-size 256MiB --json "$RIG_DIR/capped.json" \
  > /dev/null
rig_unthrottle
iops=$(rig_figure "$RIG_DIR/capped.json" iops)
rig_at_most "$iops" 3150 || rig_fail "throttled to 3000 IOPS but read at $iops IOPS"
# About 15,000 I/Os: three points are over seven standard deviations of the 60% share.
check_shares "$RIG_DIR/capped.json" 3.0 > "$RIG_DIR/capped.txt" ||
  rig_fail "the capped run's shares are off: $(cat "$RIG_DIR/capped.txt")"
echo "capped at 3000 IOPS: $(cat "$RIG_DIR/capped.txt")"
rig_assert_clean "$RIG_DATASTORE"
echo "block_mix: ok"
