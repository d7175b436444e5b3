# An output is a regular file or standard output, apart from every other output and every input
# (output_file.hpp), and a file read by name is a bounded regular file: each case is refused by
# name, exit 2, before anything is written or measured, and what the path named is left as it was.
# Any user; root's hostile cases (another user's links) are rig.path_policy.
iogate=$1 results=$2
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
out=$E2E_DIR
ds=$(new_datastore)
gate=$out/gate.toml
cp "$E2E_GATE_TOML" "$gate"
sum() { sha256sum "$1" | cut -d' ' -f1; }
gate_sum=$(sum "$gate")

# A run must not replace its own threshold file, nor lose one report to another of the same name.
assert_refused "markdown over the threshold file" "named as an output and as an input" \
  "$iogate" check "$gate" --datastore "$ds" --markdown "$gate"
assert_refused "html and markdown to one file" "named as an output and as another output" \
  "$iogate" check "$gate" --datastore "$ds" --html "$out/x" --markdown "$out/x"
ln "$gate" "$out/hard.toml"
assert_refused "a hard link to the threshold file" "are the same file" \
  "$iogate" check "$gate" --datastore "$ds" --junit "$out/hard.toml"
assert_refused "report over its input" "named as an output and as an input" \
  "$iogate" report "$results" --json "$results"
[ "$(sum "$gate")" = "$gate_sum" ] || fail "the threshold file changed"
[ ! -e "$out/x" ] || fail "a refused run wrote $out/x"
assert_no_scratch "$ds"
[ -z "$(ls -A "$ds")" ] || fail "a refused run laid out files: $(ls -A "$ds")"

# A FIFO, or a link to one, at an output's name: refused, and still a FIFO.
mkfifo "$out/pipe"
ln -s "$out/pipe" "$out/to-pipe"
assert_refused "junit to a FIFO" "is a device, FIFO or socket" \
  "$iogate" check "$gate" --datastore "$ds" --junit "$out/pipe"
assert_refused "markdown to a link to a FIFO" "is a device, FIFO or socket" \
  "$iogate" report "$results" --markdown "$out/to-pipe"
[ -p "$out/pipe" ] && [ -L "$out/to-pipe" ] || fail "the FIFO or its link was replaced"
[ -c /dev/null ] || fail "/dev/null is no longer a device"

# /dev/stdout is standard output; standard error's names are refused.
"$iogate" report "$results" --markdown /dev/stdout > "$out/stdout.md" 2> "$out/stdout.err" ||
  { cat "$out/stdout.err" >&2; fail "--markdown /dev/stdout"; }
assert_contains "$out/stdout.md" "^\|" "the Markdown table on standard output"
assert_refused "markdown to /dev/stderr" "is standard error" \
  "$iogate" report "$results" --markdown /dev/stderr
[ -L /dev/stdout ] && [ -L /dev/stderr ] || fail "/dev/stdout or /dev/stderr is no longer a link"

# IOGATE_CHART_JS names a bounded regular file: /dev/zero and a FIFO are refused at once (a
# timeout, not a hang or memory run out).
for js in /dev/zero "$out/pipe"; do
  rc=0
  IOGATE_CHART_JS=$js timeout 20 "$iogate" report "$results" --html "$out/r.html" \
    > "$out/chart.log" 2>&1 || rc=$?
  [ "$rc" -ne 124 ] || fail "IOGATE_CHART_JS=$js: still reading after 20 s"
  [ "$rc" -ne 0 ] || fail "IOGATE_CHART_JS=$js: accepted"
  assert_contains "$out/chart.log" "$js: is a (character device|FIFO), expected Chart.js" \
    "IOGATE_CHART_JS=$js"
  [ ! -e "$out/r.html" ] || fail "IOGATE_CHART_JS=$js: a page was written"
  IOGATE_CHART_JS=$js assert_refused "check --html with IOGATE_CHART_JS=$js" "expected Chart.js" \
    timeout 20 "$iogate" check "$gate" --datastore "$ds" --html "$out/r.html"
done
[ -z "$(ls -A "$ds")" ] || fail "a refused run laid out files: $(ls -A "$ds")"
echo "PASS"
