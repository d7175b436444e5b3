# iogate schema: the JSON Schema of threshold files, held by python3-jsonschema (Debian's, so
# /usr/bin/python3) to every threshold file the project ships and to those iogate writes, which it
# must accept, and to the bad corpus, which it must refuse but for the files named below: what a
# schema cannot see. Every file's verdict is checked against `iogate lint`'s, so the two agree.
# Usage: schema_test.sh IOGATE SOURCE_DIR
source "$IOGATE_E2E_LIB"
iogate=$1
src=$2
trap cleanup_datastores EXIT
out=$E2E_DIR/out
mkdir -p "$out"
python=/usr/bin/python3
validate=$(dirname "${BASH_SOURCE[0]}")/schema/validate.py
"$python" -c 'import jsonschema' 2>/dev/null ||
  fail "python3-jsonschema is missing (scripts/install-deps.sh --tests installs it)"

# The command: stdout, -o through the safe writer (a symlink at the name is replaced, its target
# untouched), '-' for stdout, a stray argument refused.
"$iogate" schema >"$out/schema.json" || fail "iogate schema exited $?"
"$iogate" schema -o "$out/written.json" || fail "iogate schema -o exited $?"
cmp -s "$out/schema.json" "$out/written.json" || fail "-o wrote other than stdout"
"$iogate" schema -o - >"$out/dash.json" || fail "iogate schema -o - exited $?"
cmp -s "$out/dash.json" "$out/schema.json" || fail "-o - is not stdout"
echo keep >"$out/victim"
ln -s "$out/victim" "$out/link.json"
"$iogate" schema -o "$out/link.json" || fail "iogate schema -o over a symlink exited $?"
[ "$(cat "$out/victim")" = keep ] || fail "-o wrote through a symlink"
[ ! -L "$out/link.json" ] && cmp -s "$out/link.json" "$out/schema.json" || fail "-o over a link"
rc=0
"$iogate" schema extra >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 2 ] || fail "iogate schema extra exited $rc, expected 2"
help=$("$iogate" schema --help)
for section in "Exit status:" "Environment:" "Examples:"; do
  grep -qx "$section" <<<"$help" || fail "iogate schema --help has no '$section'"
done
"$iogate" completion bash >"$out/completion.bash"
grep -qF "'/schema')" "$out/completion.bash" || fail "the bash completion has no schema"

# The schema itself: valid draft-07, and taking each key's example (which the parser takes:
# threshold_keys_gtest).
"$python" "$validate" "$out/schema.json" || fail "the schema is invalid or refuses its own examples"

# verdicts FILE...: "<file> valid|invalid ...|unconvertible ..." per file (validate.py).
verdicts() { "$python" "$validate" "$out/schema.json" "$@" || fail "validate.py failed"; }
lints() { "$iogate" lint "$1" >/dev/null 2>&1; }

