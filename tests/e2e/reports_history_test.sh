# iogate report --history in headless Chromium: six runs on one datastore, the last three 25%
# slower; the page draws each check's figure over the runs with its bound and marks run 4, and
# says so in its text. Bad input (a missing directory, another datastore's runs, nothing in
# common, one run) exits 2 and writes no page. A history whose workload changed where the figure
# did marks the workload's change, not the figure's. IOGATE_E2E_SHOTS=DIR keeps the screenshot
# (history.png).
iogate=$1; results=$2
source "$IOGATE_E2E_LIB"
html=$(dirname "${BASH_SOURCE[0]}")/html
source "$html/render_check.sh"
trap cleanup_datastores EXIT
out="$E2E_DIR/history"; mkdir -p "$out/runs" "$out/other" "$out/empty"
/usr/bin/python3 "$html/make_results.py" runs "$results" "$out/runs" 6 4 0.75
dirs=("$out"/runs/run-{1..6})

"$iogate" report --history "${dirs[@]}" --html "$out/history.html" > "$out/stdout" \
  || { cat "$out/stdout"; fail "iogate report --history failed"; }
assert_contains "$out/stdout" '^iogate report: history of 6 runs, 2 figures' "the summary line"
assert_contains "$out/stdout" 'changed: rand_read_8k iops: 1000 -> 750 \(-25.0%\) at run 4' "the change, printed"
render_check "$out/history.html" "$out"
[ -z "${IOGATE_E2E_SHOTS:-}" ] || { mkdir -p "$IOGATE_E2E_SHOTS"; cp "$out/shot.png" "$IOGATE_E2E_SHOTS/history.png"; }
[ "$RENDERED_CHARTS" = 2 ] || fail "history: $RENDERED_CHARTS charts drawn, expected 2"
dom="$out/dom.html"
/usr/bin/python3 "$html/dom_check.py" "$dom" bounds 2 ymin hist- marked 2 || fail "the history page's charts"
assert_contains "$dom" 'id="hist-0"[^>]*data-change="4"[^>]*data-marked="4"' "the change marked at run 4"
assert_contains "$dom" '<div id="changes" class="changed">' "the changes box"
assert_contains "$dom" 'rand_read_8k iops: 1000 -&gt; 750 \(-25.0%\) at run 4' "the change in the page's text"

# Runs that stay within their spread: nothing marked.
/usr/bin/python3 "$html/make_results.py" runs "$results" "$out/steady" 4 99 1.0
"$iogate" report --history "$out"/steady/run-{1..4} --html "$out/steady.html" > /dev/null \
  || fail "a steady history failed"
grep -q 'data-change=' "$out/steady.html" && fail "a steady history marks a change"
assert_contains "$out/steady.html" '<b>No figure changed</b>' "the steady history says so"

# The queue depth four times deeper from run 4, the figures 25% lower with it: the workload's
# change, drawn and said, and no figure's.
/usr/bin/python3 "$html/make_results.py" workload-change "$results" "$out/deeper" 6 4 0.75
"$iogate" report --history "$out"/deeper/run-{1..6} --html "$out/deeper.html" > "$out/deeper.out" \
  || { cat "$out/deeper.out"; fail "a history with a workload change failed"; }
render_check "$out/deeper.html" "$out/deeper"
[ -z "${IOGATE_E2E_SHOTS:-}" ] || cp "$out/deeper/shot.png" "$IOGATE_E2E_SHOTS/history-workload.png"
dom="$out/deeper/dom.html"
/usr/bin/python3 "$html/dom_check.py" "$dom" workload 2 marked 0 || fail "the workload change's marker"
assert_contains "$dom" 'the workload changed at run 4' "the workload change, said"
assert_contains "$dom" 'Grey diamond: the workload changed at run 4 \(queue_depth 1 -&gt; 4' "the caption"

refused() {  # what-it-is expected-message args...
  local what=$1 expected=$2; shift 2
  rm -f "$out/bad.html"
  set +e; "$iogate" report --history "$@" --html "$out/bad.html" > "$out/bad.out" 2>&1; local rc=$?; set -e
  [ "$rc" = 2 ] || { cat "$out/bad.out"; fail "$what: exit $rc, expected 2"; }
  assert_contains "$out/bad.out" "$expected" "$what: the message"
  [ ! -e "$out/bad.html" ] && [ ! -e "$out/bad.html.tmp" ] || fail "$what: a page was written"
}
refused "a missing directory" "$out/runs/run-9: no such directory" "${dirs[@]}" "$out/runs/run-9"
/usr/bin/python3 "$html/make_results.py" runs "$results" "$out/other" 1 99 1.0 /mnt/elsewhere
refused "another datastore" "results of datastore /mnt/elsewhere on host .*: a history is of one datastore" \
  "${dirs[@]:0:2}" "$out/other/run-1"
refused "a directory without results" "$out/empty: holds no iogate check results" "${dirs[0]}" "$out/empty"
refused "one run" "at least two runs, got 1" "${dirs[0]}"
/usr/bin/python3 - "$out/other/run-1" "$out/renamed" <<'PY'
import json, os, sys
os.makedirs(sys.argv[2], exist_ok=True)
for name in os.listdir(sys.argv[1]):
    doc = json.load(open(os.path.join(sys.argv[1], name)))
    doc["check"] += "_v2"
    doc["datastore"] = "/mnt/array"
    json.dump(doc, open(os.path.join(sys.argv[2], name), "w"))
PY
refused "nothing in common" "nothing in common to draw" "${dirs[0]}" "$out/renamed"
echo "reports_history: ok (2 charts, change marked at run 4; bad input refused with exit 2, no page)"
