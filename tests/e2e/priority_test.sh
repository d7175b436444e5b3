# Priority classes as a user gives them: `iogate run --priority/--cmd-priority/--cmd-priority-share`,
# the threshold keys, fio's prioclass and cmdprio_* imported, and the refusals. What reaches the
# kernel is read from strace: libaio's iocbs carry the share's class (aio_reqprio) and psync's
# thread takes the job's class (ioprio_set) and gives its own back. The drawn share is a count
# over 1024 I/Os at 25% (standard deviation 1.35 points), judged within 5 points.
# Usage: priority_test.sh IOGATE
source "$IOGATE_E2E_LIB"
iogate=$1
trap cleanup_datastores EXIT
ds=$(new_datastore)
out=$(new_datastore)

between() {  # what value low high: low <= value <= high
  /usr/bin/python3 -c 'import sys; v, lo, hi = map(float, sys.argv[1:]); sys.exit(not lo <= v <= hi)' \
    "$2" "$3" "$4" || fail "$1: $2, expected from $3 to $4"
}

# Best-effort classes, which any user may take: the share at level 0, the rest at 7.
share_run=(run --datastore "$ds" --engine libaio --bs 4k --read 100 --random 100 --file-size 4MiB
  --size 4MiB --qd 8 --priority be:7 --cmd-priority be:0 --cmd-priority-share 25%)
"$iogate" "${share_run[@]}" --json "$out/share.json" > "$out/share.txt"
assert_contains "$out/share.txt" \
  '^priority: be:0 on [0-9.]+% of I/Os \(asked 25%\), latency avg [0-9.]+ ms, p99 [0-9.]+ ms; the rest at be:7, latency avg' \
  "the run's priority line"
between "the share drawn" "$(json_value "$out/share.json" result prioritized ios_pct)" 20 30
high=$(json_value "$out/share.json" result prioritized ios)
low=$(json_value "$out/share.json" result unprioritized ios)
[ $((high + low)) = "$(json_value "$out/share.json" result ios)" ] || fail "the sides do not add up"
[ "$(json_value "$out/share.json" workload priority)" = be:7 ] || fail "priority not recorded"
[ "$(json_value "$out/share.json" workload cmd_priority)" = be:0 ] || fail "cmd_priority not recorded"
[ "$(json_value "$out/share.json" workload cmd_priority_pct)" = 25.0 ] || fail "the share not recorded"

if command -v strace > /dev/null; then
  # Each iocb of the share goes down with IOCB_FLAG_IOPRIO and best effort 0 (2 << 13 = 16384).
  strace -f -qq -e trace=io_submit -o "$out/aio.trace" "$iogate" "${share_run[@]}" > /dev/null
  grep -o 'aio_reqprio=[^)]*)' "$out/aio.trace" | sort | uniq -c > "$out/reqprio.txt" || true
  carried=$(grep -c 'aio_reqprio=IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 0)' "$out/aio.trace" || true)
  [ "$(wc -l < "$out/reqprio.txt")" = 1 ] || fail "iocbs carry other classes: $(cat "$out/reqprio.txt")"
  submitted=$(grep -o 'aio_lio_opcode=' "$out/aio.trace" | wc -l)
  [ "$submitted" -ge 1024 ] || fail "strace saw $submitted iocbs, expected 1024 at least"
  between "iocbs carrying be:0 (of $submitted; $(tr -s ' \n' ' ' < "$out/reqprio.txt"))" \
    "$((100 * carried / submitted))" 20 30
  # psync: the thread takes idle for the run and gives back what it had.
  strace -f -qq -e trace=ioprio_set -o "$out/psync.trace" "$iogate" run --datastore "$ds" \
    --engine psync --bs 4k --read 100 --file-size 1MiB --size 1MiB --priority idle > /dev/null
  assert_contains "$out/psync.trace" 'ioprio_set\(IOPRIO_WHO_PROCESS, 0, IOPRIO_PRIO_VALUE\(IOPRIO_CLASS_IDLE' \
    "psync's thread takes idle"
  [ "$(grep -c 'ioprio_set' "$out/psync.trace")" -ge 2 ] || fail "the thread's class not given back"
else
  echo "strace not installed: what reaches the kernel is not checked" >&2
fi

# fio's classes imported: the job at idle, a fifth of its reads at real time 0.
printf '%s\n' '[prio]' size=4m rw=randread bs=128k ioengine=libaio iodepth=8 prioclass=3 \
  cmdprio_percentage=20 cmdprio_class=1 log_prio=1 > "$out/prio.fio"
"$iogate" import fio "$out/prio.fio" --expect iops_min=1 -o "$out/prio.toml" 2> /dev/null
assert_contains "$out/prio.toml" '^priority = "idle"$' "prioclass=3 is idle"
assert_contains "$out/prio.toml" '^cmd_priority = "rt:0"$' "cmdprio_class=1 at fio's level 0"
assert_contains "$out/prio.toml" '^cmd_priority_share = "20%"$' "cmdprio_percentage"
"$iogate" lint "$out/prio.toml" > /dev/null || fail "the imported priorities do not lint"

# A bound on the share's own latency: judged on its I/Os, and refused without a share to judge.
cat > "$out/qos.toml" << 'TOML'
[suite]
name = "qos"
[[check]]
name = "share"
[check.workload]
block_size = "4k"
read = "100%"
random = "100%"
size = "4MiB"
queue_depth = 8
engine = "libaio"
priority = "be:7"
cmd_priority = "be:0"
cmd_priority_share = "25%"
[check.expect]
prioritized_latency_p99_max = "10s"
TOML
"$iogate" check "$out/qos.toml" --datastore "$ds" --json-dir "$out/qos" > "$out/qos.log" ||
  { cat "$out/qos.log" >&2; fail "a check bounding the share's latency"; }
assert_contains "$out/qos.log" 'prioritized_latency_p99' "the bound judged on the share"
sed -i '/^cmd_priority/d' "$out/qos.toml"
assert_refused "a share's bound without a share" \
  'qos.toml:[0-9]+:[0-9]+: .*prioritized_latency_p99_max: bounds the latency of the I/Os issued at cmd_priority, and this workload has none' \
  "$iogate" lint "$out/qos.toml"

assert_refused "a share with psync" "cmd_priority: gives each I/O a class of its own.*io_uring or libaio" \
  "$iogate" run --datastore "$ds" --engine psync --bs 4k --size 1MiB --cmd-priority be:0 --cmd-priority-share 20%
assert_refused "a share without its class" "workload cmd_priority_share: is the share of the I/Os issued at cmd_priority, and there is none" \
  "$iogate" run --datastore "$ds" --bs 4k --size 1MiB --cmd-priority-share 20%
assert_refused "a level past 7" '--priority: expected a priority class: "rt:N" .* or "idle"' \
  "$iogate" run --datastore "$ds" --bs 4k --size 1MiB --priority be:8
sed -i 's/^priority = .*/priority = "lowest"/' "$out/prio.toml"
assert_refused "a class the file misspells" 'prio.toml:[0-9]+:[0-9]+: .*priority: expected a priority class' \
  "$iogate" lint "$out/prio.toml"
printf '[prio]\nsize=4m\nioengine=libaio\ncmdprio_bssplit=64k/100\n' > "$out/bssplit.fio"
assert_refused "cmdprio_bssplit" 'bssplit.fio:4:1: cmdprio_bssplit: iogate draws its prioritized I/Os over every block size' \
  "$iogate" import fio "$out/bssplit.fio" --expect iops_min=1
assert_no_scratch "$ds"
echo "priority: ok"
