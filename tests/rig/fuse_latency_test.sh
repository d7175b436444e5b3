# A slow driver whose latency is set exactly: faultfs answers each read and write N microseconds
# after it arrived (an absolute deadline on CLOCK_MONOTONIC, timer slack 1 ns), and iogate must
# measure N back. faultfs and iogate run at real-time priority (fuse_need_rt): what is measured is
# then the injection plus FUSE's round trip, not the wait for a CPU on a machine shared with
# builds. At queue depth 1, 4 KiB random reads and writes, O_DIRECT, `iogate run`, N = 2 and 5 ms:
#   - no I/O can be faster than N: the minimum is >= N, exactly;
#   - the median (p50, within the histogram's 0.4%) is within [0.98 N, 1.05 N + R]: above N only
#     by R, what every answer costs beyond its injection (FUSE's round trip, the timer waking the
#     daemon, the completion waking iogate from an idle CPU), and what noise is left. R is
#     measured first, in the same test and at the same queue depth, as the median of the same
#     run against 500 us injected, minus those 500 us: 40-60 us in a release build, 100-140 us
#     under AddressSanitizer on a busy machine (nothing injected gives only 30 us: with no wait
#     no CPU goes idle). Held to N alone, the median failed at +6.9% under AddressSanitizer: the
#     machine, not the measurement;
#   - the mean is >= N, and is printed; it is not held to 5%: it also carries every stall of a
#     shared virtual machine, and one stall of a few hundred milliseconds in a 3 s run moves it by
#     several percent (at 2 ms: +3 to +5% in most trials, +33% in one) while the median stays
#     within +3.5%;
#   - IOPS x mean latency is within [0.95, 1.01]: one I/O in flight, back to back.
# Then at queue depth 4 the latency is per request: with faultfs's multithreaded loop four reads
# are served at once (the median stays within 1.05 N + R; IOPS near 4/N is printed), with its
# single-threaded loop (-s) one after another (each waits behind the others: median >= 2.5 N).
# The medians, not IOPS, decide: IOPS is the mean's reciprocal and moves with every stall.
# Real-time priority does not help against the hypervisor: with 20-30% of the CPUs stolen the
# median too drifts upwards (+66 and +87% in two runs with 7% stolen). A run on a noisy machine
# (see attempt) is not held to the upper bounds, and is tried again, up to three times, then the
# test skips.
#
# Under a sanitizer (the build's IOGATE_SANITIZE, the third argument) the test skips: the
# sanitizer's own work lengthens each answer by 100-250 us, and more the longer the wait (+112 us
# at 500 us, +220 us at 2 ms in one AddressSanitizer run), so no bound both holds there and means
# anything. The release build of the test workflow is what holds the measurement to 5%.
iogate=$1
faultfs=$2
sanitized=${3:-}
source "$IOGATE_RIG_LIB"
source "$(dirname "$0")/fuse_lib.sh"
[ -z "$sanitized" ] ||
  rig_skip "built with -fsanitize=$sanitized: latency is measured on the release build, where no sanitizer lengthens each I/O"
fuse_need "$faultfs"
rig_enter "$@"
fuse_need_rt

# cpu_ticks: "<stolen> <total>" jiffies of all CPUs so far (/proc/stat): the hypervisor's share.
cpu_ticks() { awk '/^cpu / { print $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat; }

# attempt NAME US QD RULE LOOP ARGS...: mounts faultfs with US microseconds of injected latency
# (LOOP "mt": its multithreaded loop, "single": -s), runs `iogate run` at queue depth QD on it,
# bounded in time, unmounts, and prints the figures. Returns 0 when they keep RULE: "roundtrip"
# (the median minus US is R at that queue depth, written to RIG_DIR/roundtrip_ns.QD), "qd1" (the
# bounds above for one I/O in flight), "parallel" (median <= 1.05 N + R) or "serial" (median >=
# 2.5 N); fails the test when they break it; returns 3 when the machine was too noisy to judge an
# upper bound: the hypervisor stole more than 5% of the CPUs (0-3% in quiet runs), more than 5%
# of faultfs's own wakeups came over 100 us late (0.1-1.5% at depth 1, 1.5-4% at depth 4 in
# quiet runs), or the run's mean is more than 10% above its median (within 5% in quiet runs).
# The floors (minimum, mean, median >= the injection) and IOPS x mean are judged on every run:
# noise only adds latency.
attempt() {
  local name=$1 us=$2 qd=$3 rule=$4 loop=$5 before after out rc
  shift 5
  case $loop in
    mt) fuse_mount "$name" --latency-us="$us" ;;
    single) fuse_mount "$name" --latency-us="$us" -s ;;
  esac
  out="$RIG_DIR/$name/run"
  before=$(cpu_ticks)
  timeout -k 5 60 $FUSE_RT "$iogate" run --datastore "$FUSE_MNT" --bs 4k --random 100 \
    --file-size 16MiB --time 3s --qd "$qd" "$@" --json "$out.json" > "$out.log" 2>&1 ||
    { cat "$out.log" >&2; rig_fail "iogate run --qd $qd $* exited $?"; }
  after=$(cpu_ticks)
  fuse_assert_empty
  fuse_unmount
  set +e
  /usr/bin/python3 - "$out.json" "$us" "$qd" "$rule" "$*" "$before" "$after" "$FUSE_LOG" \
    "$RIG_DIR/roundtrip_ns.$qd" <<'PY'
