# Inputs and outputs a careless operator gets wrong, each a clear error with its path, never a
# crash, a silent skip or a second check: unreadable inputs, out-of-range flags, report files
# that cannot be written (before the run when that can be known, else once after it, with the
# check's verdict and counts unchanged) and a baseline --out that cannot be written.
iogate=$1
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
out=$E2E_DIR
ds=$(new_datastore)

expect_exit() {  # expected-rc log command...
  local want=$1 log=$2; shift 2
  set +e; "$@" > "$log" 2>&1; local rc=$?; set -e
  [ "$rc" = "$want" ] || { cat "$log" >&2; fail "exit $rc, expected $want: $*"; }
}

# lint of a character device: refused before reading (it died of std::bad_alloc, exit 134).
expect_exit 2 "$out/zero.log" timeout 20 "$iogate" lint /dev/zero
assert_contains "$out/zero.log" "^/dev/zero: is a character device, expected a threshold file \(TOML\)$" "lint /dev/zero"

# --seed: digits within 64 bits only (-1 and 2^64 became 2^64-1 without a word).
for seed in -1 18446744073709551616 12x; do
  expect_exit 2 "$out/seed.log" "$iogate" run --bs 4k --size 64k --seed "$seed" --datastore "$ds"
  assert_contains "$out/seed.log" "^iogate run: --seed $seed: expected a whole number from 0 \(a fresh seed per run\) to 18446744073709551615$" "seed $seed"
done
"$iogate" run --bs 4k --size 64k --seed 18446744073709551615 --datastore "$ds" --json "$out/seed.json" > /dev/null
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["workload"]["seed"] == 2**64-1, d["workload"]' "$out/seed.json"

# run --name becomes file names: as long as a check's name may be, no longer.
expect_exit 2 "$out/name.log" "$iogate" run --bs 4k --size 64k --name "$(printf 'n%.0s' $(seq 247))" --datastore "$ds"
assert_contains "$out/name.log" "^iogate run: --name: expected at most 246 characters, got 247$" "run --name"
[ -z "$(ls -A "$ds")" ] || fail "a refused --name wrote to the datastore: $(ls -A "$ds")"

# --kind integrity runs its own fixed passes: a --read mix is refused, and the record says that
# every block was verified.
expect_exit 2 "$out/integrity.log" "$iogate" run --kind integrity --read 50 --file-size 1MiB --datastore "$ds"
assert_contains "$out/integrity.log" "^iogate run: --kind integrity writes the whole file, then reads it all back verified: --read and --random do not apply to it \(got --read 50, --random 0\)$" "integrity --read"
"$iogate" run --kind integrity --file-size 1MiB --datastore "$ds" --json "$out/integrity.json" > /dev/null
/usr/bin/python3 - "$out/integrity.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
w, r = d["workload"], d["result"]
assert w["kind"] == "integrity" and w["verify"] is True and w["read_pct"] == 0, w
assert r["blocks_verified"] > 0, r
PY
assert_no_scratch "$ds"

# report: a directory and a baseline each say what they are and what to give instead.
expect_exit 2 "$out/report-dir.log" "$iogate" report "$out"
assert_contains "$out/report-dir.log" "^iogate report: $out: is a directory, expected iogate results \(JSON\); give --from-dir $out for a directory of per-check results$" "report DIR"
echo '{"format": "iogate-baseline", "version": 1, "checks": {}}' > "$out/b.json"
expect_exit 2 "$out/report-baseline.log" "$iogate" report "$out/b.json"
assert_contains "$out/report-baseline.log" "^iogate report: $out/b.json: is a baseline \(written by \`iogate baseline record\`\), not results: \`iogate compare BASELINE RESULTS\`" "report BASELINE"

cat > "$out/pass.toml" <<'TOML'
[suite]
name = "pass"
[[check]]
name = "tiny_write"
[check.workload]
block_size = "64k"
size = "4MiB"
[check.expect]
mbps_min = 0.001
TOML

# Outputs that cannot be written are found before anything runs: exit 2, datastore untouched,
# no stray .tmp.
mkdir -p "$out/junit-dir"
touch "$out/plain-file"
expect_exit 2 "$out/junit-dir.log" "$iogate" check "$out/pass.toml" --datastore "$ds" --junit "$out/junit-dir"
assert_contains "$out/junit-dir.log" "^iogate check: report cannot be written: write $out/junit-dir: expected a file name, not a directory: Is a directory$" "--junit DIR"
expect_exit 2 "$out/json-dir.log" "$iogate" check "$out/pass.toml" --datastore "$ds" --json-dir "$out/plain-file/json"
assert_contains "$out/json-dir.log" "^iogate check: report cannot be written: create directory $out/plain-file/json in $out/plain-file: Not a directory$" "--json-dir under a file"
if grep -q "tiny_write" "$out/junit-dir.log" "$out/json-dir.log"; then fail "a check ran although its report could not be written"; fi
[ -z "$(ls -A "$ds")" ] || fail "refused run wrote to the datastore: $(ls -A "$ds")"
[ -z "$(find "$out" -name '*.tmp')" ] || fail "stray temporary file: $(find "$out" -name '*.tmp')"

