# iogate run and its engines, as a user sees them: which engine "auto" took and why it passed
# over others, a named engine that is unusable refused (status 2, nothing run), several workers
# and an integrity run with every block verified; --layout, and the written layout's write size.
source "$IOGATE_E2E_LIB"
iogate=$1
trap cleanup_datastores EXIT
ds=$(new_datastore)
out=$(new_datastore)

"$iogate" run --bs 4k --size 4MiB --qd 8 --datastore "$ds" > "$out/auto.txt"
assert_contains "$out/auto.txt" "^engine: (io_uring|libaio|psync), 1 worker" "auto names its engine"

IOGATE_DISABLE_ENGINES=io_uring,libaio "$iogate" run --bs 4k --size 4MiB --qd 8 \
  --datastore "$ds" > "$out/fallback.txt"
assert_contains "$out/fallback.txt" \
  "io_uring: unavailable \(disabled by IOGATE_DISABLE_ENGINES\); libaio: unavailable .*using psync" \
  "auto says why it passed over io_uring and libaio"
assert_contains "$out/fallback.txt" "queue depth 1 " "psync keeps one I/O in flight"

status=0
IOGATE_DISABLE_ENGINES=libaio "$iogate" run --engine libaio --bs 4k --size 4MiB --datastore "$ds" \
  > "$out/refused.txt" 2>&1 || status=$?
[ "$status" = 2 ] || fail "an unusable named engine exited $status, not 2"
assert_contains "$out/refused.txt" "--engine libaio: disabled by IOGATE_DISABLE_ENGINES" \
  "the refusal names the engine and why"

# What cannot run on this host is refused before anything is laid out, by run and by check alike:
# a named engine that is disabled, a CPU of cpu_affinity outside the process's mask.
cat > "$out/here.toml" <<'EOF'
[suite]
name = "here"
[[check]]
name = "pinned"
[check.workload]
block_size = "4k"
size = "1MiB"
cpu_affinity = "8191"
[check.expect]
iops_min = 1
EOF
expect_unrunnable() {  # what, then the command
  local what=$1; shift
  local status=0
  "$@" > "$out/here.txt" 2>&1 || status=$?
  [ "$status" = 2 ] || { cat "$out/here.txt"; fail "$what: exited $status, not 2"; }
  [ -z "$(ls -A "$ds")" ] || { ls -la "$ds"; fail "$what: laid a file out before refusing"; }
}
expect_unrunnable "run --cpu-affinity 8191" "$iogate" run --bs 4k --size 1MiB --datastore "$ds" \
  --cpu-affinity 8191
assert_contains "$out/here.txt" "cpu_affinity 8191: CPU 8191 is not one this process may run on" \
  "run names the CPU"
expect_unrunnable "check with cpu_affinity 8191" "$iogate" check "$out/here.toml" --datastore "$ds"
assert_contains "$out/here.txt" "^iogate check: pinned cannot run here: cpu_affinity 8191" \
  "check names the check and the CPU"
sed -i 's/^cpu_affinity = .*/engine = "libaio"/' "$out/here.toml"
export IOGATE_DISABLE_ENGINES=libaio
expect_unrunnable "check with a disabled engine" "$iogate" check "$out/here.toml" --datastore "$ds"
unset IOGATE_DISABLE_ENGINES
assert_contains "$out/here.txt" "pinned cannot run here: engine libaio: disabled by IOGATE_DISABLE_ENGINES" \
  "check names the engine"

"$iogate" run --kind integrity --bs 64k --file-size 16MiB --qd 4 --workers 2 --datastore "$ds" \
  --json "$out/integrity.json" > "$out/integrity.txt"
/usr/bin/python3 - "$out/integrity.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["result"]
assert r["bytes_written"] == 16 << 20, r["bytes_written"]
assert r["bytes_read"] == 16 << 20, r["bytes_read"]
PY
# --layout: a grown file starts empty and the run grows it; the layout is printed and recorded.
"$iogate" run --bs 64k --size 4MiB --layout grown --datastore "$ds" --json "$out/grown.json" \
  > "$out/grown.txt"
assert_contains "$out/grown.txt" "^test file: grown$" "the run says how its file was laid out"
/usr/bin/python3 - "$out/grown.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["workload"]["layout"] == "grown", d["workload"]
assert d["result"]["bytes_written"] == 4 << 20, d["result"]["bytes_written"]
PY
"$iogate" run --bs 64k --size 4MiB --datastore "$ds" > "$out/written.txt"
assert_contains "$out/written.txt" "^test file: written$" "written is the default layout"
status=0
"$iogate" run --bs 64k --size 4MiB --read 50 --layout preallocated --datastore "$ds" \
  > "$out/prealloc-read.txt" 2>&1 || status=$?
[ "$status" = 2 ] || fail "a reading run on a preallocated file exited $status, not 2"
assert_contains "$out/prealloc-read.txt" 'workload layout: expected "written" for a workload that reads' \
  "the refusal names the layout and why"
status=0
"$iogate" run --bs 64k --size 4MiB --layout sparse --datastore "$ds" > "$out/sparse.txt" 2>&1 \
  || status=$?
[ "$status" != 0 ] || fail "--layout sparse was accepted"
assert_contains "$out/sparse.txt" "--layout" "an unknown layout names the flag"
# A written layout is written in the workload's block size, as fio lays out its file: a read-only
# psync run writes nothing of its own, so every 8 KiB pwrite is the layout's (4 MiB of them).
if command -v strace > /dev/null; then
  # LeakSanitizer cannot run under ptrace: a sanitizer build checks leaks everywhere but here.
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    strace -f -qq -e trace=pwrite64,sync_file_range -o "$out/layout.strace" "$iogate" run --bs 8k --read 100 \
      --engine psync --file-size 4MiB --size 1MiB --datastore "$ds" > "$out/layout.txt"
  writes=$(grep -Ec 'pwrite64\(.*, 8192, [0-9]+\) += 8192' "$out/layout.strace" || true)
  [ "$writes" = 512 ] || fail "the layout made $writes writes of 8 KiB, not 512 (4 MiB in the block size)"
  # Write-behind: writeback of what was written is started as the layout goes, not left to fsync.
  grep -Eq 'sync_file_range\(.*SYNC_FILE_RANGE_WRITE' "$out/layout.strace" ||
    fail "the layout started no writeback of its own (no sync_file_range)"
else
  echo "strace is not installed: the layout's write size is not checked"
fi
assert_no_scratch "$ds"
echo PASS
