# render_check PAGE WORKDIR: one of iogate's HTML pages in headless Chromium. The page renders
# offline (no network, a fresh profile), its script runs to the end without an uncaught error,
# Chart.js (inlined from Debian's libjs-chart.js) draws every chart the page has a canvas for
# (body[data-charts], which the page script sets, equals the canvases), and the screenshot is not
# blank. Leaves WORKDIR/dom.html (the DOM after the scripts) for the caller's own assertions and
# sets RENDERED_CHARTS. Sourced after lib.sh.
render_check() {
  local page=$1 work=$2 canvases
  command -v chromium > /dev/null || fail "chromium is not installed (scripts/install-deps.sh --tests)"
  [ -r /usr/share/javascript/chart.js/chart.min.js ] || fail "libjs-chart.js is not installed"
  mkdir -p "$work"
  local browser=(chromium --headless --no-sandbox --disable-gpu --disable-background-networking
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$work/profile"
    --enable-logging=stderr --v=0)
  timeout 120 "${browser[@]}" --virtual-time-budget=5000 --dump-dom "file://$page" \
    > "$work/dom.html" 2> "$work/chromium.log" || { cat "$work/chromium.log"; fail "dump-dom $page"; }
  if grep -F "CONSOLE" "$work/chromium.log" | grep -q "Uncaught"; then
    grep -F "CONSOLE" "$work/chromium.log" >&2; fail "$page: a script error"
  fi
  canvases=$(grep -o '<canvas ' "$work/dom.html" | wc -l)
  RENDERED_CHARTS=$(grep -o '<body data-charts="[0-9]*"' "$work/dom.html" | grep -o '[0-9]*' || true)
  [ "$canvases" -gt 0 ] || fail "$page has no chart canvases"
  [ "$RENDERED_CHARTS" = "$canvases" ] || fail "$page: charts drawn: '${RENDERED_CHARTS}', canvases: $canvases"

  timeout 120 "${browser[@]}" --window-size=1280,2400 --screenshot="$work/shot.png" \
    "file://$page" >> "$work/chromium.log" 2>&1 || { cat "$work/chromium.log"; fail "screenshot $page"; }
  /usr/bin/python3 "$(dirname "${BASH_SOURCE[0]}")/png_not_blank.py" "$work/shot.png" \
    || fail "$page: the screenshot is blank"
}
