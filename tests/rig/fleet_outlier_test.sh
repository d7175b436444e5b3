# A simulated fleet: eight loop-device datastores as eight hosts with one fingerprint, each
# device capped by the blkio throttle at the same I/O rate (eight alike disks). One host, h5,
# runs another I/O scheduler. In each of ROUNDS rounds with its cap cut to a fifth, `iogate fleet`
# must name h5, and no other host, and explain it by the scheduler; in each of ROUNDS rounds
# without the cut (the scheduler still differs) it must find no outlier.
#
# The hosts run at once, as a fleet does (the throttle holds each device to its rate whatever
# the others do), a short random-read check each, under their own --host-label.
#
# Usage: fleet_outlier_test.sh IOGATE   (ROUNDS, default 10; RATE, default 1500 IOPS)
iogate=$1
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle
rounds=${ROUNDS:-10}
rate=${RATE:-1500}
odd=h5

fleet_toml="$IOGATE_RIG_DATA/fleet_random_read.toml"

declare -A ds dev
for i in 1 2 3 4 5 6 7 8; do
  rig_make_datastore ext4 160M
  ds[h$i]=$RIG_DATASTORE
  dev[h$i]=$RIG_DEV
  rig_throttle read_iops "$rate"
done
# Every host's scheduler is set here, peers alike and $odd apart (rig_teardown puts each back).
peer_sched=$(rig_scheduler "${dev[h1]}")
other=none
[ "$peer_sched" != none ] || other=mq-deadline
grep -qw "$other" "$(rig_queue "${dev[$odd]}")/scheduler" ||
  rig_skip "loop devices here offer no second I/O scheduler ($(cat "$(rig_queue "${dev[$odd]}")/scheduler"))"
pool=$(cat "$(rig_queue "${dev[h1]}")/nr_requests")
for host in "${!ds[@]}"; do
  want=$peer_sched
  [ "$host" != "$odd" ] || want=$other
  rig_set_scheduler "${dev[$host]}" "$want"
  # A scheduler change resizes the request pool: set it back, so the scheduler is the one field.
  echo "$pool" > "$(rig_queue "${dev[$host]}")/nr_requests" 2> /dev/null || true
done
rig_log "$odd: scheduler $other, its peers $peer_sched (nr_requests $pool)"

# round NAME: every host runs the check at once; then the fleet judges them. Prints the fleet's
# exit status; its output is in $RIG_DIR/NAME/fleet.txt.
round() {
  local out="$RIG_DIR/$1" host pids=()
  mkdir -p "$out"
  for host in "${!ds[@]}"; do
    rig_run_bg "$iogate" check "$fleet_toml" --datastore "${ds[$host]}" --host-label "$host" \
      --json "$out/$host.json" > "$out/$host.log" 2>&1
    pids+=("$RIG_BG_PID")
  done
  for pid in "${pids[@]}"; do wait "$pid" || rig_fail "a host's check failed: $(cat "$out"/*.log)"; done
  local status=0
  "$iogate" fleet --report-dir "$out/report" "$out"/h*.json > "$out/fleet.txt" 2>&1 || status=$?
  echo "$status"
}

named=0 quiet=0
for r in $(seq 1 "$rounds"); do
  RIG_DEV=${dev[$odd]} rig_throttle read_iops $((rate / 5)) > /dev/null 2>&1
  status=$(round "cut$r")
  flagged=$(grep -o '^ *OUTLIER [^ ]*' "$RIG_DIR/cut$r/fleet.txt" | awk '{print $2}' | sort -u | tr '\n' ' ')
  if [ "$status" = 1 ] && [ "$flagged" = "$odd " ] &&
    grep -q "OUTLIER $odd .*scheduler: $other" "$RIG_DIR/cut$r/fleet.txt"; then
    named=$((named + 1))
  else
    rig_log "round $r with the cut: exit $status, flagged '$flagged'"; cat "$RIG_DIR/cut$r/fleet.txt" >&2
  fi
  RIG_DEV=${dev[$odd]} rig_throttle read_iops "$rate" > /dev/null 2>&1
  status=$(round "even$r")
  if [ "$status" = 0 ]; then
    quiet=$((quiet + 1))
  else
    rig_log "round $r without the cut: exit $status"; cat "$RIG_DIR/even$r/fleet.txt" >&2
  fi
done
sed -n '1,12p' "$RIG_DIR/cut$rounds/fleet.txt"
echo "with $odd cut to a fifth: named $odd alone, by its scheduler, in $named of $rounds rounds"
echo "all at one rate: no outlier in $quiet of $rounds rounds"
[ "$named" = "$rounds" ] && [ "$quiet" = "$rounds" ] || rig_fail "the fleet's verdicts missed"
for host in "${!ds[@]}"; do rig_assert_clean "${ds[$host]}"; done
echo PASS
