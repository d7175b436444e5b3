# iogate check --file-size/--size/--duration: a check written with a large size runs for the
# duration given, and its results record the workload that ran; a check whose bound the flag would
# change is refused (exit 2) before anything is laid out; --size with --duration is refused.
iogate=$1
source "$IOGATE_E2E_LIB"
out=$(mktemp -d "${TMPDIR:-/tmp}/iogate-scale.XXXXXX"); trap 'cleanup_datastores; rm -rf "$out"' EXIT

# 64 GiB each: neither could run in this test as written.
cat > "$out/big.toml" <<'TOML'
[suite]
name = "big"

[[check]]
name = "write_64g"
[check.workload]
block_size = "64k"
size = "64GiB"
[check.expect]
mbps_min = 0.001

[[check]]
name = "dd_64g"
[check.workload]
block_size = "64k"
size = "64GiB"
[check.expect]
duration_max = "10m"
TOML

# --duration 1s: the size-based check runs by time, on the file --file-size gives it.
ds=$(new_datastore)
start=$(date +%s%N)
set +e; "$iogate" check "$out/big.toml" --datastore "$ds" --filter write_64g --duration 1s \
  --file-size 16MiB --json "$out/results.json" > "$out/scaled.txt"; rc=$?; set -e
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
[ "$rc" -eq 0 ] || { cat "$out/scaled.txt"; fail "check --duration 1s exited $rc"; }
assert_contains "$out/scaled.txt" '^rescaled: every check with --file-size 16 MiB, --duration 1\.00s \(the records hold the workloads run\)$' \
  "the console says the checks were rescaled"
assert_contains "$out/scaled.txt" '^  layout: written 16 MiB in ' "the layout line shows the file laid out"
assert_contains "$out/scaled.txt" '^\| write_64g .*PASS' "the rescaled check passes"
/usr/bin/python3 - "$out/results.json" <<'PY'
import json, sys
check = json.load(open(sys.argv[1]))["checks"][0]
w, r = check["workload"], check["result"]
assert w["duration_s"] == 1, w
assert w.get("io_size", 0) == 0, w
assert w["file_size"] == 16 << 20, w
assert 1 <= r["duration_s"] < 3, r["duration_s"]
PY
[ "$elapsed_ms" -lt 5000 ] || fail "check --duration 1s took ${elapsed_ms} ms"
assert_no_scratch "$ds"

# --size on a check whose duration_max bounds the time to move its 64 GiB: refused, by name, with
# what to do; nothing is laid out, not even for the other check, which could be rescaled.
ds=$(new_datastore)
set +e; "$iogate" check "$out/big.toml" --datastore "$ds" --size 64MiB > "$out/pinned.txt" 2>&1; rc=$?
set -e
[ "$rc" -eq 2 ] || { cat "$out/pinned.txt"; fail "check --size on a pinned check exited $rc, expected 2"; }
assert_contains "$out/pinned.txt" \
  '^iogate check: check dd_64g: --size would change what duration_max = 10m bounds, the time to move 64 GiB$' \
  "the pinned check, the flag and why"
assert_contains "$out/pinned.txt" \
  "^iogate check: nothing was run; run that check at the file's scale, or leave it out: --filter '-dd_64g'$" \
  "what to do instead"
[ -z "$(ls -A "$ds")" ] || fail "a refused rescale wrote to the datastore: $(ls -A "$ds")"

assert_refused "--size with --duration" \
  '^iogate check: --size and --duration are alternatives: a check runs by size \(how much to move\) or by time \(how long to run\); give one$' \
  "$iogate" check "$out/big.toml" --datastore "$ds" --size 1GiB --duration 1s
[ -z "$(ls -A "$ds")" ] || fail "--size with --duration wrote to the datastore: $(ls -A "$ds")"
echo "check_scale: ok (${elapsed_ms} ms for the rescaled check)"
