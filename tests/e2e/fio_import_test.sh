# iogate import fio + iogate lint over the corpus (tests/data/fio_jobs, its README says what each
# file expects) and over fio's own example job files when they are on this host: every file
# converts and lints, or is refused with file:line and the option; none crashes or hangs.
# Usage: fio_import_test.sh IOGATE CORPUS_DIR
# fio's examples come from Debian's fio package docs (dpkg -L fio), else from the directory in
# IOGATE_FIO_EXAMPLES (e.g. `git -C fio archive HEAD examples | tar -x -C /tmp`); without either
# that part is skipped, saying so. They are never copied into the tree.
source "$IOGATE_E2E_LIB"
iogate=$1
corpus=$2
trap cleanup_datastores EXIT
out=$E2E_DIR/out
mkdir -p "$out"
export IOGATE_CORPUS_BS=8k
unset IOGATE_CORPUS_UNSET

# import FILE TOML [args]: runs the import under a timeout; sets rc, leaves stderr in $out/err.
import() {
  local file=$1 toml=$2
  shift 2
  rc=0
  timeout 20 "$iogate" import fio "$file" -o "$toml" "$@" >"$out/stdout" 2>"$out/err" || rc=$?
  [ "$rc" -eq 124 ] && fail "$file: import did not end within 20 s"
  [ "$rc" -eq 0 ] || [ "$rc" -eq 2 ] || { cat "$out/err" >&2; fail "$file: import exited $rc"; }
}

expectation() {  # FILE TAG: the words after "; TAG: " on one of the first two lines
  head -n 2 "$1" | sed -n "s/^; $2: //p"
}