# A read-only --json-dir (a read-only bind mount: root ignores mode bits): refused before the run.
if [ "$(id -u)" = 0 ] && unshare -m true 2> /dev/null; then
  mkdir -p "$out/ro"
  expect_exit 2 "$out/ro.log" unshare -m bash -c 'mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" "$1" && exec "${@:2}"' _ \
    "$out/ro" "$iogate" check "$out/pass.toml" --datastore "$ds" --json-dir "$out/ro"
  assert_contains "$out/ro.log" "^iogate check: report cannot be written: create a file in $out/ro: Read-only file system$" "read-only --json-dir"
else
  echo "read-only --json-dir: not tried (needs root and unshare -m)"
fi

# A result file that fails only after the check ran (its name is taken by a directory): one
# message on stderr, exit 1, and the check is still one passed check: no ERROR row, no second
# testcase, counts unchanged.
mkdir -p "$out/json/tiny_write.json"
expect_exit 1 "$out/late.log" "$iogate" check "$out/pass.toml" --datastore "$ds" --json-dir "$out/json" --junit "$out/junit.xml" --json "$out/results.json"
assert_contains "$out/late.log" "^\| tiny_write .*PASS" "the check's own verdict"
assert_contains "$out/late.log" "^1 check: 1 passed, 0 failed, 0 unstable, 0 skipped, 0 errors$" "counts unchanged"
assert_contains "$out/late.log" "^iogate check: tiny_write: result not written to $out/json/tiny_write.json: " "one error message"
[ "$(grep -c 'not written' "$out/late.log")" = 1 ] || fail "the write failure was reported more than once"
if grep -Eq "ERROR|^FAIL" "$out/late.log"; then fail "a report write failure became a failed check"; fi
[ "$(grep -c '<testcase' "$out/junit.xml")" = 1 ] || fail "JUnit has $(grep -c '<testcase' "$out/junit.xml") testcases, expected 1"
[ -z "$(find "$out/json" -name '*.tmp')" ] || fail "stray .tmp in json dir"
assert_no_scratch "$ds"

# iogate report to a directory: bad input, found before any output, one message, exit 2, and no
# temporary file beside it.
expect_exit 2 "$out/report-junit-dir.log" "$iogate" report "$out/results.json" --junit "$out/junit-dir"
assert_contains "$out/report-junit-dir.log" "^iogate report: write $out/junit-dir: Is a directory; nothing written$" "report --junit DIR"
[ -z "$(find "$out" -name '.iogate-*')" ] || fail "stray temporary file: $(find "$out" -name '.iogate-*')"
[ -z "$(find "$out" -name '*.tmp')" ] || fail "stray temporary file: $(find "$out" -name '*.tmp')"

