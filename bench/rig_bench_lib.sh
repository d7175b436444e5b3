# Shared by the bench rigs: those that judge one "90% of baseline" check many times on a throttled
# loop device (rig_verdicts.sh, rig_confirmation.sh) and those that run iogate beside fio
# (rig_steady_state_fio.sh, rig_priority_fio.sh). Sourced after tests/rig/rig_lib.sh.

# bench_fio_datastore SIZE: after rig_enter, skips unless the throttle and fio are here, then makes
# an ext4 datastore of SIZE (rig_make_datastore).
bench_fio_datastore() {
  rig_need_throttle
  command -v fio > /dev/null || rig_skip "fio is not installed (apt-get install fio)"
  rig_make_datastore ext4 "$1"
}

# bench_throttle TOTAL: the device capped at TOTAL IOPS, 70% of it for reads and 30% for writes
# (the checks' 70% read mix; the throttle counts reads and writes apart).
bench_throttle() {
  rig_throttle read_iops $(($1 * 7 / 10)) 2> /dev/null
  rig_throttle write_iops $(($1 * 3 / 10)) 2> /dev/null
}

# bench_record_baseline IOGATE GATE OUT CHECK [FLAG...]: `iogate baseline record` into
# OUT/baseline.json (its log in OUT/baseline.log), with any FLAGs (--repeat-max 60); prints CHECK's
# IOPS samples and their cv.
bench_record_baseline() {
  rig_run "$1" baseline record "$2" --datastore "$RIG_DATASTORE" --out "$3/baseline.json" \
    "${@:5}" > "$3/baseline.log"
  /usr/bin/python3 -c 'import json,sys
m = json.load(open(sys.argv[1]))["checks"][sys.argv[2]]["metrics"]["iops"]
print("baseline IOPS:", " ".join(f"{v:.0f}" for v in m["samples"]), "(cv %.1f%%)" % (m["cv"] * 100))' \
    "$3/baseline.json" "$4"
}

# bench_check_once IOGATE GATE OUT NAME: one `iogate check` against OUT/baseline.json, its results
# in OUT/NAME.json and its output in OUT/NAME.log (a failing check is data here, not an error);
# prints its wall time in seconds.
bench_check_once() {
  local start end
  start=$(date +%s.%N)
  rig_run "$1" check "$2" --datastore "$RIG_DATASTORE" --baseline "$3/baseline.json" \
    --json "$3/$4.json" > "$3/$4.log" 2>&1 || true
  end=$(date +%s.%N)
  /usr/bin/python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.1f}")' \
    "$start" "$end"
}

# bench_cpu_hog MIN_MS MAX_MS: a noisy neighbour on the CPU until killed: one busy loop per core for
# MIN_MS-MAX_MS milliseconds, then idle for as long again (drawn anew), over and over. Run it in the
# background and kill it with its children (pkill -P).
bench_cpu_hog() {
  local min=$1 max=$2 on off pids c
  seconds_of() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }
  while :; do
    on=$((min + RANDOM % (max - min + 1)))
    off=$((min + RANDOM % (max - min + 1)))
    pids=()
    for ((c = 0; c < $(nproc); c++)); do
      timeout "$(seconds_of "$on")" sh -c 'while :; do :; done' & pids+=($!)
    done
    wait "${pids[@]}" 2> /dev/null || true
    sleep "$(seconds_of "$off")"
  done
}
