# iogate.exe under wine, as a Windows guest's admin runs it: the shipped quick suite, scaled down
# to seconds, passes on a datastore of a wine drive (Z: is the Linux root) and writes JUnit that
# validates against the Surefire schema; an impossible floor fails with exit 1; Ctrl-C (SIGINT to
# the wine process, which wine turns into a console CTRL_C_EVENT) stops the run and leaves no
# scratch directory. Every run leaves the datastore empty.
set -euo pipefail
iogate=$1; wine_run=$2; prefix=$3; quick=$4; schema=$5; scratch=$6
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$scratch"
work=$(mktemp -d "$scratch/wine-check.XXXXXX")
trap 'rc=$?; [ "$rc" -eq 0 ] && rm -rf "$work" || echo "kept $work for a look" >&2' EXIT
ds="$work/ds"; mkdir "$ds"
win() { printf 'Z:%s' "${1//\//\\}"; }  # the Windows name of a Linux path under wine
run() { "$wine_run" "$prefix" "$iogate" "$@"; }
assert_empty() {  # what
  [ -z "$(ls -A "$ds")" ] || fail "$1: the datastore holds $(ls -A "$ds")"
}

# The quick suite as shipped, its sizes and durations scaled down: the same four checks, floors
# and workloads.
sed -e 's/"1GiB"/"32MiB"/; s/"512MiB"/"32MiB"/g; s/duration = "15s"/duration = "2s"/' \
    -e 's/ramp = "2s"/ramp = "1s"/' "$quick" > "$work/quick.toml"
grep -q '"32MiB"' "$work/quick.toml" || fail "the quick suite's sizes were not scaled"

set +e
run check "$(win "$work/quick.toml")" --datastore "$(win "$ds")" \
  --junit "$(win "$work/junit.xml")" > "$work/pass.log" 2>&1
rc=$?; set -e
[ "$rc" -eq 0 ] || { cat "$work/pass.log"; fail "the scaled quick suite exited $rc under wine"; }
xmllint --noout --schema "$schema" "$work/junit.xml" || fail "junit.xml is not schema-valid"
/usr/bin/python3 - "$work/junit.xml" <<'PY'
import sys
from junitparser import JUnitXml
suites = list(JUnitXml.fromfile(sys.argv[1]))
assert len(suites) == 1 and suites[0].name == "quick", [s.name for s in suites]
s = suites[0]
assert (s.tests, s.failures, s.errors, s.skipped) == (4, 0, 0, 0), (s.tests, s.failures, s.errors)
names = {c.name for c in s}
assert names == {"seq_write_8k", "seq_read_128k", "rand_read_8k", "rand_mixed_8k_70_read"}, names
assert all(c.is_passed and c.time > 0 for c in s)
PY
assert_empty "after a passing run"
echo "passing run: ok ($(grep -c . "$work/pass.log") lines of output)"

# An impossible floor fails the check, exit 1, and the JUnit says which (confirmed after 1 s, not
# the default 30 s pause).
sed -e 's/^iops_min = 100$/iops_min = 1000000000/' \
    -e '/^name = "rand_read_8k"$/a confirm_pause = "1s"' "$work/quick.toml" > "$work/impossible.toml"
set +e
run check "$(win "$work/impossible.toml")" --datastore "$(win "$ds")" --filter rand_read_8k \
  --junit "$(win "$work/impossible.xml")" > "$work/impossible.log" 2>&1
rc=$?; set -e
[ "$rc" -eq 1 ] || { cat "$work/impossible.log"; fail "an impossible floor exited $rc, not 1"; }
xmllint --noout --schema "$schema" "$work/impossible.xml" || fail "impossible.xml not schema-valid"
grep -q '<failure [^>]*message="rand_read_8k: iops ' "$work/impossible.xml" ||
  fail "the JUnit of an impossible floor names no failure of rand_read_8k"
assert_empty "after a failing run"
echo "impossible floor: ok (exit 1)"

# Ctrl-C mid-run: a long read check, interrupted once its scratch directory exists.
sed -e 's/duration = "2s"/duration = "60s"/' "$work/quick.toml" > "$work/long.toml"
# Job control on: a background command of a script otherwise starts with SIGINT ignored, and an
# ignored signal stays ignored through exec, into wine. wine-run.sh execs wine: $! is wine.
set -m
"$wine_run" "$prefix" "$iogate" check "$(win "$work/long.toml")" --datastore "$(win "$ds")" \
  --filter rand_read_8k > "$work/interrupt.log" 2>&1 &
pid=$!
set +m
for _ in $(seq 600); do
  compgen -G "$ds/iogate-scratch-*/rand_read_8k*" > /dev/null && break
  sleep 0.1
done
compgen -G "$ds/iogate-scratch-*" > /dev/null || { cat "$work/interrupt.log"; fail "no scratch directory appeared"; }
sleep 2  # into the measured run, past the layout
kill -INT "$pid"
set +e
wait "$pid"
rc=$?; set -e
cat "$work/interrupt.log"
[ "$rc" -ne 0 ] || fail "a run stopped by Ctrl-C exited 0"
grep -q "interrupted by SIGINT" "$work/interrupt.log" || fail "Ctrl-C was not reported as such"
assert_empty "after Ctrl-C"
echo "Ctrl-C: ok (exit $rc, no scratch directory left)"
echo "wine_check: ok"
