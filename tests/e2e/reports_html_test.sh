# The HTML report in headless Chromium: the page renders offline, Chart.js (inlined from Debian's
# libjs-chart.js) draws every chart the page has a canvas for, and the screenshot is not blank
# (html/render_check.sh). Then what a reader sees at a glance, from the DOM after the scripts ran:
# the verdict banner of a passing and of a failing run, one bound line per bound on each chart it
# bounds, rate axes from zero, one rate per chart, a bound 446 times the figure marked on the
# axis's edge instead of flattening the figures, a duration bound drawn over the runs, an
# undecided bound's reason, and latency axes labelled to their top. IOGATE_E2E_SHOTS=DIR keeps the
# screenshots (pass.png, fail.png, offscale.png, duration.png).
iogate=$1; results=$2
source "$IOGATE_E2E_LIB"
html=$(dirname "${BASH_SOURCE[0]}")/html
source "$html/render_check.sh"
trap cleanup_datastores EXIT
out="$E2E_DIR/html"; mkdir -p "$out"
"$iogate" report "$results" --html "$out/report.html" > /dev/null || fail "iogate report failed"
render_check "$out/report.html" "$out"
assert_contains "$out/dom.html" 'id="results"' "the results table rendered"
echo "reports_html: ok ($RENDERED_CHARTS charts, screenshot $(stat -c %s "$out/shot.png") bytes)"

/usr/bin/python3 "$html/make_results.py" pages "$results" "$out"
for page in pass fail offscale duration; do
  "$iogate" report "$out/$page.json" --html "$out/$page.html" > /dev/null \
    || fail "iogate report $page.json failed"
  render_check "$out/$page.html" "$out/$page"
  [ -z "${IOGATE_E2E_SHOTS:-}" ] || { mkdir -p "$IOGATE_E2E_SHOTS"; cp "$out/$page/shot.png" "$IOGATE_E2E_SHOTS/$page.png"; }
done

dom="$out/pass/dom.html"
assert_contains "$dom" '<div id="verdict" class="pass">' "the passing run's banner"
assert_contains "$dom" '<b>PASS</b>: the check passed' "the passing run's banner text"
assert_contains "$dom" '<span class="zero">0 fail</span>' "a neutral chip at zero"
# iops_min on the throughput chart, latency_p99_max on the latency chart
/usr/bin/python3 "$html/dom_check.py" "$dom" bounds 2 ymin tp- || fail "the passing page's charts"
assert_contains "$dom" 'id="tp-0-iops"[^>]*data-bounds="1"[^>]*data-bound-lines="1"' "iops_min drawn once"
grep -q 'id="tp-0-mbps"' "$dom" && fail "MB/s charted beside IOPS for one block size"
assert_contains "$dom" 'MB/s is IOPS x 8 KiB here \(one block size\)' "the rate not charted, said"
assert_contains "$dom" 'IOPS per one-second interval of the run' "the charted run named"
assert_contains "$dom" 'id="lat-0"[^>]*data-bounds="1"[^>]*data-bound-lines="1"' "latency_p99_max drawn once"
assert_contains "$dom" 'The last interval \(0.072 ms, 1 I/O, 1736.11 MB/s over its own length\) is left out' \
  "the partial last interval said to be left out"

dom="$out/fail/dom.html"
assert_contains "$dom" '<div id="verdict" class="fail">' "the failing run's banner"
assert_contains "$dom" '<b>FAIL</b>: 3 of 5 checks did not pass' "the failing run's banner text"
assert_contains "$dom" '<b>FAIL</b>: seq_&lt;write&gt;: iops 250.00 &lt; iops_min 300.00' "the failure's reason"
assert_contains "$dom" '<b>ERROR</b>: no_space: error: needs 1.10 GiB, 200 MiB free' "the error's reason"
assert_contains "$dom" '<span class="fail">1 fail</span>' "a red chip for the failure"
# the pass's and the failure's iops bound (relative, resolved on the baseline) and the
# failure's now/baseline chart
/usr/bin/python3 "$html/dom_check.py" "$dom" bounds 3 ymin tp- ymin bl- || fail "the failing page's charts"
assert_contains "$dom" 'id="bl-1"[^>]*data-bounds="1"[^>]*data-bound-lines="1"' "the baseline chart's bound"

# Every latency axis is labelled up to its top, each label with its unit (the golden's latencies
# reach 1.36 ms; Chart.js alone labelled nothing above 1 ms).
/usr/bin/python3 "$html/dom_check.py" "$dom" ticks lat-:ms || fail "the failing page's latency axes"

dom="$out/duration/dom.html"
# Seed 000's shape: the duration bound is a line over the three runs' bars, the interval shaded.
/usr/bin/python3 "$html/dom_check.py" "$dom" bounds 2 ymin dur- || fail "the duration page's charts"
assert_contains "$dom" 'id="dur-0"[^>]*data-bounds="1"[^>]*data-bound-lines="1"' "duration_max drawn"
assert_contains "$dom" 'Duration of each of the 3 runs the verdict weighed \(axis from zero\)\. Dashed red: duration_max 3 s\. Shaded: the verdict' \
  "the duration chart's caption"
assert_contains "$dom" '<td>duration_max</td><td>at most 3 s</td>' "the duration bound's row"
# The undecided check: why, and no interval bar promised where there is none.
assert_contains "$dom" 'undecided: the interval iops at least 0.61x baseline \(bound 0.90x\) has one end only' \
  "an undecided bound says why"
grep -q "Now / baseline: the bar is" "$dom" && fail "a caption speaks of an interval bar it does not draw"
assert_contains "$dom" 'no bar: the verdict' "the missing bar is said"

dom="$out/offscale/dom.html"
/usr/bin/python3 "$html/dom_check.py" "$dom" bounds 1 offscale 1 ymin tp- || fail "the off-scale page's charts"
assert_contains "$dom" 'iops_min 446000 IOPS is off the scale, [0-9]+x the highest interval' "the off-scale bound said"
echo "reports_html: the pass, fail and off-scale pages' banners, bounds and axes: ok"
