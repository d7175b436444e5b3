# Think time as a user gives it: `iogate run --think-time`, a threshold file's think_time and
# think_blocks, fio's thinktime imported, and the refusals. A pause can only slow a run, so the
# bounds asserted are ceilings the machine's load cannot break: one 5 ms pause per I/O allows at
# most 200 IOPS, one per 4 I/Os at queue depth 8 at most 800 (never more than 4 in flight).
# Usage: think_time_test.sh IOGATE
source "$IOGATE_E2E_LIB"
iogate=$1
trap cleanup_datastores EXIT
ds=$(new_datastore)
out=$(new_datastore)

at_most() {  # value ceiling what
  /usr/bin/python3 -c 'import sys; sys.exit(not 0 < float(sys.argv[1]) <= float(sys.argv[2]))' "$1" "$2" ||
    fail "$3: $1, expected above 0 and at most $2"
}

"$iogate" run --datastore "$ds" --bs 4k --read 100 --random 100 --file-size 4MiB --time 1s \
  --direct 0 --think-time 5ms --json "$out/one.json" > /dev/null
at_most "$(json_value "$out/one.json" result iops)" 200 "a 5 ms pause after every I/O"
[ "$(json_value "$out/one.json" workload think_time_s)" = 0.005 ] || fail "think_time_s not recorded"
[ "$(json_value "$out/one.json" workload think_blocks)" = 1 ] || fail "think_blocks not recorded"

"$iogate" run --datastore "$ds" --bs 4k --read 100 --random 100 --file-size 4MiB --time 1s \
  --direct 0 --qd 8 --think-time 5ms --think-blocks 4 --json "$out/four.json" > /dev/null
at_most "$(json_value "$out/four.json" result iops)" 800 "a 5 ms pause after every 4 I/Os at depth 8"

"$iogate" run --datastore "$ds" --bs 4k --read 100 --file-size 1MiB --size 1MiB \
  --direct 0 --json "$out/none.json" > /dev/null
! grep -q think_ "$out/none.json" || fail "a run without pauses records think time"

# A threshold file's keys, and fio's thinktime (microseconds when bare) imported into them.
printf '[think]\nsize=4m\nrw=randread\nthinktime=2000\nthinktime_blocks=4\niodepth=8\nioengine=libaio\n' \
  > "$out/think.fio"
"$iogate" import fio "$out/think.fio" --expect iops_min=1 -o "$out/think.toml" 2> /dev/null
assert_contains "$out/think.toml" '^think_time = "2ms"$' "thinktime=2000 is 2 ms"
assert_contains "$out/think.toml" '^think_blocks = 4$' "thinktime_blocks"
"$iogate" check "$out/think.toml" --datastore "$ds" --json "$out/check.json" > /dev/null ||
  fail "the imported think-time check"
[ "$(json_value "$out/check.json" checks 0 workload think_time_s)" = 0.002 ] || fail "the check's think time"

assert_refused "think_blocks alone" "counts the I/Os between think-time pauses, and there is no think_time" \
  "$iogate" run --datastore "$ds" --bs 4k --size 1MiB --think-blocks 4
sed -i 's/^think_time = .*/think_time = "0s"/' "$out/think.toml"
assert_refused "a pause of 0 s" 'think.toml:[0-9]+:[0-9]+: .*think_time: expected a duration longer than 0' \
  "$iogate" lint "$out/think.toml"
printf '[think]\nsize=4m\nrw=randread\nthinktime=2000\nthinktime_blocks_type=issue\n' > "$out/issue.fio"
assert_refused "thinktime_blocks_type=issue" 'issue.fio:5:1: thinktime_blocks_type: .*completed' \
  "$iogate" import fio "$out/issue.fio" --expect iops_min=1
assert_no_scratch "$ds"
echo "think_time: ok"