converted=0
refused=0
for file in "$corpus"/*.fio; do
  name=$(basename "$file" .fio)
  toml=$out/$name.toml
  want=$(expectation "$file" import)
  [ -n "$want" ] || want=$(expectation "$file" expect)
  [ -n "$want" ] || fail "$file: no '; expect:' line"
  import "$file" "$toml" --expect iops_min=1 --expect 'latency_p99_max=1s'
  if [ "$want" = ok ]; then
    [ "$rc" -eq 0 ] || { cat "$out/err" >&2; fail "$file: expected it to convert"; }
    "$iogate" lint "$toml" >"$out/lint" 2>&1 || { cat "$out/lint" >&2; fail "$toml: lint refused it"; }
    grep -q '^# .*\.fio:[0-9]*: ' "$toml" || fail "$toml: no fio line as a comment"
    converted=$((converted + 1))
  else
    read -r _ where option <<<"$want"
    case $where in
      *:*) at="$(dirname "$file")/$where" ;;
      *) at="$file:$where" ;;
    esac
    [ "$rc" -eq 2 ] || fail "$file: expected a refusal at $at, import exited $rc"
    grep -qF -- "$at:" "$out/err" || { cat "$out/err" >&2; fail "$file: refusal not at $at"; }
    grep -qF -- ": $option: " "$out/err" || { cat "$out/err" >&2; fail "$file: refusal does not name $option"; }
    [ ! -e "$toml" ] || fail "$file: refused, yet $toml was written"
    refused=$((refused + 1))
  fi
done
echo "corpus: $converted converted and linted, $refused refused at their line and option"
[ "$converted" -ge 21 ] && [ "$refused" -ge 22 ] || fail "corpus smaller than expected"

# bsrange: fio's even draw over the multiples of MIN, written as a block mix that lints.
import "$corpus/bsrange.fio" "$out/range.toml" --expect iops_min=1
[ "$rc" -eq 0 ] || { cat "$out/err" >&2; fail "bsrange.fio did not convert"; }
assert_contains "$out/range.toml" '^block_size = "4KiB"$' "bsrange's block_size"
assert_contains "$out/range.toml" '^block_mix = \[ \{ size = "4KiB", pct = 25 \}, \{ size = "8KiB", pct = 25 \}, \{ size = "12KiB", pct = 25 \}, \{ size = "16KiB", pct = 25 \} \]$' "bsrange's mix"
assert_contains "$out/range.toml" 'each of the 4 multiples of 4 KiB up to 16 KiB is 1/4' "bsrange's note"
"$iogate" lint "$out/range.toml" >/dev/null 2>&1 || fail "the bsrange file does not lint"

# rate_min / rate_iops_min: fio's floors become bounds beside --expect's, the higher kept.
import "$corpus/floors.fio" "$out/floors_expect.toml" --expect iops_min=1 --expect mbps_min=4
[ "$rc" -eq 0 ] || { cat "$out/err" >&2; fail "floors.fio did not convert"; }
assert_contains "$out/floors_expect.toml" 'ratemin=8m' "the floor's fio line"
assert_contains "$out/floors_expect.toml" '^mbps_min = 16$' "ratemin x numjobs as mbps_min"
assert_contains "$out/floors_expect.toml" "note: mbps_min: fio's floor, 16, is kept, stricter than the given 4" "the stricter floor"
assert_contains "$out/floors_expect.toml" '^read_iops_min = 50$' "a mixed job's read floor"
assert_contains "$out/floors_expect.toml" '^write_iops_min = 20$' "a mixed job's write floor"
"$iogate" lint "$out/floors_expect.toml" >/dev/null 2>&1 || fail "the floors file does not lint"
import "$corpus/floors.fio" "$out/floors_given.toml" --expect mbps_min=100
[ "$rc" -eq 0 ] || { cat "$out/err" >&2; fail "floors.fio with a stricter --expect did not convert"; }
assert_contains "$out/floors_given.toml" '^mbps_min = 100$' "the stricter --expect"
[ "$(grep -c '^mbps_min = ' "$out/floors_given.toml")" -eq "$(grep -c '^\[\[check\]\]' "$out/floors_given.toml")" ] ||
  fail "mbps_min written other than once a check"

# No expectation: refused, nothing written, an existing file left as it was.
echo keep >"$out/existing.toml"
import "$corpus/seq_read.fio" "$out/existing.toml"
[ "$rc" -eq 2 ] || fail "import without --expect exited $rc"
assert_contains "$out/err" 'give the checks an expectation, --expect KEY=VALUE' "no --expect"
[ "$(cat "$out/existing.toml")" = keep ] || fail "import without --expect changed the output"
# A bad --expect is caught by the lint before anything is written.
import "$corpus/seq_read.fio" "$out/existing.toml" --expect iops_min=lots
[ "$rc" -eq 2 ] || fail "a bad --expect exited $rc"
assert_contains "$out/err" 'would not lint, nothing written: .*iops_min' "bad --expect"
[ "$(cat "$out/existing.toml")" = keep ] || fail "a bad --expect changed the output"
# --section picks one job; to stdout without -o.
"$iogate" import fio "$corpus/numjobs.fio" --section two-writers --expect iops_min=1 \
  >"$out/one.toml" 2>"$out/err" || fail "import --section failed"
[ "$(grep -c '^\[\[check\]\]' "$out/one.toml")" -eq 1 ] || fail "--section wrote other checks"
assert_contains "$out/one.toml" '^name = "two_writers"' "--section's check"
"$iogate" lint "$out/one.toml" >/dev/null || fail "the --section file does not lint"
rc=0
"$iogate" import fio "$corpus/numjobs.fio" --section nine --expect iops_min=1 >/dev/null \
  2>"$out/err" || rc=$?
[ "$rc" -eq 2 ] || fail "an unknown --section exited $rc"
assert_contains "$out/err" 'has no job section \[nine\]; its jobs: four-readers, two-writers' "--section"

# A check naming a job file: lint reads the job through the threshold file.
mkdir -p "$out/gate/jobs"
cp "$corpus/mix_bssplit.fio" "$corpus/numjobs.fio" "$out/gate/jobs/"
cat >"$out/gate/gate.toml" <<'EOF'
[suite]
name = "from_fio"
[[check]]
name = "file_server"
fio_job = "jobs/mix_bssplit.fio"
[check.expect]
iops_min = 1
[[check]]
name = "readers"
fio_job = "jobs/numjobs.fio"
fio_section = "four-readers"
[check.expect]
iops_min = 1
EOF
"$iogate" lint "$out/gate/gate.toml" >"$out/lint" 2>&1 || { cat "$out/lint" >&2; fail "fio_job checks do not lint"; }
assert_contains "$out/lint" 'ok \(suite from_fio, 2 checks\)' "fio_job lint"
sed -i 's/four-readers/five-readers/' "$out/gate/gate.toml"
rc=0
"$iogate" lint "$out/gate/gate.toml" >"$out/lint" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || fail "a missing fio_section linted"
assert_contains "$out/lint" 'gate.toml:[0-9]+:[0-9]+: check "readers": fio_section: .*no job section \[five-readers\]' "missing section"

# fio's own examples.
examples=""
if command -v dpkg >/dev/null && dpkg -L fio >/dev/null 2>&1; then
  examples=$(dpkg -L fio | grep '/examples/.*\.fio$' || true)
fi
if [ -z "$examples" ] && [ -n "${IOGATE_FIO_EXAMPLES:-}" ] && [ -d "$IOGATE_FIO_EXAMPLES" ]; then
  examples=$(find "$IOGATE_FIO_EXAMPLES" -name '*.fio' | sort)
fi
if [ -z "$examples" ]; then
  echo "SKIP fio's examples: the installed fio package ships none (dpkg -L fio) and" \
       "IOGATE_FIO_EXAMPLES names no directory of them"
  exit 0
fi
# A local engine: none named (fio's psync), or one that does I/O on a local file.
local_engine() {
  ! grep -Eq '^[[:space:]]*ioengine[[:space:]]*=' "$1" && return 0
  ! grep -E '^[[:space:]]*ioengine[[:space:]]*=' "$1" | sed 's/.*=[[:space:]]*//; s/[[:space:];#].*//' |
    grep -Evq '^(sync|psync|vsync|pvsync|pvsync2|libaio|io_uring|posixaio|mmap|splice)$'
}
total=0; local_total=0; ex_converted=0; local_converted=0
while read -r file; do
  [ -n "$file" ] || continue
  total=$((total + 1))
  is_local=0
  local_engine "$file" && { is_local=1; local_total=$((local_total + 1)); }
  toml=$out/example.toml
  rm -f "$toml"
  import "$file" "$toml" --expect iops_min=1
  if [ "$rc" -eq 0 ]; then
    "$iogate" lint "$toml" >"$out/lint" 2>&1 || { cat "$out/lint" >&2; fail "$file: converted but does not lint"; }
    ex_converted=$((ex_converted + 1))
    [ "$is_local" -eq 1 ] && local_converted=$((local_converted + 1))
    echo "converted: $(basename "$file")"
  else
    # file:line:column: option: why (an unreadable file or one without jobs has no line).
    head -n 1 "$out/err" | grep -Eq '^[^ ]+\.fio(inc)?:[0-9]+:[0-9]+: [^ :]+: |^[^ ]+\.fio: ' ||
      { cat "$out/err" >&2; fail "$file: refused without file:line: option"; }
    [ ! -e "$toml" ] || fail "$file: refused, yet written"
    echo "refused: $(head -n 1 "$out/err")"
  fi
done <<<"$examples"
echo "fio examples: $total files, $ex_converted converted and linted; $local_total with a local" \
     "engine, $local_converted of them converted"
