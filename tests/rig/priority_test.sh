# Priority classes as the device's queue sees them (block_rq_issue's ioprio, rig_classes_*): an
# ext4 loop device under mq-deadline, which serves classes, reads 128 KiB blocks at QD 8 with
# O_DIRECT for 3 s a run.
#   libaio:   idle for every read, a 20% share at rt:0     -> the queue's reads rt,0 and idle,0
#   io_uring: be:7 for every read, a 20% share at rt:0     -> rt,0 and be,7
#   psync:    be:3 for every read (the thread's class)     -> be,3 alone
# The share at the queue is judged against 20% within 4 points (a few thousand requests: the
# draw's own spread is under 1 point) and against the share iogate's JSON counted within 2.
iogate=$1
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_make_datastore ext4 256M
if grep -q mq-deadline "$(rig_queue "$RIG_DEV")/scheduler"; then
  rig_set_scheduler "$RIG_DEV" mq-deadline
fi
rig_log "scheduler: $(cat "$(rig_queue "$RIG_DEV")/scheduler")"

# run NAME FLAGS...: one run, its requests' classes in $RIG_DIR/NAME.classes.
run() {
  local name=$1
  shift
  rig_classes_start
  rig_run "$iogate" run --datastore "$RIG_DATASTORE" --bs 128k --read 100 --random 100 --qd 8 \
    --file-size 64MiB --time 3s --direct 1 --json "$RIG_DIR/$name.json" "$@" \
    > "$RIG_DIR/$name.log" 2>&1 || { cat "$RIG_DIR/$name.log" >&2; rig_fail "$name: iogate run failed"; }
  rig_classes_stop R 131072 > "$RIG_DIR/$name.classes"
  echo "$name: $(grep '^priority' "$RIG_DIR/$name.log")"
  echo "$name: the queue's reads by class: $(tr '\n' ';' < "$RIG_DIR/$name.classes")"
}

run libaio --engine libaio --priority idle --cmd-priority rt:0 --cmd-priority-share 20%
run io_uring --engine io_uring --priority be:7 --cmd-priority rt:0 --cmd-priority-share 20%
run psync --engine psync --priority be:3

/usr/bin/python3 - "$RIG_DIR" << 'PY'
import json, sys
base = sys.argv[1]
def classes(name):
    return {c: int(n) for c, n in (l.split() for l in open(f"{base}/{name}.classes"))}
def fail(why):
    sys.exit(f"FAIL: {why}")
for name, rest in (("libaio", "idle,0"), ("io_uring", "be,7")):
    seen = classes(name)
    total = sum(seen.values())
    if set(seen) != {"rt,0", rest}:
        fail(f"{name}: the queue saw {seen}, expected rt,0 and {rest} alone")
    share = 100 * seen["rt,0"] / total
    counted = json.load(open(f"{base}/{name}.json"))["result"]["prioritized"]["ios_pct"]
    print(f"{name}: {total} reads at the queue, rt,0 on {share:.2f}%; iogate counted {counted:.2f}%")
    if total < 500 or abs(share - 20) > 4 or abs(share - counted) > 2:
        fail(f"{name}: rt,0 on {share:.2f}% of {total} requests (iogate: {counted:.2f}%), "
             "expected 20% within 4 points and iogate's count within 2")
seen = classes("psync")
if set(seen) != {"be,3"} or seen["be,3"] < 100:
    fail(f"psync: the queue saw {seen}, expected be,3 alone")
print(f"psync: {seen['be,3']} reads at the queue, all be,3")
PY
rig_assert_clean "$RIG_DATASTORE"
echo "priority: ok"
