# Seed 000 on a real block device: the shipped thresholds/dd-8k-8g.toml, scaled down, catches a
# "driver" that makes the same 8 KiB sequential write seven times slower, against a baseline of
# the healthy device, and stops the slow run early.
#
# Usage: seed000_test.sh IOGATE SOURCE_DIR [FSTYPE...]   (ext4, xfs; default both; about 45 s each)
#
# The disk of a known speed. The datastore is ext4 (then xfs) on a loop device whose image lives
# on the rig's tmpfs. Unthrottled, that "disk" is memory behind a loop worker thread: its speed
# depends on what else the two cores are doing, so it has no stable speed of its own to regress
# from. The blkio throttle is what gives it one: write_bps capped at the good driver's rate
# (8 GiB in 2m06s = 65 MiB/s) is the healthy disk, and the cap cut to 1/7 (the bad driver's
# 14m12s) is the regression. A rate cap binds from above only: the slow runs are slow for
# certain, but the healthy ones keep to the cap only while the device beneath is faster. At 8 KiB
# and one I/O in flight it is bound by scheduling (each write passes a loop worker thread), and
# on two cores shared with compilers it dropped from ~140 MiB/s to 6-10; so iogate runs at
# nice -15 (the device, not the test's CPU share, is under test). When the healthy runs still fall
# below 90% of the cap, or spread so much that iogate calls them unstable, iogate judged a slower
# or noisier disk than the rig promised: the 1/7 phase is still run and asserted (a cap binds
# whatever the load), and the test then ends skipped with the figures. A healthy failure at the
# cap is a failure.
#
# The threshold file is derived from the shipped one with sed at test time, so the shipped file
# is what is tested: size 8GiB -> RIG_SIZE_MIB (256 MiB), duration_max 3m scaled in proportion
# (the same 45.5 MiB/s minimum rate), plus mbps_min = "90% of baseline" and repeat = 5 so that the
# baseline step has something to judge against. Every substitution is checked to have happened.
#
# The fingerprint: the seed's regression was a driver version (scsi-hpvsa 5.5.0-88 -> 5.5.0.100),
# which the fingerprint records as host_driver/host_driver_version. The rig cannot swap a
# driver, and a throttle leaves the stack as it was, so here the fingerprint must only name what
# is really underneath (the loop device, its driver "loop" and the filesystem) and report no
# change against the baseline; a changed driver is covered by the verdict unit tests.
iogate=$1
source_dir=$2
shift 2
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$iogate" "$source_dir" "$@"
rig_need_throttle