# baseline record --out that cannot be written: refused before the first run.
expect_exit 2 "$out/out-file.log" "$iogate" baseline record "$out/pass.toml" --datastore "$ds" --repeat 1 --out "$out/plain-file/b.json"
assert_contains "$out/out-file.log" "^iogate: baseline record --out $out/plain-file/b.json: write into $out/plain-file: Not a directory$" "--out under a file"
expect_exit 2 "$out/out-dir.log" "$iogate" baseline record "$out/pass.toml" --datastore "$ds" --repeat 1 --out "$out/junit-dir"
assert_contains "$out/out-dir.log" "expected a file name, not a directory" "--out DIR"
if grep -q "run 1/1" "$out/out-file.log" "$out/out-dir.log"; then fail "baseline record ran before finding --out unwritable"; fi
[ -z "$(ls -A "$ds")" ] || fail "refused baseline record wrote to the datastore: $(ls -A "$ds")"
# A datastore on another filesystem or device than the one asked for: refused before anything runs,
# saying what it is on; from the file's [suite] too.
expect_exit 2 "$out/fs.log" "$iogate" check "$out/pass.toml" --datastore "$ds" --require-filesystem nosuchfs
assert_contains "$out/fs.log" "^iogate check: datastore $ds is on [a-z0-9]+ \(mounted at .*\), not nosuchfs \(require_filesystem\)" "--require-filesystem"
sed 's/^\[suite\]$/[suite]\nrequire_device = "\/dev\/null"/' "$out/pass.toml" > "$out/device.toml"
expect_exit 2 "$out/device.log" "$iogate" check "$out/device.toml" --datastore "$ds"
assert_contains "$out/device.log" "^iogate check: require_device /dev/null: not a block device" "[suite] require_device"
# Safety switches spelt as people spell them: IOGATE_REQUIRE_MOUNT=yes is on (the datastore, a
# directory of the root filesystem, is no mount point), and a spelling that is none of 1/0, true/
# false, yes/no, on/off is refused by its name (both were read as off: the run went ahead).
IOGATE_REQUIRE_MOUNT=yes expect_exit 2 "$out/mount-yes.log" "$iogate" check "$out/pass.toml" --datastore "$ds"
assert_contains "$out/mount-yes.log" "^iogate check: datastore $ds is not a mount point \(require_mount\)" "IOGATE_REQUIRE_MOUNT=yes"
IOGATE_REQUIRE_MOUNT=maybe expect_exit 2 "$out/mount-maybe.log" "$iogate" check "$out/pass.toml" --datastore "$ds"
assert_contains "$out/mount-maybe.log" "^iogate check: IOGATE_REQUIRE_MOUNT: expected 1, true, yes or on \(or 0, false, no, off, in any case\), got another value$" "IOGATE_REQUIRE_MOUNT=maybe"
IOGATE_STRICT_BASELINE=sometimes expect_exit 2 "$out/strict-word.log" "$iogate" check "$out/pass.toml" --datastore "$ds"
assert_contains "$out/strict-word.log" "IOGATE_STRICT_BASELINE: expected 1, true, yes or on" "IOGATE_STRICT_BASELINE=sometimes"
# An empty value is an unset variable in a script, refused by the option's name before anything
# runs: `--junit ''` wrote no report and exited 0; `--datastore ''` measured the default datastore.
for flag in --junit --markdown --json-dir --datastore; do
  expect_exit 2 "$out/empty.log" "$iogate" check "$out/pass.toml" --datastore "$ds" "$flag" ""
  assert_contains "$out/empty.log" "^$flag: expected a value, got an empty string \(an unset variable\?\)$" "check $flag ''"
