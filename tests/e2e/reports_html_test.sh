# The HTML report in headless Chromium: the page renders offline, Chart.js (inlined from Debian's
# libjs-chart.js) draws every chart the page has a canvas for, and the screenshot is not blank.
iogate=$1; results=$2
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
command -v chromium > /dev/null || fail "chromium is not installed (scripts/install-deps.sh)"
[ -r /usr/share/javascript/chart.js/chart.min.js ] || fail "libjs-chart.js is not installed"
out="$E2E_DIR/html"; mkdir -p "$out"
"$iogate" report "$results" --html "$out/report.html" > /dev/null || fail "iogate report failed"

# A fresh profile, and nothing that phones home: the page must need no network at all.
browser=(chromium --headless --no-sandbox --disable-gpu --disable-background-networking
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$out/profile")
timeout 120 "${browser[@]}" --virtual-time-budget=5000 --dump-dom "file://$out/report.html" \
  > "$out/dom.html" 2> "$out/chromium.log" || { cat "$out/chromium.log"; fail "dump-dom"; }
canvases=$(grep -o '<canvas ' "$out/dom.html" | wc -l)
drawn=$(grep -o '<body data-charts="[0-9]*"' "$out/dom.html" | grep -o '[0-9]*' || true)
[ "$canvases" -gt 0 ] || fail "the page has no chart canvases"
[ "$drawn" = "$canvases" ] || fail "charts drawn: '${drawn}', canvases: $canvases"
assert_contains "$out/dom.html" 'id="results"' "the results table rendered"

timeout 120 "${browser[@]}" --window-size=1280,2400 --screenshot="$out/shot.png" \
  "file://$out/report.html" >> "$out/chromium.log" 2>&1 || { cat "$out/chromium.log"; fail "screenshot"; }
/usr/bin/python3 - "$out/shot.png" <<'PY'
# Decodes the PNG (8-bit RGB/RGBA, Chromium's output) and requires it not to be blank: many
# colours, and a good share of pixels that are not the background.
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype in (2, 6), (depth, ctype)
        bpp = 3 if ctype == 2 else 4
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw, stride, prev, colours, ink = zlib.decompress(idat), w * bpp, bytearray(w * bpp), set(), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for x in range(0, stride, bpp):
        px = bytes(line[x:x + 3]); colours.add(px); ink += px != b"\xff\xff\xff"
    prev = line
share = ink / (w * h)
print(f"screenshot {w}x{h}, {len(colours)} colours, {share:.1%} non-white")
assert len(colours) > 50 and share > 0.02, "the screenshot is blank"
PY
echo "reports_html: ok ($drawn charts, screenshot $(stat -c %s "$out/shot.png") bytes)"