fstypes=("$@")
[ ${#fstypes[@]} -gt 0 ] || fstypes=(ext4 xfs)
size_mib=${RIG_SIZE_MIB:-256}
good_bps=$((65 * 1024 * 1024)) # 8 GiB in 2m06s
bad_bps=$((good_bps / 7))      # 8 GiB in 14m12s
shipped="$source_dir/thresholds/dd-8k-8g.toml"

# shellcheck source=tests/rig/data/seed000_gate.sh
source "$IOGATE_RIG_DATA/seed000_gate.sh"
gate="$RIG_DIR/dd-8k-scaled.toml"
seed000_gate "$shipped" "$size_mib" "$gate"
duration_max=$SEED000_DURATION_MAX
"$iogate" lint "$gate" > /dev/null || rig_fail "the scaled threshold file does not lint"
echo "seed000: $shipped scaled to ${size_mib} MiB, duration_max $duration_max, 90% of baseline"

# json_get FILE EXPR: a Python expression over the JSON document `d`.
json_get() { /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }

# slower_median RESULTS BASELINE: the smaller of the two median MB/s of the check's repeats.
slower_median() {
  /usr/bin/python3 -c 'import json,statistics as st,sys
runs = [r["mbps"] for r in json.load(open(sys.argv[1]))["checks"][0]["repeats"]]
base = json.load(open(sys.argv[2]))["checks"]["dd_write_8k_8g"]["metrics"]["mbps"]["samples"]
print(f"{min(st.median(runs), st.median(base)):.1f}")' "$1" "$2"
}

# seconds TEXT: iogate's duration text (850ms, 27.50s, 1m05s) in seconds.
seconds() {
  /usr/bin/python3 -c 'import re,sys
t = sys.argv[1]
if t.endswith("ms"): print(float(t[:-2]) / 1e3); sys.exit()
m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:([\d.]+)s)?", t)
print(int(m[1] or 0) * 3600 + int(m[2] or 0) * 60 + float(m[3] or 0))' "$1"
}

noisy=""
for fs in "${fstypes[@]}"; do
  rig_make_datastore "$fs" 768M
  out="$RIG_DIR/$fs"
  mkdir "$out"
  rig_throttle write_bps "$good_bps"

  # 1. The healthy disk: record the baseline, then the gate passes against it.
  rig_run nice -n -15 "$iogate" baseline record "$gate" --datastore "$RIG_DATASTORE" \
    --out "$out/baseline.json" --repeat 5 > "$out/record.log" ||
    { cat "$out/record.log"; rig_fail "$fs: baseline record failed"; }
  rc=0
  rig_run nice -n -15 "$iogate" check "$gate" --datastore "$RIG_DATASTORE" --baseline "$out/baseline.json" \
    --json "$out/good.json" > "$out/good.log" || rc=$?
  if [ "$rc" -ne 0 ]; then
    cat "$out/good.log"
    # The rig's premise is a disk that keeps to the cap. When the runs themselves (baseline or
    # check) fell well below it, the machine was too busy for the loop device to be that disk:
    # iogate judged a slower disk, which says nothing about its verdicts. Only a verdict against
    # runs that did keep to the cap is a wrong one.
    status=$(json_get "$out/good.json" 'd["checks"][0]["status"]')
    slowest=$(slower_median "$out/good.json" "$out/baseline.json")
    if [ "$status" = unstable ] || rig_at_most "$slowest" 58.5; then
      noisy+="$fs: the healthy runs did not keep to the 65 MiB/s cap ($status; median MB/s"
      noisy+=" $slowest in the slower of baseline and check; load $(cut -d' ' -f1-3 /proc/loadavg)):"
      noisy+=" this machine is too busy for the loop device to be a disk of a known speed; "
    else
      rig_fail "$fs: the healthy disk failed its own baseline (exit $rc) though it kept to the cap"
    fi
  else
    echo "$fs healthy: $(grep '^| dd_write' "$out/good.log")"
  fi

  # 2. The bad driver: the same disk at 1/7 of the rate.
  rig_throttle write_bps "$bad_bps"
  rc=0
  rig_run nice -n -15 "$iogate" check "$gate" --datastore "$RIG_DATASTORE" --baseline "$out/baseline.json" \
    --json "$out/bad.json" --junit "$out/bad.xml" > "$out/bad.log" || rc=$?
  rig_unthrottle
  cat "$out/bad.log"
  [ "$rc" -eq 1 ] || rig_fail "$fs: iogate check on the 1/7 disk exited $rc, expected 1"

  # The message names the shortfall with figures, and fail-fast stopped it.
  line=$(grep '^FAIL dd_write_8k_8g: ' "$out/bad.log") || rig_fail "$fs: no FAIL line for dd_write_8k_8g"
  echo "$line" | grep -Eq "duration ([0-9.hms]+ (\([a-z0-9 ]+\) )?)?> duration_max [0-9.]+s|mbps ([0-9.]+ MB/s (\([a-z0-9 ]+\) )?)?< mbps_min 90% of baseline = [0-9.]+" ||
    rig_fail "$fs: the failure does not name the shortfall with figures: $line"
  [[ $line =~ stopped\ at\ ([0-9.hms]+)\ after\ .*\ of\ ${size_mib}\ MiB.*projected\ ([0-9.hms]+) ]] ||
    rig_fail "$fs: fail-fast did not stop the slow run (no 'stopped at ... projected ...'): $line"
  stopped=$(seconds "${BASH_REMATCH[1]}") projected=$(seconds "${BASH_REMATCH[2]}")
  rig_at_most "$stopped" "$(/usr/bin/python3 -c "print($projected / 3)")" ||
    rig_fail "$fs: stopped at ${stopped}s of a projected ${projected}s: not far below it"

  # The results name it failed: JSON status and a JUnit <failure>.
  [ "$(json_get "$out/bad.json" 'd["checks"][0]["status"]')" = fail ] ||
    rig_fail "$fs: results.json does not say fail"
  # The cut lasts: the sample after the pause showed it again.
  [ "$(json_get "$out/bad.json" 'd["checks"][0]["confirmation"]["outcome"]')" = persisted ] ||
    rig_fail "$fs: results.json does not say the shortfall persisted"
  xmllint --xpath 'string(//testcase[@name="dd_write_8k_8g"]/failure/@type)' "$out/bad.xml" |
    grep -qx threshold || rig_fail "$fs: junit.xml has no threshold <failure> for dd_write_8k_8g"

  # The fingerprint names what is underneath, and nothing changed since the baseline.
  stack='d["context"]["storage_stack"]'
  [ "$(json_get "$out/bad.json" "${stack}['filesystem']")" = "$fs" ] ||
    rig_fail "$fs: fingerprint filesystem is $(json_get "$out/bad.json" "${stack}['filesystem']")"
  dev=$(json_get "$out/bad.json" "${stack}['device']")
  [ "/dev/$dev" = "$RIG_LOOP" ] || [ "$dev" = "$RIG_LOOP" ] ||
    rig_fail "$fs: fingerprint device is '$dev', expected $RIG_LOOP"
  [ "$(json_get "$out/bad.json" 'len(d["checks"][0]["fingerprint_changes"])')" = 0 ] ||
    rig_fail "$fs: the fingerprint changed though only the throttle did"

  rig_assert_clean "$RIG_DATASTORE"
  echo "$fs: seed000 caught (stopped at ${stopped}s, projected ${projected}s)"
done
# The 1/7 phase holds whatever the load (a cap binds from above); the healthy one needs a quiet
# enough machine, and without it the test is only partly done: skipped, with the reason.
[ -z "$noisy" ] || rig_skip "${noisy}the 1/7 phase was judged and passed"
echo "seed000: ok"
