# Steady state on a device that slows down after a burst (include/iogate/engine/steady_state.hpp):
# the loop device takes random writes at a burst cap until 48 MiB beyond the test file have been
# written, then a watcher tightens the throttle to a quarter, as an SSD past its write cliff or a
# drained write-back cache does. The same check without steady_state measures from its start and
# reports the burst; with it, the measured window starts once the slower figure is steady, and
# measures that. The window is longer than the burst, so no window of the burst alone can be
# taken for the steady state.
iogate=$1
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle

rig_make_datastore ext4 512M
burst=4000
slow=1000
file_mib=32
burst_mib=48
loop=$(basename "$RIG_LOOP")

# written_mib: MiB the loop device has been given to write since it was made.
written_mib() { awk '{ print int($7 * 512 / 1048576) }' "/sys/block/$loop/stat"; }

# run NAME [FLAGS...]: one run at the burst cap, tightened to the slow cap once the test file and
# burst_mib more have been written; the watcher says when.
run() {
  local name=$1
  shift
  rig_throttle write_iops "$burst" 2> /dev/null
  local start
  start=$(written_mib)
  (
    until [ "$(written_mib)" -ge $((start + file_mib + burst_mib)) ]; do sleep 0.05; done
    rig_throttle write_iops "$slow" 2> /dev/null
    echo "$name: the throttle tightened to $slow IOPS after $((file_mib + burst_mib)) MiB" >&2
  ) &
  local watcher=$!
  rig_run "$iogate" run --datastore "$RIG_DATASTORE" --bs 4k --read 0 --random 100 --qd 8 \
    --file-size "${file_mib}MiB" --time 3s --direct 1 --engine libaio --json "$RIG_DIR/$name.json" \
    "$@" > "$RIG_DIR/$name.log" 2>&1 || { cat "$RIG_DIR/$name.log" >&2; rig_fail "$name: iogate run failed"; }
  kill "$watcher" 2> /dev/null || true
  wait "$watcher" 2> /dev/null || true
  cat "$RIG_DIR/$name.log"
}

run burst
run steady --steady-state iops:10% --steady-window 4s --steady-interval 500ms --steady-max 60s

/usr/bin/python3 - "$RIG_DIR/burst.json" "$RIG_DIR/steady.json" "$burst" "$slow" << 'PY'
import json, sys
burst_run = json.load(open(sys.argv[1]))["result"]
steady_run = json.load(open(sys.argv[2]))["result"]
burst, slow = int(sys.argv[3]), int(sys.argv[4])
outcome = steady_run["steady_state"]
print(f"without steady state: {burst_run['iops']:.0f} IOPS ({burst_run['iops'] / slow:.2f}x the slow cap)")
print(f"with steady state: {steady_run['iops']:.0f} IOPS ({steady_run['iops'] / slow:.3f}x the slow cap), "
      f"settled {outcome['settled']} after {outcome['after_s']:.1f} s, last window "
      f"{outcome.get('criterion', float('nan')):.1f}%")
assert "steady_state" not in burst_run, "a run without steady_state reported an outcome"
assert burst_run["iops"] >= 2 * slow, "the run without steady state did not see the burst"
assert outcome["settled"], "the slowed device never settled within 60 s"
# The burst lasts 48 MiB at 4000 IOPS (3 s), the window is 4 s: the earliest a window could hold
# slow samples only is 3 + 4 s in.
assert outcome["after_s"] >= 6.0, f"settled at {outcome['after_s']} s: inside the burst"
assert 0.85 * slow <= steady_run["iops"] <= 1.1 * slow, "the measured window is not the slowed device's"
PY
[ $? -eq 0 ] || rig_fail "steady state did not measure the slowed device (above)"
rig_assert_clean "$RIG_DATASTORE"
echo "steady_state: ok"