# Every threshold file shipped, and those the tests and rigs run: valid, and they lint.
shipped=("$src"/thresholds/*.toml "$src"/tests/data/thresholds/good/*.toml
  "$src"/tests/e2e/*/*.toml "$src"/tests/rig/data/*.toml)
valid=0
while read -r file verdict rest; do
  [ "$verdict" = valid ] || fail "$file: the schema refuses a shipped file: $rest"
  lints "$file" || fail "$file: does not lint"
  valid=$((valid + 1))
done < <(verdicts "${shipped[@]}")
[ "$valid" -eq "${#shipped[@]}" ] && [ "$valid" -ge 17 ] || fail "only $valid shipped files seen"

# Files iogate writes: every fio job of the corpus that converts (block mixes, rates, engines),
# with absolute, relative and peers bounds; and checks that name a fio job.
export IOGATE_CORPUS_BS=8k
written=()
for job in "$src"/tests/data/fio_jobs/*.fio; do
  head -n 1 "$job" | grep -qx '; expect: ok' || continue
  toml=$out/$(basename "$job" .fio).toml
  "$iogate" import fio "$job" -o "$toml" --expect iops_min='70% of peers' \
    --expect 'mbps_min=90% of baseline' --expect latency_p99_9_max=250ms >/dev/null 2>"$out/err" ||
    { cat "$out/err" >&2; fail "$job: import failed"; }
  written+=("$toml")
done
mkdir -p "$out/gate/jobs"
cp "$src/tests/data/fio_jobs/numjobs.fio" "$out/gate/jobs/"
cat >"$out/gate/fio_checks.toml" <<'EOF'
[suite]
name = "from_fio"
budget = "10m"
unstable = "skip"
[[check]]
name = "readers"
fio_job = "jobs/numjobs.fio"
fio_section = "four-readers"
[check.expect]
iops_min = 1
cv_max = "25%"
EOF
written+=("$out/gate/fio_checks.toml")
imported=0
while read -r file verdict rest; do
  [ "$verdict" = valid ] || fail "$file: the schema refuses a file iogate wrote or lints: $rest"
  lints "$file" || fail "$file: does not lint"
  imported=$((imported + 1))
done < <(verdicts "${written[@]}")
[ "$imported" -ge 10 ] || fail "only $imported written files seen"

# The bad corpus: each file refused by lint; by the schema too, except what a schema cannot see.
declare -A expected=(
  [syntax_error]=unconvertible               # no TOML to validate
  [peers_bound_same_key_twice]=unconvertible # TOML refuses a key given twice
  [duplicate_name]=valid                     # names unique across [[check]] tables
  [size_not_multiple]=valid                  # a rule across keys: size a multiple of block_size
  [missing_block_size]=valid                 # required once [defaults] has lent its keys
)
bad=("$src"/tests/data/thresholds/bad/*.toml)
rejected=0
while read -r file verdict rest; do
  name=$(basename "$file" .toml)
  want=${expected[$name]:-invalid}
  [ "$verdict" = "$want" ] || fail "$file: the schema says $verdict ($rest), expected $want"
  ! lints "$file" || fail "$file: a bad file lints"
  if [ "$verdict" = invalid ]; then rejected=$((rejected + 1)); fi
done < <(verdicts "${bad[@]}")
[ "${#bad[@]}" -ge 16 ] || fail "only ${#bad[@]} bad files seen"

# Rules of the schema no corpus file reaches: each refused by the schema and by lint.
probe() {  # NAME TOML: a one-check file whose [[check]] holds TOML
  printf '[suite]\nname = "probe"\n[[check]]\nname = "c"\n%s\n' "$2" >"$out/probe_$1.toml"
}
workload='workload = { block_size = "4k", duration = "3s", file_size = "64MiB" }'
probe both_sources "$workload
fio_job = \"jobs/numjobs.fio\"
expect = { iops_min = 1 }"
probe section_alone "$workload
fio_section = \"four-readers\"
expect = { iops_min = 1 }"
probe empty_expect "$workload
expect = {}"
probe percentile_zero "$workload
expect = { latency_p0_max = \"1s\" }"
probe peers_on_p50 "$workload
expect = { latency_p50_max = \"150% of peers\" }"
probe latency_bare "$workload
expect = { latency_avg_max = 20 }"
probe engine "workload = { block_size = \"4k\", duration = \"3s\", file_size = \"64MiB\", engine = \"spdk\" }
expect = { iops_min = 1 }"
probe mix_pct "workload = { block_mix = [ { size = \"4k\", pct = 0 } ], duration = \"3s\", file_size = \"64MiB\" }
expect = { iops_min = 1 }"
probe mix_key "workload = { block_mix = [ { bs = \"4k\", pct = 100 } ], duration = \"3s\", file_size = \"64MiB\" }
expect = { iops_min = 1 }"
probes=0
while read -r file verdict rest; do
  [ "$verdict" = invalid ] || fail "$file: the schema says $verdict: $(cat "$file")"
  ! lints "$file" || fail "$file: lints, yet the schema refuses it"
  probes=$((probes + 1))
done < <(verdicts "$out"/probe_*.toml)
[ "$probes" -eq 9 ] || fail "$probes probes seen, expected 9"

echo "schema: $(wc -c <"$out/schema.json") bytes; shipped files valid: $valid of ${#shipped[@]};" \
  "written files valid: $imported; bad files rejected: $rejected of ${#bad[@]}" \
  "(${#expected[@]} named: what a schema cannot see); probes rejected: $probes"
