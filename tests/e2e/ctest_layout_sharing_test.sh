# Under ctest each check is a process of its own, and the checks of one ctest run still share a
# laid-out test file: seed 001's four IOMeter checks (scaled to 8 MiB files and 200 ms each, as
# e2e.layout_sharing does for iogate check) lay out one file, in IOMeter's 64 KiB writes, for the
# first check; the other three reuse it, counted from the per-check JSON. While the run goes on,
# the datastore never holds more than that one kept file's directory and a check's own; after it,
# nothing. `ctest -R` for one check alone lays out that check's file and leaves nothing either.
# A ctest stopped with SIGINT mid-run leaves nothing behind once the next run has started.
cmake=$1; ctest=$2; iogate_build=$3; source_dir=$4
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
ds=$(new_datastore)

project="$E2E_DIR/project"
mkdir -p "$project"
cat > "$project/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.25)
project(iogate_layouts LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(iogate CONFIG REQUIRED)
enable_testing()
iogate_add_suite(vmware THRESHOLDS vmware.toml DATASTORE "${LAYOUTS_DATASTORE}"
                 REPORT_DIR "${CMAKE_BINARY_DIR}/results")
EOF
sed -e 's/^duration = "2m"/duration = "200ms"/' -e 's/^file_size = "4GiB"/file_size = "8MiB"/' \
  -e 's/^budget = .*//' "$source_dir/thresholds/vmware-community.toml" > "$project/vmware.toml"
grep -q '^file_size = "8MiB"' "$project/vmware.toml" || fail "vmware-community.toml changed"
# The seed's floors need not hold on this disk: only the layouts are asserted.
sed -i -e 's/^mbps_min = .*/mbps_min = 0.001/' -e 's/^iops_min = .*/iops_min = 1/' \
  "$project/vmware.toml"

build="$E2E_DIR/build"
"$cmake" -S "$project" -B "$build" -G Ninja -Diogate_DIR="$iogate_build" \
  -DLAYOUTS_DATASTORE="$ds" > "$build.log" 2>&1 || { cat "$build.log"; fail "configure"; }
"$cmake" --build "$build" >> "$build.log" 2>&1 || { cat "$build.log"; fail "build"; }

layouts() {  # json_dir: "<files laid out> <check<reused from ...>"
  /usr/bin/python3 - "$1" "$2" << 'PY'
import json, pathlib, sys
records = {p.stem: json.loads(p.read_text()) for p in pathlib.Path(sys.argv[1]).glob("*.json")
           if p.stem not in ("results", "gbench")}  # the merged reports beside them
assert len(records) == int(sys.argv[2]), sorted(records)
for name, r in records.items():
    assert r["layout_s"] >= 0, name
    assert (r["layout_s"] > 0) == ("layout_reused_from" not in r), (name, r["layout_s"])
print(sum("layout_reused_from" not in r for r in records.values()),
      " ".join(f"{n}<{r['layout_reused_from']}" for n, r in sorted(records.items())
               if "layout_reused_from" in r))
PY
}

# The watcher: the most iogate scratch directories seen at once, until the stop file exists.
watch_datastore() {  # stop-file
  /usr/bin/python3 - "$ds" "$1" <<'PY'
import os, sys, time
ds, stop = sys.argv[1], sys.argv[2]
most = polls = 0
while not os.path.exists(stop):
    most = max(most, sum(1 for e in os.scandir(ds) if e.name.startswith("iogate-scratch-")))
    polls += 1
    time.sleep(0.01)
print(most, polls)
PY
}

watch_datastore "$E2E_DIR/stop" > "$E2E_DIR/watch" &
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
# The kept file's directory, and a check's own scratch directory beside it at most.
[ "$most" -ge 1 ] && [ "$most" -le 2 ] || fail "$most scratch directories at once ($polls polls)"
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
