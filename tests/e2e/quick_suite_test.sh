# The shipped quick suite under ctest, against a fresh datastore: every check passes, and the
# datastore holds nothing of iogate's afterwards.
ctest=$1; suites_dir=$2
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
ds=$(new_datastore)
log=$(mktemp); trap 'cleanup_datastores; rm -f "$log"' EXIT
IOGATE_DATASTORE="$ds" "$ctest" --test-dir "$suites_dir" -L '^quick$' --output-on-failure \
  > "$log" 2>&1 || { cat "$log"; fail "the quick suite failed on a healthy datastore"; }
cat "$log"
assert_contains "$log" "100% tests passed" "all quick checks passed"
assert_no_scratch "$ds"
[ -z "$(ls -A "$ds")" ] || fail "datastore not empty after the suite: $(ls -A "$ds")"
echo "quick_suite: ok"
