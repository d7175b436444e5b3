# The HTML report in headless Chromium: the page renders offline, Chart.js (inlined from Debian's
# libjs-chart.js) draws every chart the page has a canvas for, and the screenshot is not blank
# (html/render_check.sh).
iogate=$1; results=$2
source "$IOGATE_E2E_LIB"
source "$(dirname "${BASH_SOURCE[0]}")/html/render_check.sh"
trap cleanup_datastores EXIT
out="$E2E_DIR/html"; mkdir -p "$out"
"$iogate" report "$results" --html "$out/report.html" > /dev/null || fail "iogate report failed"
render_check "$out/report.html" "$out"
assert_contains "$out/dom.html" 'id="results"' "the results table rendered"
echo "reports_html: ok ($RENDERED_CHARTS charts, screenshot $(stat -c %s "$out/shot.png") bytes)"
