# Under ctest each check is a process of its own, and the checks of one ctest run still share a
# laid-out test file: seed 001's four IOMeter checks (scaled to 8 MiB files and 200 ms each, as
# e2e.layout_sharing does for iogate check) lay out one file, in IOMeter's 64 KiB writes, for the
# first check; the other three reuse it, counted from the per-check JSON. While the run goes on,
# the datastore holds that one kept file's scratch directory and no other; after it, nothing.
# `ctest -R` for one check alone lays out that check's file and leaves nothing either; so does
# the suite executable run by hand. A ctest stopped with SIGINT mid-run leaves nothing behind
# once the next run has started.
cmake=$1; ctest=$2; iogate_build=$3; source_dir=$4
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
ds=$(new_datastore)

project="$E2E_DIR/project"
suite_project "$project" 'iogate_add_suite(vmware THRESHOLDS vmware.toml
  DATASTORE "${LAYOUTS_DATASTORE}" REPORT_DIR "${CMAKE_BINARY_DIR}/results")'
sed -e 's/^duration = "2m"/duration = "200ms"/' -e 's/^file_size = "4GiB"/file_size = "8MiB"/' \
  -e 's/^budget = .*//' "$source_dir/thresholds/vmware-community.toml" > "$project/vmware.toml"
grep -q '^file_size = "8MiB"' "$project/vmware.toml" || fail "vmware-community.toml changed"
# The seed's floors need not hold on this disk: only the layouts are asserted.
sed -i -e 's/^mbps_min = .*/mbps_min = 0.001/' -e 's/^iops_min = .*/iops_min = 1/' \
  "$project/vmware.toml"

build="$E2E_DIR/build"
build_project "$cmake" "$project" "$build" "$iogate_build" -DLAYOUTS_DATASTORE="$ds"

watch_scratch "$ds" "$E2E_DIR/stop" > "$E2E_DIR/watch" &
watcher=$!
"$ctest" --test-dir "$build" -j2 --output-on-failure > "$E2E_DIR/ctest.log" 2>&1 ||
  { cat "$E2E_DIR/ctest.log"; fail "ctest failed"; }
touch "$E2E_DIR/stop"
wait "$watcher"
read -r most polls < "$E2E_DIR/watch"
results="$build/results/vmware"
[ "$(layouts "$results" 4)" = "1 Max_Throughput_50_Read<Max_Throughput_100_Read Random_8k_70_Read<Max_Throughput_100_Read RealLife_60_Rand_65_Read<Max_Throughput_100_Read" ] ||
  fail "ctest: $(layouts "$results" 4)"
assert_contains "$E2E_DIR/ctest.log" 'vmware\.layouts_cleanup .*Passed' "the cleanup step ran"
assert_contains "$build/Testing/Temporary/LastTest.log" 'removed 1 test file\(s\) kept for this run' \
  "the cleanup step removed the kept file"
# The kept file's scratch directory alone: no check made one of its own.
[ "$most" -eq 1 ] || fail "$most scratch directories at once ($polls polls)"
assert_no_scratch "$ds"
# In the order of the threshold file: the reading check first, on the fresh layout.
grep -o 'vmware\.[A-Za-z0-9_]*' "$E2E_DIR/ctest.log" | grep -v 'layouts_cleanup\|reports' |
  awk '!seen[$0]++' | tr '\n' ' ' > "$E2E_DIR/order"
[ "$(cat "$E2E_DIR/order")" = "vmware.Max_Throughput_100_Read vmware.RealLife_60_Rand_65_Read vmware.Max_Throughput_50_Read vmware.Random_8k_70_Read " ] ||
  fail "ctest ran the checks as $(cat "$E2E_DIR/order")"

# One check alone: its own layout, and nothing left.
rm -rf "$results"
"$ctest" --test-dir "$build" -R 'Max_Throughput_50_Read' --output-on-failure > "$E2E_DIR/one.log" 2>&1 ||
  { cat "$E2E_DIR/one.log"; fail "ctest -R one check failed"; }
[ "$(layouts "$results" 1)" = "1 " ] || fail "one check: $(layouts "$results" 1)"
assert_no_scratch "$ds"

# The suite executable run by hand: its checks share the file within the one process. Given
# ctest's flag from a shell, it keeps nothing for the shell.
rm -rf "$results"
"$build/vmware" > "$E2E_DIR/direct.log" 2>&1 || { cat "$E2E_DIR/direct.log"; fail "direct run failed"; }
[ "$(layouts "$results" 4)" = "1 Max_Throughput_50_Read<Max_Throughput_100_Read Random_8k_70_Read<Max_Throughput_100_Read RealLife_60_Rand_65_Read<Max_Throughput_100_Read" ] ||
  fail "direct run: $(layouts "$results" 4)"
assert_no_scratch "$ds"
"$build/vmware" --gtest_filter=vmware.Max_Throughput_100_Read --share-layouts-with-parent \
  > "$E2E_DIR/by_hand.log" 2>&1 || { cat "$E2E_DIR/by_hand.log"; fail "run by hand failed"; }
assert_contains "$E2E_DIR/by_hand.log" 'the parent process is not ctest; a test file is shared within this process only' \
  "ctest's flag outside ctest is said to do nothing"
assert_no_scratch "$ds"

# ctest stopped mid-run (SIGINT to its process group, as Ctrl-C): whatever it kept goes, at the
# latest when the next run on the datastore starts.
setsid "$ctest" --test-dir "$build" -j2 > "$E2E_DIR/stopped.log" 2>&1 &
stopped=$!
for _ in $(seq 1 500); do  # up to 10 s for the first check's result
  [ -e "$results/Max_Throughput_100_Read.json" ] && break
  sleep 0.02
done
kill -INT -- -"$stopped" 2> /dev/null || true
wait "$stopped" || true
"$ctest" --test-dir "$build" -R 'Max_Throughput_100_Read' > "$E2E_DIR/after.log" 2>&1 ||
  { cat "$E2E_DIR/after.log"; fail "the run after the stopped one failed"; }
assert_no_scratch "$ds"
echo PASS