done
expect_exit 2 "$out/empty-file.log" "$iogate" lint ""
assert_contains "$out/empty-file.log" "expected a value, got an empty string" "lint ''"
# A time-based run that ends before a block could move, and a bound no run can reach.
printf '[suite]\nname = "t"\n[[check]]\nname = "a"\n[check.workload]\nblock_size = "4k"\nfile_size = "1MiB"\nduration = "1ns"\n' > "$out/ns.toml"
expect_exit 2 "$out/ns.log" "$iogate" lint "$out/ns.toml"
assert_contains "$out/ns.log" "workload.duration: expected 0 \(size-based\) or at least 1ms, got 1 ns" "duration 1ns"
expect_exit 2 "$out/ns-run.log" "$iogate" run --bs 4k --file-size 1MiB --time 500us --datastore "$ds"
assert_contains "$out/ns-run.log" "at least 1ms, got 500000 ns" "run --time 500us"
printf '[suite]\nname = "t"\n[[check]]\nname = "a"\n[check.workload]\nblock_size = "4k"\nsize = "1MiB"\n[check.expect]\niops_min = 1e308\n' > "$out/huge.toml"
expect_exit 2 "$out/huge.log" "$iogate" lint "$out/huge.toml"
assert_contains "$out/huge.log" "iops_min: expected at most 9.0072e\+24 IOPS \(the most any run can measure\), got " "iops_min = 1e308"
# Control characters from outside (a datastore path, an IOGATE_* value) reach no terminal raw:
# every line iogate prints shows them as \xNN, as the report files do; a path holding one is
# refused before anything names it.
esc=$'\e'
expect_exit 2 "$out/esc-ds.log" "$iogate" check "$out/pass.toml" --datastore "$out/no${esc}[31mred"
assert_contains "$out/esc-ds.log" "^iogate check: datastore $out/no\\\\x1b\\[31mred: its path holds a control character \\(\\\\x1b\\)" "ESC in --datastore"
IOGATE_REQUIRE_FILESYSTEM="xf${esc}[2Js" expect_exit 2 "$out/esc-fs.log" "$iogate" check "$out/pass.toml" --datastore "$ds"
assert_contains "$out/esc-fs.log" "not xf\\\\x1b\\[2Js \\(require_filesystem\\)" "ESC in IOGATE_REQUIRE_FILESYSTEM"
IOGATE_BASELINE=$'/nope\r\x9b1m' expect_exit 2 "$out/esc-base.log" "$iogate" check "$out/pass.toml" --datastore "$ds"
assert_contains "$out/esc-base.log" "baseline /nope\\\\x0d\\\\x9b1m: its path holds a control character \(\\\\x0d\)" "CR and a raw C1 byte in IOGATE_BASELINE"
IOGATE_BASELINE=$'/nope\xc2\x9b1m' expect_exit 2 "$out/esc-c1.log" "$iogate" check "$out/pass.toml" --datastore "$ds"
assert_contains "$out/esc-c1.log" "baseline /nope\\\\xc2\\\\x9b1m: its path holds a control character \(\\\\xc2\\\\x9b\)" "UTF-8 C1 control in IOGATE_BASELINE"
# A newline or ESC in a path (the datastore, a threshold file, a report, a results directory)
# could split or rewrite the lines that name it: refused before anything names it, exit 2, on one
# line with the path escaped, nothing laid out or written.
nl=$'\n'
nlds="$out/ds${nl}status=pass${esc}[31m"
mkdir "$nlds"
expect_exit 2 "$out/nl-ds.log" "$iogate" check "$out/pass.toml" --datastore "$nlds" --json-dir "$out/nl-json"
assert_contains "$out/nl-ds.log" "^iogate check: datastore $out/ds\\\\x0astatus=pass\\\\x1b\[31m: its path holds a control character \(\\\\x0a\)" "a newline in --datastore"
[ -z "$(ls -A "$nlds")" ] && [ ! -e "$out/nl-json" ] || fail "a datastore with a newline was laid out or reported"
expect_exit 2 "$out/nl-missing.log" "$iogate" run --bs 4k --size 64k --datastore "$out/no${nl}ds"
assert_contains "$out/nl-missing.log" "^iogate run: datastore $out/no\\\\x0ads: its path holds" "a newline in a missing --datastore"
cp "$out/pass.toml" "$out/gate${nl}x.toml"
expect_exit 2 "$out/nl-toml.log" "$iogate" lint "$out/gate${nl}x.toml"
assert_contains "$out/nl-toml.log" "^$out/gate\\\\x0ax.toml: its path holds a control character" "a newline in a threshold file's path"
expect_exit 2 "$out/nl-check.log" "$iogate" check "$out/gate${nl}x.toml" --datastore "$ds"
expect_exit 2 "$out/nl-junit.log" "$iogate" check "$out/pass.toml" --datastore "$ds" --junit "$out/x${nl}y.xml"
assert_contains "$out/nl-junit.log" "^iogate check: report cannot be written: $out/x\\\\x0ay.xml: its path holds" "a newline in --junit"
expect_exit 2 "$out/nl-jsondir.log" "$iogate" check "$out/pass.toml" --datastore "$ds" --json-dir "$out/j${nl}d"
assert_contains "$out/nl-jsondir.log" "^iogate check: report cannot be written: $out/j\\\\x0ad: its path holds" "a newline in --json-dir"
expect_exit 2 "$out/esc-md.log" "$iogate" report "$out/seed.json" --markdown "$out/m${esc}[2J.md"
assert_contains "$out/esc-md.log" "^iogate report: $out/m\\\\x1b\[2J.md: its path holds a control character \(\\\\x1b\)" "ESC in --markdown"
expect_exit 2 "$out/nl-from.log" "$iogate" report --from-dir "$out/r${nl}d"
assert_contains "$out/nl-from.log" "^iogate report: no check results in $out/r\\\\x0ad$" "a newline in --from-dir"
for log in nl-ds nl-missing nl-toml nl-check nl-junit nl-jsondir esc-md nl-from; do
  [ "$(wc -l < "$out/$log.log")" -eq 1 ] || { cat "$out/$log.log" >&2; fail "$log: the refusal is not one line"; }
done
for made in "$out/x${nl}y.xml" "$out/j${nl}d" "$out/m${esc}[2J.md"; do
  [ ! -e "$made" ] || fail "a report with a control character in its path was written"
done
for log in esc-ds esc-fs esc-base esc-c1 nl-ds nl-missing nl-toml nl-check nl-junit nl-jsondir esc-md nl-from; do
  ! LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$out/$log.log" || fail "$log: a control character reached the output raw"
done
[ -z "$(ls -A "$ds")" ] || fail "a refused datastore was written to: $(ls -A "$ds")"
echo "input_errors: ok"
