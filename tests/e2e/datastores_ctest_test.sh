# Several datastores in one ctest run (README): `ctest -j4 --resource-spec-file` with a spec of
# four datastores (scripts/datastores-spec.sh) spreads a suite's twelve checks of a second each
# over all four, never two on one at once, as each check's own result document shows (its
# datastore, start and end to the millisecond); the merged reports name each check's datastore.
# Without a spec file the checks run one at a time on the suite's datastore as before. An id the
# spec does not map, a spec named while ctest allocated nothing, and an allocation with no spec
# named fail the checks with the reason, on no datastore at all.
#
# Why a second each: the first four checks start together on four free datastores (ctest hands
# out what is free), so all four are used as long as a check lasts longer than ctest takes to
# start four processes; a second is far beyond that even on a loaded machine.
cmake=$1; ctest=$2; iogate_build=$3; spec_script=$4
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT

project="$E2E_DIR/project"
mkdir -p "$project"
cat > "$project/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.25)
project(iogate_spread LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(iogate CONFIG REQUIRED)
enable_testing()
iogate_add_suite(spread THRESHOLDS spread.toml DATASTORE "${SPREAD_DATASTORE}")
EOF
{
  printf '[suite]\nname = "spread"\nprofile = "e2e"\n'
  for i in $(seq -w 1 12); do
    printf '\n[[check]]\nname = "c%s"\n[check.workload]\nblock_size = "64k"\n' "$i"
    printf 'duration = "1s"\nfile_size = "4MiB"\n[check.expect]\nmbps_min = 0.001\n'
  done
} > "$project/spread.toml"

default_ds=$(new_datastore)
stores=()
for _ in 1 2 3 4; do stores+=("$(new_datastore)"); done
spec="$E2E_DIR/datastores.json"
"$spec_script" "${stores[@]}" > "$spec" || fail "datastores-spec.sh refused four directories"

# The spec writer: absolute paths, escaped for JSON; nothing printed for a directory that is not
# there, is not a directory, or is named twice.
odd="$E2E_DIR/we\"ird\\dir"
mkdir "$odd"
(cd "$E2E_DIR" && "$spec_script" "${stores[0]}/" "we\"ird\\dir") > "$E2E_DIR/odd.json"
/usr/bin/python3 - "$E2E_DIR/odd.json" "${stores[0]}" "$odd" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
got = [(d["id"], d["slots"], d["dir"]) for d in spec["local"][0]["datastores"]]
assert got == [("ds0", 1, sys.argv[2]), ("ds1", 1, sys.argv[3])], got
assert spec["version"] == {"major": 1, "minor": 0}, spec
PY
for bad in "$E2E_DIR/missing" "$E2E_DIR/odd.json" "${stores[1]} ${stores[1]}/."; do
  set +e
  # shellcheck disable=SC2086  # the last case is two arguments
  "$spec_script" "${stores[0]}" $bad > "$E2E_DIR/bad.json" 2> "$E2E_DIR/bad.err"
  rc=$?
  set -e
  [ "$rc" -eq 2 ] && [ ! -s "$E2E_DIR/bad.json" ] || fail "datastores-spec.sh $bad: exit $rc"
done
assert_contains "$E2E_DIR/bad.err" "names the same directory as ${stores[1]}" "a directory twice"

build="$E2E_DIR/build"
"$cmake" -S "$project" -B "$build" -G Ninja -Diogate_DIR="$iogate_build" \
  -DSPREAD_DATASTORE="$default_ds" > "$build.log" 2>&1 || { cat "$build.log"; fail "configure"; }
"$cmake" --build "$build" >> "$build.log" 2>&1 || { cat "$build.log"; fail "build"; }
results="$build/reports/spread"

# The checks' properties: RESOURCE_GROUPS always, the lock only without IOGATE_RESOURCE_SPEC_FILE.
"$ctest" --test-dir "$build" --show-only=json-v1 > "$E2E_DIR/plain.json"
IOGATE_RESOURCE_SPEC_FILE="$spec" "$ctest" --test-dir "$build" --show-only=json-v1 \
  > "$E2E_DIR/spread.json"
/usr/bin/python3 - "$E2E_DIR" "$default_ds" <<'PY'
import json, sys
top, default = sys.argv[1:]
for run, locked in (("plain", True), ("spread", False)):
    tests = json.load(open(f"{top}/{run}.json"))["tests"]
    # On one datastore the checks share a laid-out file, which a cleanup step removes; spread
    # over several, each lays out its own and there is nothing to clean.
    assert ("spread.layouts_cleanup" in [t["name"] for t in tests]) == locked, run
    for t in tests:
        if t["name"].startswith("spread.reports") or t["name"] == "spread.layouts_cleanup":
            continue
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        groups = props.get("RESOURCE_GROUPS")
        assert groups == [{"requirements": [{".type": "datastores", "slots": 1}]}], (run, groups)
        lock = props.get("RESOURCE_LOCK")
        assert lock == (["iogate-datastore:" + default] if locked else None), (run, lock)
PY

# The schedule of a run, from its per-check documents: prints one line per datastore used and the
# most checks running at once; fails when two checks overlapped on one datastore.
schedule() {  # expected-checks datastore...
  /usr/bin/python3 - "$results" "$@" <<'PY'
import collections, datetime, glob, json, sys
results, expected, allowed = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
t = lambda s: datetime.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()
docs = [json.load(open(f)) for f in glob.glob(results + "/c*.json")]
assert len(docs) == expected, f"{len(docs)} check documents, expected {expected}"
spans = collections.defaultdict(list)
for d in docs:
    assert d["status"] == "pass", (d["check"], d["messages"])
    assert d["datastore"] in allowed, (d["check"], d["datastore"], allowed)
    spans[d["datastore"]].append((t(d["start_time"]), t(d["end_time"]), d["check"]))
for ds, runs in spans.items():
    runs.sort()
    for (s1, e1, c1), (s2, e2, c2) in zip(runs, runs[1:]):
        assert e1 <= s2, f"{c1} and {c2} overlapped on {ds}: {c1} ended {e1 - s2:.3f} s after {c2} began"
events = sorted([(s, 1) for r in spans.values() for s, _, _ in r] +
                [(e, -1) for r in spans.values() for _, e, _ in r])
now = most = 0
for _, step in events:
    now += step
    most = max(most, now)
first = min(s for r in spans.values() for s, _, _ in r)
last = max(e for r in spans.values() for _, e, _ in r)
for ds in allowed:
    print(f"  {ds}: {len(spans[ds])} checks")
print(f"  datastores used: {len(spans)} of {len(allowed)}; at most {most} check{'' if most == 1 else 's'} at once; "
      f"first start to last end {last - first:.2f} s")
PY
}

# Four datastores: all used, none shared.
started=$(date +%s.%N)
# (IOGATE_DATASTORE names the suite's own datastore: the allocation wins over it.)
IOGATE_DATASTORE="$default_ds" IOGATE_RESOURCE_SPEC_FILE="$spec" "$ctest" --test-dir "$build" -j4 \
  --resource-spec-file "$spec" --output-on-failure > "$E2E_DIR/spread.log" 2>&1 ||
  { cat "$E2E_DIR/spread.log"; fail "spread run"; }
spread_s=$(echo "$(date +%s.%N) - $started" | bc)
echo "datastores_ctest: ctest -j4 over four datastores took ${spread_s%???????} s:"
schedule 12 "${stores[@]}" | tee "$E2E_DIR/spread.schedule"
assert_contains "$E2E_DIR/spread.schedule" "datastores used: 4 of 4" "all four datastores used"
assert_contains "$E2E_DIR/spread.schedule" "at most [234] checks at once" "checks ran side by side"
cp "$build/Testing/Temporary/LastTest.log" "$E2E_DIR/spread-tests.log"
assert_contains "$E2E_DIR/spread-tests.log" \
  "^iogate: datastore ${stores[0]} \(\"ds0\", allocated by ctest from $spec\)" \
  "a check says which datastore it was given"
assert_contains "$E2E_DIR/spread-tests.log" \
  "^iogate: IOGATE_DATASTORE=$default_ds is not used: ctest's allocation wins" \
  "a check says the datastore it was not given"
for ds in "$default_ds" "${stores[@]}"; do assert_no_scratch "$ds"; done
[ -z "$(ls -A "$default_ds")" ] || fail "a check wrote to the suite's own datastore $default_ds"
# The merged reports name every check's datastore.
/usr/bin/python3 - "$results" "${stores[@]}" <<'PY'
import json, sys, xml.etree.ElementTree as ET
results, stores = sys.argv[1], sys.argv[2:]
merged = json.load(open(results + "/results.json"))
assert merged["context"]["datastore"] == "4 datastores: " + ", ".join(sorted(stores)), merged["context"]
assert all(c["datastore"] in stores for c in merged["checks"]) and len(merged["checks"]) == 12
cases = ET.parse(results + "/junit.xml").getroot().iter("testcase")
named = [c.get("name") for c in cases if any(
    line.startswith("datastore=") and line[10:] in stores
    for line in c.find("system-out").text.splitlines())]
assert len(named) == 12, named
summary = open(results + "/summary.md").read()
assert "### Datastores" in summary and all(f"`{s}`" in summary for s in stores), summary
PY

# Without a spec file: as before, one check at a time on the suite's datastore.
started=$(date +%s.%N)
"$ctest" --test-dir "$build" -j4 --output-on-failure > "$E2E_DIR/plain.log" 2>&1 ||
  { cat "$E2E_DIR/plain.log"; fail "run without a spec file"; }
plain_s=$(echo "$(date +%s.%N) - $started" | bc)
echo "datastores_ctest: ctest -j4 without a spec file took ${plain_s%???????} s:"
schedule 12 "$default_ds" | tee "$E2E_DIR/plain.schedule"
assert_contains "$E2E_DIR/plain.schedule" "at most 1 check at once" "one check at a time"
assert_no_scratch "$default_ds"
grep -q "allocated by ctest" "$build/Testing/Temporary/LastTest.log" &&
  fail "a check without a spec file was allocated"

# Errors, on four checks: ctest allocates ids the named file does not map (it lists only ds0).
one="$E2E_DIR/one.json"
"$spec_script" "${stores[0]}" > "$one"
set +e
IOGATE_RESOURCE_SPEC_FILE="$one" "$ctest" --test-dir "$build" -j4 --resource-spec-file "$spec" \
  -R 'spread\.c0[1-4]' --output-on-failure > "$E2E_DIR/unmapped.log" 2>&1
rc=$?
set -e
[ "$rc" -ne 0 ] || { cat "$E2E_DIR/unmapped.log"; fail "checks on unmapped ids passed"; }
assert_contains "$E2E_DIR/unmapped.log" \
  "^iogate: $one: ctest allocated datastore \"ds[123]\", which its \"datastores\" do not list" \
  "an unmapped id is named"
failed=$(grep -cE "Test +#[0-9]+: spread\.c0[1-4] .*Failed" "$E2E_DIR/unmapped.log" || true)
passed=$(grep -cE "Test +#[0-9]+: spread\.c0[1-4] .*Passed" "$E2E_DIR/unmapped.log" || true)
[ "$failed" -ge 1 ] && [ $((failed + passed)) -eq 4 ] ||
  { cat "$E2E_DIR/unmapped.log"; fail "$failed failed and $passed passed of 4"; }
for ds in "${stores[@]:1}"; do
  [ -z "$(ls -A "$ds")" ] || fail "a check with an unmapped id wrote to $ds"
done
[ -z "$(ls -A "$default_ds")" ] || fail "a check with an unmapped id fell back to $default_ds"
echo "datastores_ctest: unmapped ids: $failed of 4 checks failed, naming the id"

# The spec named, but ctest given none; and ctest given one, but the checks not told.
set +e
IOGATE_RESOURCE_SPEC_FILE="$spec" "$ctest" --test-dir "$build" -R 'spread\.c01' \
  --output-on-failure > "$E2E_DIR/no-flag.log" 2>&1
rc_flag=$?
"$ctest" --test-dir "$build" --resource-spec-file "$spec" -R 'spread\.c01' \
  --output-on-failure > "$E2E_DIR/no-env.log" 2>&1
rc_env=$?
set -e
[ "$rc_flag" -ne 0 ] || fail "a check passed with the spec named and nothing allocated"
assert_contains "$E2E_DIR/no-flag.log" \
  "IOGATE_RESOURCE_SPEC_FILE names $spec, but ctest allocated no datastore to this check" \
  "the missing --resource-spec-file is named"
[ "$rc_env" -ne 0 ] || fail "a check passed on an allocated id nothing maps"
assert_contains "$E2E_DIR/no-env.log" \
  "ctest allocated datastore \"ds0\" to this check, but IOGATE_RESOURCE_SPEC_FILE is not set" \
  "the missing IOGATE_RESOURCE_SPEC_FILE is named"
[ -z "$(ls -A "$default_ds")" ] || fail "a refused check fell back to $default_ds"
echo "datastores_ctest: ok"
