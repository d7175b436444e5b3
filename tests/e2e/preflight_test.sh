# The preflight: what is known before the first I/O is refused before it, once, with exit 2 and
# every reason, and nothing laid out or reported: no usable engine for `iogate check`,
# `baseline record`, `run` and a suite executable (whose refusal weighs only the tests it runs), and
# a pseudo filesystem as the datastore. (rig.preflight: a read-only and a tiny mount, as root.)
# Usage: preflight_test.sh <iogate> <source dir> [<handwritten_example suite>]
source "$IOGATE_E2E_LIB"
iogate=$1
gate="$2/thresholds/quick.toml"
suite=${3:-}
trap cleanup_datastores EXIT
ds=$(new_datastore)
out=$(new_datastore)
echo "someone else's" > "$ds/kept.txt"
before=$(find "$ds" -printf '%p %s\n' | sort)

# refused WHAT COMMAND...: exit 2, and the datastore as it was.
refused() {
  local what=$1 rc=0
  shift
  "$@" > "$out/log" 2>&1 || rc=$?
  [ "$rc" = 2 ] || { cat "$out/log" >&2; fail "$what: exit $rc, expected 2"; }
  [ "$(find "$ds" -printf '%p %s\n' | sort)" = "$before" ] ||
    { find "$ds" >&2; fail "$what: the datastore changed before the refusal"; }
}

all=io_uring,libaio,psync
none_usable='cannot run here: engine auto: no engine is usable here \(io_uring: disabled by IOGATE_DISABLE_ENGINES; libaio: disabled by IOGATE_DISABLE_ENGINES; psync: disabled by IOGATE_DISABLE_ENGINES\)'
IOGATE_DISABLE_ENGINES=$all refused "check with every engine disabled" \
  "$iogate" check "$gate" --datastore "$ds" --junit "$out/junit.xml" --json "$out/results.json"
for check in seq_write_8k seq_read_128k rand_read_8k rand_mixed_8k_70_read; do
  assert_contains "$out/log" "^iogate check: $check $none_usable$" "check names $check"
done
if grep -q "ERROR\|^iogate check .* on " "$out/log"; then cat "$out/log"; fail "check started its checks"; fi
[ ! -e "$out/junit.xml" ] && [ ! -e "$out/results.json" ] || fail "a refused check wrote its reports"

IOGATE_DISABLE_ENGINES=$all refused "baseline record with every engine disabled" \
  "$iogate" baseline record "$gate" --datastore "$ds" --out "$out/b.json"
assert_contains "$out/log" "^iogate baseline record: seq_read_128k $none_usable" "baseline record"
[ ! -e "$out/b.json" ] || fail "a refused recording wrote its baseline"

IOGATE_DISABLE_ENGINES=$all refused "run with every engine disabled" \
  "$iogate" run --engine auto --bs 4k --size 1MiB --datastore "$ds"
assert_contains "$out/log" "^iogate run: run $none_usable" "run"

# A pseudo filesystem is no datastore, whatever room it claims or lacks.
rc=0
"$iogate" check "$gate" --datastore /proc > "$out/log" 2>&1 || rc=$?
[ "$rc" = 2 ] || { cat "$out/log" >&2; fail "check on /proc: exit $rc, expected 2"; }
assert_contains "$out/log" "^iogate check: datastore /proc is on proc, a pseudo filesystem of the kernel that holds no test files" "/proc"
[ "$(grep -c . "$out/log")" = 1 ] || { cat "$out/log"; fail "/proc: one reason, not one per check"; }

if [ -n "$suite" ]; then
  IOGATE_DISABLE_ENGINES=$all refused "the suite with every engine disabled" \
    "$suite" --datastore "$ds" --gtest_output="xml:$out/gtest.xml"
  assert_contains "$out/log" "^iogate: rand_read_4k_file $none_usable" "the suite names its check"
  assert_contains "$out/log" "^iogate: seq_read_128k $none_usable" "the suite names its generated check"
  if grep -q "\[ RUN" "$out/log"; then cat "$out/log"; fail "the suite ran a test"; fi
  [ ! -e "$out/gtest.xml" ] || fail "a refused suite wrote GoogleTest's report"
  # Only the tests this process runs are weighed: under ctest, one check a process.
  IOGATE_DISABLE_ENGINES=$all refused "one test of the suite" \
    "$suite" --datastore "$ds" --gtest_filter='*.seq_read_128k'
  if grep -q rand_read_4k_file "$out/log"; then cat "$out/log"; fail "the suite weighed a test it does not run"; fi
fi
echo "preflight: ok"
