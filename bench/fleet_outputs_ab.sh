#!/usr/bin/env bash
# Two builds of `iogate fleet` on the same inputs: every output each writes (the console, its
# errors, its exit status and every file of --report-dir) kept side by side and compared with
# `diff -r`, so a change meant to make the fleet faster is shown to change nothing it says.
#
#   bench/fleet_outputs_ab.sh BEFORE AFTER [WORK]
#
# The inputs are the fleet's end-to-end tests (tests/e2e/fleet_test.sh and
# fleet_ci_examples_test.sh) run with a stand-in for iogate that runs each `iogate fleet` of the
# test with BEFORE and then with AFTER (the test goes on with AFTER's result; anything else runs
# AFTER alone), and fleets made by bench/fleet_inputs.py from one host's results: spread,
# slow, other drivers, other workloads, checks in error or missing, reruns, and inputs that are
# no JSON or cut short. WORK (default: a temporary directory, removed) keeps the outputs as
# WORK/before/NNN and WORK/after/NNN. Exit 0 when both builds wrote the same bytes everywhere.
set -euo pipefail
before=$(realpath "$1"); after=$(realpath "$2")
src=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${3:-}" ]; then
  work=$(realpath -m "$3"); rm -rf "$work"; mkdir -p "$work"
else
  work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/bin" "$work/before" "$work/after" "$work/e2e"

# The stand-in: each `iogate fleet` runs twice, BEFORE first, from the same starting state of
# its report directory and with the same standard input; the outputs go to WORK/{before,after}.
cat > "$work/bin/iogate" <<SH
#!/usr/bin/env bash
set -u
[ "\${1:-}" = fleet ] || exec "$after" "\$@"
n=\$(mkdir -p "$work/seq/n" && mktemp -p "$work/seq/n" XXXXXX > /dev/null && ls "$work/seq/n" | wc -l)
n=\$(printf '%03d' "\$n")
report="" stdin=/dev/null prev=""
for a in "\$@"; do
  case \$prev in --report-dir) report=\$a ;; esac
  case \$a in --report-dir=*) report=\${a#--report-dir=} ;; esac
  if { [ "\$prev" = --results-from ] && [ "\$a" = - ]; } || [ "\$a" = --results-from=- ]; then
    stdin="$work/seq/stdin-\$n"; cat > "\$stdin"
  fi
  prev=\$a
done
saved="$work/seq/report-\$n"
[ -z "\$report" ] || [ ! -e "\$report" ] || cp -a "\$report" "\$saved"
for build in before after; do
  bin=$before; [ \$build = before ] || bin=$after
  out="$work/\$build/\$n"; mkdir -p "\$out"
  printf '%s\n' "\$@" > "\$out/argv"
  [ -z "\$report" ] || { rm -rf "\$report"; [ ! -e "\$saved" ] || cp -a "\$saved" "\$report"; }
  rc=0; "\$bin" "\$@" < "\$stdin" > "\$out/stdout" 2> "\$out/stderr" || rc=\$?
  echo "\$rc" > "\$out/rc"
  [ -z "\$report" ] || [ ! -d "\$report" ] || cp -a "\$report" "\$out/report"
done
cat "$work/after/\$n/stdout"; cat "$work/after/\$n/stderr" >&2
exit "\$(cat "$work/after/\$n/rc")"
SH
chmod +x "$work/bin/iogate"
stand_in="$work/bin/iogate"

for t in fleet_test.sh fleet_ci_examples_test.sh; do
  IOGATE_E2E_SCRATCH="$work/e2e" IOGATE_E2E_LIB="$src/tests/e2e/lib.sh" \
    bash "$src/tests/e2e/$t" "$stand_in" "$src" > "$work/$t.log" 2>&1 ||
    echo "fleet_outputs_ab.sh: $t failed (its log: $work/$t.log); its fleets compared all the same" >&2
done

# Fleets from one host's results, each shape of input the comparison reads.
gen="$work/gen"
mkdir -p "$gen/ds"
cat > "$gen/two.toml" <<'TOML'
[suite]
name = "ab"
[[check]]
name = "rand_read_4k"
[check.workload]
block_size = "4k"
read = "100%"
random = "100%"
duration = "2s"
file_size = "8MiB"
direct = false
rate_iops = 300
[check.expect]
iops_min = 1
latency_avg_max = "5ms"
[[check]]
name = "seq_write_64k"
[check.workload]
block_size = "64k"
read = "0%"
random = "0%"
duration = "2s"
file_size = "8MiB"
direct = false
rate_iops = 40
[check.expect]
mbps_min = "70% of peers"
TOML
"$after" check "$gen/two.toml" --datastore "$gen/ds" --host-label h0 --repeat 3 --repeat-max 3 \
  --json "$gen/template.json" > "$gen/check.log" 2>&1 || [ $? = 1 ]
fleet() {  # name fleet_inputs.py options...
  local name=$1; shift
  python3 "$src/bench/fleet_inputs.py" "$gen/template.json" "$gen/$name" 40 --seed 7 "$@" > /dev/null
}
fleet plain
fleet mixed --spread 0.05 --noise 0.1 --slow 9 --driver 13 --variant 17 --error 19 --missing 23
fleet rerun --spread 0.05 --noise 0.1 --slow 10 --rerun 10 --rerun-dir "$gen/rerun-again"
ls "$gen"/plain/*.json | head -3 > "$gen/bad.txt"
printf '{"checks": [1, 2' > "$gen/cut.json"
printf '{"checks": [%s]}' "$(printf '[%.0s' $(seq 1 70))" > "$gen/deep.json"
# Past the reader's budget (json_input.hpp), on an array's '[' and on a number read up to the
# character after it: where each error says the reader stopped.
python3 -c 'import sys; n = 16 << 20
open(sys.argv[1], "w").write("[" + "[]," * (n // 4) + "[]]")
open(sys.argv[2], "w").write("[" + "7," * n + "7]")' "$gen/budget-arrays.json" "$gen/budget-numbers.json"
cd "$gen"
"$stand_in" fleet plain/*.json --report-dir rep-plain > /dev/null || true
"$stand_in" fleet mixed/*.json --report-dir rep-mixed > /dev/null || true
"$stand_in" fleet mixed/*.json --figure iops --figure lat_avg_ms --peer-key model > /dev/null || true
"$stand_in" fleet rerun/*.json --report-dir rep-rerun > /dev/null || true
"$stand_in" fleet rerun/*.json $(printf -- '--rerun %s ' rerun-again/*.json) --report-dir rep-again \
  > /dev/null || true
"$stand_in" fleet plain/000001.json cut.json > /dev/null 2>&1 || true
"$stand_in" fleet plain/000001.json deep.json > /dev/null 2>&1 || true
"$stand_in" fleet plain/000001.json "$src/tests/data/reports/junit.xml" > /dev/null 2>&1 || true
for f in budget-arrays.json budget-numbers.json; do
  "$stand_in" fleet plain/000001.json "$f" > /dev/null 2>&1 || true
done

runs=$(ls "$work/before" | wc -l)
if diff -r "$work/before" "$work/after" > "$work/diff.txt"; then
  echo "fleet_outputs_ab.sh: $runs runs of iogate fleet, the same bytes from both builds"
else
  head -40 "$work/diff.txt"
  echo "fleet_outputs_ab.sh: the builds differ (of $runs runs; $work/diff.txt)" >&2
  exit 1
fi
