# The shipped quick suite under ctest, against a fresh datastore: every check passes, and the
# datastore holds nothing of iogate's afterwards.
ctest=$1; suites_dir=$2
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
ds=$(new_datastore)
log=$(mktemp); trap 'cleanup_datastores; rm -f "$log"' EXIT

# A named baseline that does not exist stops the suite before any check (exit 2), by flag or by
# IOGATE_BASELINE, instead of skipping its relative bounds and passing.
for how in flag env; do
  set +e
  if [ "$how" = flag ]; then
    IOGATE_DATASTORE="$ds" "$suites_dir/quick" --baseline "$ds/none.json" > "$log" 2>&1
  else
    IOGATE_DATASTORE="$ds" IOGATE_BASELINE="$ds/none.json" "$suites_dir/quick" > "$log" 2>&1
  fi
  rc=$?
  set -e
  [ "$rc" = 2 ] || { cat "$log"; fail "suite with a missing baseline by $how: exit $rc, expected 2"; }
  assert_contains "$log" "^iogate: baseline $ds/none.json: cannot open: No such file or directory" "missing baseline by $how"
  if grep -q "\[ RUN" "$log"; then fail "suite ran a check with a missing baseline ($how)"; fi
done
[ -z "$(ls -A "$ds")" ] || fail "a suite stopped for its baseline wrote to the datastore"
IOGATE_DATASTORE="$ds" "$ctest" --test-dir "$suites_dir" -L '^quick$' --output-on-failure \
  > "$log" 2>&1 || { cat "$log"; fail "the quick suite failed on a healthy datastore"; }
cat "$log"
assert_contains "$log" "100% tests passed" "all quick checks passed"
assert_no_scratch "$ds"
[ -z "$(ls -A "$ds")" ] || fail "datastore not empty after the suite: $(ls -A "$ds")"
echo "quick_suite: ok"
