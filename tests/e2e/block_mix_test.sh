# Block-size mixes as a user runs them: `iogate run --bssplit` (fio's syntax) and a threshold
# file's block_mix, with the measured shares in the JSON (within one point of the asked ones over
# ~85,000 I/Os), exact bytes for a size-based run, the shares printed, and the refusals (exit 2).
source "$IOGATE_E2E_LIB"
iogate=$1
trap cleanup_datastores EXIT
ds=$(new_datastore)
out=$(new_datastore)

# Reads of a written, page-cached file: quick, and every I/O of every size really made.
"$iogate" run --bssplit 512/60:4k/30:16k/10 --read 100 --random 100 --size 256MiB \
  --file-size 16MiB --direct 0 --qd 4 --seed 7 --datastore "$ds" --json "$out/run.json" \
  > "$out/run.txt"
assert_contains "$out/run.txt" \
  "^block sizes: 512 B [0-9.]+% of I/Os \(asked 60%\), 4 KiB [0-9.]+% \(asked 30%\), 16 KiB [0-9.]+% \(asked 10%\)$" \
  "run prints the measured shares beside the asked ones"
/usr/bin/python3 - "$out/run.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
w, r = doc["workload"], doc["result"]
assert w["block_size"] == 512, w["block_size"]
assert w["block_mix"] == [{"block_size": 512, "pct": 60.0}, {"block_size": 4096, "pct": 30.0},
                          {"block_size": 16384, "pct": 10.0}], w["block_mix"]
assert r["bytes"] == 256 << 20, r["bytes"]
sizes = r["block_sizes"]
assert [s["block_size"] for s in sizes] == [512, 4096, 16384], sizes
assert sum(s["ios"] for s in sizes) == r["ios"] and sum(s["bytes"] for s in sizes) == r["bytes"]
assert r["ios"] > 60000, r["ios"]
for s, asked in zip(sizes, (60, 30, 10)):
    assert abs(s["ios_pct"] - asked) <= 1.0, (s, asked)
PY

# A threshold file's block_mix, block_size left out: the check runs it and reports the shares.
cat > "$out/mix.toml" <<'TOML'
[suite]
name = "mix"
[[check]]
name = "file_server"
[check.workload]
block_mix = [ { size = 512, pct = 10 }, { size = "1k", pct = 5 }, { size = "2k", pct = 5 },
              { size = "4k", pct = 60 }, { size = "8k", pct = 2 }, { size = "16k", pct = 4 },
              { size = "32k", pct = 4 }, { size = "64k", pct = 10 } ]
read = "80%"
random = "100%"
size = "32MiB"
file_size = "16MiB"
direct = false
[check.expect]
iops_min = 1
TOML
"$iogate" lint "$out/mix.toml" > /dev/null
"$iogate" check "$out/mix.toml" --datastore "$ds" --json "$out/check.json" > "$out/check.txt"
assert_contains "$out/check.txt" "^  block sizes: 512 B [0-9.]+% of I/Os \(asked 10%\), 1 KiB" \
  "check prints the measured shares"
/usr/bin/python3 - "$out/check.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
c = doc["checks"][0] if "checks" in doc else doc
assert c["workload"]["block_size"] == 512, c["workload"]
assert len(c["workload"]["block_mix"]) == 8
r = c["result"]
assert r["bytes"] == 32 << 20, r["bytes"]
assert len(r["block_sizes"]) == 8 and sum(s["ios"] for s in r["block_sizes"]) == r["ios"]
PY

# Mistakes: exit 2, nothing run.
for args in "--bs 4k --bssplit 4k/60:64k/40" "--bssplit 4k/60:64k/30" "--bssplit 4k/60:64k/40 --verify" \
            "--bssplit 4k/60:6k/40"; do
  status=0
  "$iogate" run $args --size 4MiB --datastore "$ds" > "$out/bad.txt" 2>&1 || status=$?
  [ "$status" = 2 ] || { cat "$out/bad.txt"; fail "run $args exited $status, not 2"; }
  assert_contains "$out/bad.txt" "^iogate run: (--bs and --bssplit|workload block_mix)" \
    "run $args says what is wrong"
done
assert_no_scratch "$ds"