import json, os, re, sys
r = json.load(open(sys.argv[1]))["result"]
us, qd, rule, args = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
(stolen0, total0), (stolen1, total1) = (map(int, a.split()) for a in sys.argv[6:8])
roundtrip_file = sys.argv[9]
steal = 100.0 * (stolen1 - stolen0) / max(1, total1 - total0)
waits, late = map(int, re.search(r"(\d+) waits, (\d+) woke late", open(sys.argv[8]).read()).groups())
n = us * 1000.0
p50, mean, low, iops = r["lat_percentiles_ms"]["50"] * 1e6, r["lat_mean_ns"], r["lat_min_ns"], r["iops"]
noisy = steal > 5 or late > 0.05 * waits or mean > 1.10 * p50
if rule == "roundtrip":
    print(f"{args} qd {r['queue_depth']} ({r['engine']}), {us} us injected: p50 {p50 / 1e3:.1f} us, "
          f"mean {mean / 1e3:.1f} us: each answer costs {(p50 - n) / 1e3:.1f} us beyond its "
          f"injection; CPU stolen {steal:.0f}%" + ("; too noisy to judge" if noisy else ""))
    if p50 < n:
        print("FAIL: the median is below the injected latency", file=sys.stderr)
        sys.exit(1)
    if not noisy:
        open(roundtrip_file, "w").write(f"{p50 - n:.0f}\n")
    sys.exit(3 if noisy else 0)
roundtrip = float(open(roundtrip_file).read())
upper = 1.05 * n + roundtrip
print(f"{args} qd {r['queue_depth']} ({r['engine']}), {us} us injected: p50 {p50 / 1e3:.1f} us "
      f"({(p50 / n - 1) * 100:+.2f}%), mean {mean / 1e3:.1f} us ({(mean / n - 1) * 100:+.2f}%), "
      f"min {low / 1e3:.1f} us, IOPS {iops:.1f} (1/latency {1e9 / n:.1f}, IOPS x mean "
      f"{iops * mean / 1e9:.3f}); upper bound {upper / 1e3:.1f} us with the round trip; CPU "
      f"stolen {steal:.0f}%, faultfs woke late {late} of {waits}"
      + ("; too noisy to judge" if noisy else ""))
problems = []
if r["queue_depth"] != qd:
    problems.append(f"ran at queue depth {r['queue_depth']}, not {qd}")
if rule == "qd1":
    if low < n:
        problems.append("an I/O was faster than the injected latency")
    if p50 < 0.98 * n or (p50 > upper and not noisy):
        problems.append("the median is not within [0.98 N, 1.05 N + round trip] of the injected "
                        "latency N")
    if mean < n:
        problems.append("the mean is below the injected latency")
    if not 0.95 <= iops * mean / 1e9 <= 1.01:
        problems.append("IOPS x mean latency is not within [0.95, 1.01] at queue depth 1")
elif rule == "parallel" and p50 > upper and not noisy:
    problems.append("four I/Os in flight were not served at once (they waited for each other)")
elif rule == "serial" and p50 < 2.5 * n:
    problems.append("a single-threaded daemon served more than one I/O at a time")
for p in problems:
    print("FAIL:", p, file=sys.stderr)
sys.exit(1 if problems else 3 if noisy else 0)
PY
  rc=$?
  set -e
  [ "$rc" -ne 1 ] || rig_fail "figures of iogate run --qd $qd $*"
  return "$rc"
}

# measure NAME US QD RULE LOOP ARGS...: attempt, up to three times while the machine is too
# noisy to judge; skips (77) when it was all three times, as the seed tests do on a machine too
# busy to measure.
measure() {
  local i
  for i in 1 2 3; do
    attempt "$1.$i" "${@:2}" && return 0
  done
  rig_skip "this machine is too busy to measure a latency: three runs of iogate run --qd $3 ${*:6} against $2 us were stalled (load $(cut -d ' ' -f 1-3 /proc/loadavg))"
}

# Keep every CPU awake while measuring: a spinner at SCHED_IDLE per CPU, which the real-time
# daemon and iogate preempt at once. A virtual CPU with nothing to run halts, and waking it
# (a wait of 2 ms is long enough for the host to deschedule it) cost 50-200 us per answer, and
# more the longer the wait; no bound can hold what the host does with an idle CPU.
keep_cpus_awake() {
  local cpu
  SPINNERS=()
  for cpu in $(seq 0 $(($(nproc) - 1))); do
    setpriv --pdeathsig KILL -- chrt -i 0 taskset -c "$cpu" sh -c 'while :; do :; done' &
    SPINNERS+=($!)
  done
}
keep_cpus_awake
trap 'kill "${SPINNERS[@]}" 2> /dev/null || true; rig_teardown' EXIT
measure roundtrip 500 1 roundtrip mt --read 100
measure roundtrip_qd4 500 4 roundtrip mt --read 100
# The injections the qd1 rule is held at (INJECTED_US; the proof's figures are 2 and 5 ms, CI
# holds 2 ms alone: the same bounds, half the test's time).
for us in ${INJECTED_US:-2000 5000}; do
  measure "read$us" $us 1 qd1 mt --read 100
  measure "write$us" $us 1 qd1 mt --read 0
done
measure qd4_multithreaded 2000 4 parallel mt --read 100
measure qd4_single 2000 4 serial single --read 100
echo "fuse_latency: ok"
