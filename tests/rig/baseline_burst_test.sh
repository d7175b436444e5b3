# baseline record against a neighbour's burst (src/verdicts/level_shift.hpp): the
# device's read IOPS halved for six seconds in the middle of the first recording. The recording
# must notice the shift, record again after its pause, and keep the second, steady recording: a
# baseline that kept the burst would call the neighbour "known good".
iogate=$1
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle

rig_make_datastore ext4 512M
cap=2000
gate="$RIG_DIR/gate.toml"
cat > "$gate" << 'TOML'
[suite]
name = "burst"
confirm_pause = "3s"
[[check]]
name = "rand_read_8k"
[check.workload]
block_size = "8k"
read = "100%"
random = "100%"
queue_depth = 8
file_size = "64MiB"
duration = "2s"
[check.expect]
iops_min = "90% of baseline"
TOML
rig_throttle read_iops "$cap" 2> /dev/null
# The neighbour: from the fifth second of the recording (six 2 s runs) to the eleventh.
(
  sleep 5
  rig_throttle read_iops $((cap / 2)) 2> /dev/null
  sleep 6
  rig_throttle read_iops "$cap" 2> /dev/null
) &
rig_run "$iogate" baseline record "$gate" --datastore "$RIG_DATASTORE" --out "$RIG_DIR/b.json" \
  --repeat 6 --repeat-max 6 > "$RIG_DIR/record.log" 2>&1 ||
  { cat "$RIG_DIR/record.log" >&2; rig_fail "baseline record failed"; }
wait
cat "$RIG_DIR/record.log"
grep -q "rand_read_8k: the datastore shifted level during the recording" "$RIG_DIR/record.log" ||
  rig_fail "the burst inside the recording went unnoticed"
grep -q "recording again after a 3.00s pause" "$RIG_DIR/record.log" ||
  rig_fail "no second recording after the pause"
[ "$(grep -c "shifted level" "$RIG_DIR/record.log")" = 1 ] ||
  rig_fail "the second recording, after the burst, was taken for a shift too"
/usr/bin/python3 - "$RIG_DIR/b.json" "$cap" << 'PY'
import json, sys
samples = json.load(open(sys.argv[1]))["checks"]["rand_read_8k"]["metrics"]["iops"]["samples"]
cap = int(sys.argv[2])
print("kept:", " ".join(f"{v:.0f}" for v in samples))
assert len(samples) == 6, samples
assert min(samples) >= 0.8 * cap, f"the baseline kept the burst: {samples}"
PY
rig_assert_clean "$RIG_DATASTORE"
echo "baseline_burst: ok"
