# iogate import iometer and iogate import diskspd over their corpora (tests/data/iometer/icf and
# tests/data/diskspd, each expected.txt says what every file must become) through the command
# line: a file converts and lints, or is refused at its line with exit 2 and nothing written; none
# crashes or hangs. Then the commands' own refusals.
# Usage: tool_imports_test.sh IOGATE DATA_DIR
source "$IOGATE_E2E_LIB"
iogate=$1
data=$2
out=$E2E_DIR/out
mkdir -p "$out"
tool=iometer

# import FILE TOML [args]: $tool's import under a timeout; sets rc, leaves stderr in $out/err.
import() {
  local file=$1 toml=$2
  shift 2
  rc=0
  timeout 20 "$iogate" import "$tool" "$file" -o "$toml" "$@" >"$out/stdout" 2>"$out/err" || rc=$?
  [ "$rc" -eq 124 ] && fail "$file: import did not end within 20 s"
  [ "$rc" -eq 0 ] || [ "$rc" -eq 2 ] || { cat "$out/err" >&2; fail "$file: import exited $rc"; }
}

# corpus DIR: every file expected.txt lists, as it says.
corpus() {
converted=0
refused=0
while read -r name verdict a b; do
  case $name in '#'*|'') continue ;; esac
  file=$1/$name
  toml=$out/${name%.*}.toml
  import "$file" "$toml" --expect iops_min=1
  if [ "$verdict" = ok ]; then
    [ "$rc" -eq 0 ] || { cat "$out/err" >&2; fail "$name: expected it to convert"; }
    "$iogate" lint "$toml" >"$out/lint" 2>&1 || { cat "$out/lint" >&2; fail "$toml: lint refused it"; }
    assert_contains "$out/lint" "ok \\(suite " "$name lint"
    [ "$(grep -c '^\[\[check\]\]' "$toml")" -eq "$a" ] || fail "$name: expected $a checks"
    converted=$((converted + 1))
  else
    [ "$rc" -eq 2 ] || fail "$name: expected a refusal at line $a, import exited $rc"
    grep -qF -- "$file:$a:" "$out/err" || { cat "$out/err" >&2; fail "$name: refusal not at line $a"; }
    [ ! -e "$toml" ] || fail "$name: refused, yet $toml was written"
    refused=$((refused + 1))
  fi
done <"$1/expected.txt"
echo "$tool corpus: $converted converted and linted, $refused refused at their line"
[ "$converted" -ge 4 ] && [ "$refused" -ge 15 ] || fail "corpus smaller than expected"
}
corpus "$data/iometer/icf"

# The community file, to stdout, with its notes counted.
"$iogate" import iometer "$data/iometer/vmware-community.icf" --expect 'iops_min=80% of baseline' \
  >"$out/community.toml" 2>"$out/err" || { cat "$out/err" >&2; fail "the community file"; }
assert_contains "$out/err" '4 checks from .*vmware-community.icf \(2 notes, as comments\)' "summary"
assert_contains "$out/community.toml" '^name = "RealLife_60_Rand_65_Read"' "check name"
assert_contains "$out/community.toml" '^iops_min = "80% of baseline"' "expectation"
# A whole-disk file needs --file-size; a bad size is refused, naming the flag.
import "$data/iometer/icf/whole-disk.icf" "$out/disk.toml" --expect iops_min=1 --file-size 1GiB
[ "$rc" -eq 0 ] || { cat "$out/err" >&2; fail "--file-size did not stand in for the whole disk"; }
assert_contains "$out/disk.toml" '^file_size = "1GiB"' "--file-size"
import "$data/iometer/icf/whole-disk.icf" "$out/disk2.toml" --expect iops_min=1 --file-size lots
[ "$rc" -eq 2 ] || fail "a bad --file-size exited $rc"
assert_contains "$out/err" '^--file-size: ' "bad --file-size"
# No expectation: refused, nothing written, an existing file left as it was.
echo keep >"$out/existing.toml"
import "$data/iometer/vmware-community.icf" "$out/existing.toml"
[ "$rc" -eq 2 ] || fail "import without --expect exited $rc"
assert_contains "$out/err" 'an IOMeter configuration says what to run' "no --expect"
import "$data/iometer/vmware-community.icf" "$out/existing.toml" --expect iops_min=1
[ "$rc" -eq 2 ] || fail "import over an existing file without --force exited $rc"
[ "$(cat "$out/existing.toml")" = keep ] || fail "an existing output was changed"
import "$data/iometer/vmware-community.icf" "$out/existing.toml" --expect iops_min=1 --force
[ "$rc" -eq 0 ] || fail "--force did not replace the output"
# A missing file and a directory: clear errors.
import "$data/iometer/no-such.icf" "$out/x.toml" --expect iops_min=1
[ "$rc" -eq 2 ] || fail "a missing file exited $rc"
assert_contains "$out/err" 'no-such.icf: cannot open' "missing file"
import "$data" "$out/x.toml" --expect iops_min=1
[ "$rc" -eq 2 ] || fail "a directory exited $rc"

tool=diskspd
corpus "$data/diskspd"
import "$data/diskspd/no-file-size.xml" "$out/nfs.toml" --expect iops_min=1 --file-size 1GiB
[ "$rc" -eq 0 ] || { cat "$out/err" >&2; fail "--file-size did not stand in for the profile's"; }
assert_contains "$out/nfs.toml" '^file_size = "1GiB"' "diskspd --file-size"
import "$data/diskspd/oltp-8k-70r.xml" "$out/oltp.toml"
[ "$rc" -eq 2 ] || fail "a profile without --expect exited $rc"
assert_contains "$out/err" 'a DiskSpd profile says what to run' "diskspd without --expect"
# Command lines, told from XML by what the file holds: a CRLF sweep maps, one check a line; the
# published lines stop at the first that cannot be honoured, at its line and column.
import "$data/diskspd/command-lines/sweep.cmd" "$out/sweep.toml" --expect iops_min=1
[ "$rc" -eq 0 ] || { cat "$out/err" >&2; fail "the command-line sweep"; }
[ "$(grep -c '^\[\[check\]\]' "$out/sweep.toml")" -eq 3 ] || fail "sweep.cmd: expected 3 checks"
assert_contains "$out/sweep.toml" '^# .*sweep.cmd:7:35: -b4k$' "a key's flag"
import "$data/diskspd/command-lines/published.cmd" "$out/pub.toml" --expect iops_min=1 --file-size 1GiB
[ "$rc" -eq 2 ] || fail "published.cmd exited $rc"
assert_contains "$out/err" 'published.cmd:24:23: -T: ' "the first refused line"
echo "ok"
