#!/usr/bin/env bash
# iogate fleet end to end: four "hosts" (a datastore and a host label each: three by --host-label,
# one by IOGATE_HOST_LABEL) run one rate-capped check with `iogate check`, so their figures agree;
# `iogate fleet` on their result directories names no outlier (exit 0) and writes its four reports,
# and fleet.html, in headless Chromium (html/render_check.sh), opens with a green banner and draws
# every chart from zero with each host's peer median. One host's result edited to a fifth of its
# IOPS on another filesystem is named with that field (exit 1), and fleet.html opens with a red
# banner naming it and draws its bar red; a host held to a peers bound it may or may not miss gets
# an amber banner asking for its rerun (IOGATE_E2E_SHOTS=DIR keeps the screenshots: fleet-ok.png,
# fleet.png). The hosts may come from a list (--results-from). A host with another workload is
# compared apart; two inputs of one host, one host alone, a file that is no results, a list that
# cannot be read, an unknown peer key, a report directory that cannot be written and a malformed
# host label are bad input (exit 2), and so are results read back with a label, a duration or a
# count iogate would never write, two results of one check or another host's in one directory, a
# link in it, or no check at all. A check bounded "80% of peers" passes locally, leaving it to
# the fleet, which names the host at 75%.
# Usage: fleet_test.sh <iogate>
source "$IOGATE_E2E_LIB"
source "$(dirname "${BASH_SOURCE[0]}")/html/render_check.sh"
iogate=$1
trap cleanup_datastores EXIT
out=$E2E_DIR

write_gate() {  # file rate_iops
  cat > "$1" <<TOML
[suite]
name = "gate"
[[check]]
name = "rand_read_4k"
[check.workload]
block_size = "4k"
read = "100%"
random = "100%"
duration = "1s"
file_size = "8MiB"
direct = false
rate_iops = $2
[check.expect]
iops_min = 1
TOML
}
write_gate "$out/gate.toml" 400
write_gate "$out/gate300.toml" 300

run_host() {  # label toml [how: flag|env]
  local ds
  ds=$(new_datastore)
  if [ "${3:-flag}" = env ]; then
    IOGATE_HOST_LABEL=$1 "$iogate" check "$2" --datastore "$ds" --json-dir "$out/$1" \
      > "$out/$1.log" 2>&1 || { cat "$out/$1.log" >&2; fail "check on $1 failed"; }
  else
    env -u IOGATE_HOST_LABEL "$iogate" check "$2" --datastore "$ds" --host-label "$1" \
      --json-dir "$out/$1" > "$out/$1.log" 2>&1 || { cat "$out/$1.log" >&2; fail "check on $1 failed"; }
  fi
  assert_contains "$out/$1/rand_read_4k.json" "\"host_label\": \"$1\"" "$1's label in its result"
}
run_host vm01 "$out/gate.toml"
run_host vm02 "$out/gate.toml"
run_host vm03 "$out/gate.toml"
run_host vm04 "$out/gate.toml" env
run_host vm05 "$out/gate300.toml"

expect_exit() {  # want log command...
  local want=$1 log=$2 rc
  shift 2
  set +e
  "$@" > "$log" 2>&1
  rc=$?
  set -e
  [ "$rc" = "$want" ] || { cat "$log" >&2; fail "$* exited $rc, expected $want"; }
}

# Four peers within the rate cap: no outlier, and the limit of so few peers said. The check
# bounds IOPS only, so IOPS alone is compared: not the latency of a second of cached 4 KiB reads
# (microseconds), which on a shared machine is the scheduler's noise.
expect_exit 0 "$out/fleet-ok.log" "$iogate" fleet "$out"/vm0{1,2,3,4} --report-dir "$out/rep"
assert_contains "$out/fleet-ok.log" "^gate rand_read_4k: 4 of 4 hosts compared, 0 outliers" "summary"
assert_contains "$out/fleet-ok.log" "4 hosts: only a shortfall below 70% of the peer median can be named" "limit"
assert_contains "$out/rep/fleet.json" '"format": "iogate-fleet"' "fleet.json"
assert_contains "$out/rep/fleet.json" '"outliers": 0' "fleet.json outliers"
assert_contains "$out/rep/fleet-junit.xml" '<testsuites name="iogate fleet" tests="4" failures="0"' "junit counts"
for h in vm01 vm02 vm03 vm04; do
  assert_contains "$out/rep/fleet-junit.xml" "<testcase classname=\"fleet.gate.rand_read_4k\" name=\"$h\"" "junit $h"
  assert_contains "$out/rep/fleet.md" "^\| $h \| [0-9.]+ \(1[0-9][0-9]%|^\| $h \| [0-9.]+ \([89][0-9]%" "markdown $h"
  assert_contains "$out/rep/fleet.html" "<tr class=\"ok\" data-host=\"$h\"><td>$h</td>" "html $h"
done
if grep -q '<tr class="outlier"' "$out/rep/fleet.html"; then fail "fleet.html marks an outlier"; fi
html=$(dirname "${BASH_SOURCE[0]}")/html
keep_shot() {  # work name
  [ -z "${IOGATE_E2E_SHOTS:-}" ] || { mkdir -p "$IOGATE_E2E_SHOTS"; cp "$1/shot.png" "$IOGATE_E2E_SHOTS/$2"; }
}
render_check "$out/rep/fleet.html" "$out/html-ok"
keep_shot "$out/html-ok" fleet-ok.png
dom="$out/html-ok/dom.html"
assert_contains "$dom" '<div id="verdict" class="pass">' "the fleet's green banner"
assert_contains "$dom" '<b>FLEET OK</b>: 4 hosts compared, no outlier' "the fleet's banner text"
assert_contains "$dom" '<dt>block_size</dt><dd>4KiB</dd>' "the workload's keys"
/usr/bin/python3 "$html/dom_check.py" "$dom" ymin chart- || fail "the fleet's rate axes"
assert_contains "$dom" 'id="chart-0-0"[^>]*data-outlier-bars="0"[^>]*data-median-marks="4"' "a peer median per host, no red bar"
if command -v xmllint > /dev/null; then
  xmllint --noout "$out/rep/fleet-junit.xml" || fail "fleet-junit.xml is not well-formed"
fi

# A repeatable option takes one value each time: the results after it are still results.
expect_exit 0 "$out/fleet-key.log" "$iogate" fleet --peer-key rotational --figure iops "$out"/vm0{1,2,3,4}
assert_contains "$out/fleet-key.log" "^iogate fleet: 4 hosts, 1 groups \(peer keys: rotational\)" "peer key"

# The hosts from a list, a path a line (an estate's paths pass ARG_MAX as arguments), beside an
# argument: the same comparison. A list that cannot be read is bad input.
printf '%s\n' "$out"/vm0{2,3,4} > "$out/hosts.txt"
expect_exit 0 "$out/fleet-list.log" "$iogate" fleet "$out/vm01" --results-from - < "$out/hosts.txt"
assert_contains "$out/fleet-list.log" "^gate rand_read_4k: 4 of 4 hosts compared, 0 outliers" "hosts from a list"
expect_exit 2 "$out/list-missing.log" "$iogate" fleet --results-from "$out/no-such-list"
assert_contains "$out/list-missing.log" "--results-from .*no-such-list: cannot open: No such file or directory" "a missing list"
# A listed input that is also a report's name is refused before any report is written: the list
# is read as a stream, past the check of the arguments.
mkdir "$out/rep-list"
cp -r "$out/vm04" "$out/rep-list/fleet.json"  # a host's json-dir, under a report's name
printf '%s\n' "$out"/vm0{2,3} "$out/rep-list/fleet.json" > "$out/hosts-clash.txt"
expect_exit 2 "$out/list-clash.log" "$iogate" fleet "$out/vm01" --results-from "$out/hosts-clash.txt" --report-dir "$out/rep-list"
assert_contains "$out/list-clash.log" "rep-list/fleet.json is named as an output and as an input" "a listed input among the reports"
diff -r "$out/vm04" "$out/rep-list/fleet.json" > /dev/null || fail "a listed input was replaced by a report"
[ ! -e "$out/rep-list/fleet.md" ] || fail "reports were written beside a refused input"

# Another workload (rate_iops 300): named and compared apart, never merged.
expect_exit 0 "$out/fleet-mix.log" "$iogate" fleet "$out"/vm0{1,2,3,4,5}
assert_contains "$out/fleet-mix.log" "^note: vm05 ran rand_read_4k with rate_iops 300(\.0)?, the others with 400(\.0)?: compared apart" "mismatch"

# vm03 at a fifth of its IOPS (its run took five times as long) on another filesystem.
cp -r "$out/vm03" "$out/vm03-slow"
/usr/bin/python3 - "$out/vm03-slow/rand_read_4k.json" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
r = doc["result"]
r["duration_s"] *= 5
# The rates with it: a file whose figures disagree with its own counts is refused.
r["iops"], r["mbps"], r["read"]["iops"], r["read"]["mbps"] = (
    r["iops"] / 5, r["mbps"] / 5, r["read"]["iops"] / 5, r["read"]["mbps"] / 5)
doc["storage_stack"]["filesystem"] = "fleetfs"
json.dump(doc, open(path, "w"), indent=2)
PY
expect_exit 1 "$out/fleet-slow.log" "$iogate" fleet "$out"/vm0{1,2,4} "$out/vm03-slow" --report-dir "$out/rep-slow"
assert_contains "$out/fleet-slow.log" "^  OUTLIER vm03 rand_read_4k: [0-9.]+ IOPS, (1[5-9]|2[0-5])% of the peer median [0-9]+ IOPS \(3 peers, [0-9]+ runs?\).* differs from 3 of 3 peers in filesystem: fleetfs \(peers: " "outlier line"
if grep -q "OUTLIER vm0[124]" "$out/fleet-slow.log"; then fail "a host at its peers' rate named"; fi
assert_contains "$out/rep-slow/fleet-junit.xml" '<failure type="fleet-outlier" message="vm03 rand_read_4k' "junit failure"
assert_contains "$out/rep-slow/fleet.md" '\*\*OUTLIER\*\*: vm03' "markdown outlier"
assert_contains "$out/rep-slow/fleet.json" '"verdict": "outlier"' "json verdict"
assert_contains "$out/rep-slow/fleet.html" '<tr class="outlier" data-host="vm03"><td>vm03</td>' "html outlier"
render_check "$out/rep-slow/fleet.html" "$out/html"
keep_shot "$out/html" fleet.png
[ "$RENDERED_CHARTS" = 1 ] || fail "fleet.html drew $RENDERED_CHARTS charts, expected 1 (IOPS)"
dom="$out/html/dom.html"
assert_contains "$dom" '<tr class="outlier" data-host="vm03">' "rendered outlier row"
assert_contains "$dom" '<div id="verdict" class="fail">' "the fleet's red banner"
assert_contains "$dom" '<b>OUTLIERS</b>: <a href="#group-0">vm03</a> \(rand_read_4k: IOPS (1[5-9]|2[0-5])% of peers\)' "the outlier in the banner"
assert_contains "$dom" '<li class="outlier"><b>OUTLIER</b> vm03 rand_read_4k: .*filesystem: fleetfs' "its line in the banner"
assert_contains "$dom" 'id="chart-0-0"[^>]*data-outlier-bars="1"[^>]*data-median-marks="4"' "the outlier's bar red"
/usr/bin/python3 "$html/dom_check.py" "$dom" ymin chart- || fail "the outlier page's rate axis"

# A peers bound: lint accepts it and refuses a malformed one; `iogate check` passes the check
# on it alone, leaving it to the fleet, and records the fraction; iogate fleet holds the host to
# it: at 75% of its peers, an outlier under "80% of peers", not under "70% of peers".
sed 's/^iops_min = 1$/iops_min = "80% of peers"/' "$out/gate.toml" > "$out/gate-peers.toml"
sed 's/^iops_min = 1$/iops_min = "80% of the peers"/' "$out/gate.toml" > "$out/gate-peers-bad.toml"
expect_exit 0 "$out/lint-peers.log" "$iogate" lint "$out/gate-peers.toml"
expect_exit 2 "$out/lint-peers-bad.log" "$iogate" lint "$out/gate-peers-bad.toml"
assert_contains "$out/lint-peers-bad.log" 'gate-peers-bad.toml:14:12: check "rand_read_4k": expect.iops_min: expected a share of the peers from 1% to 1000%, like "70% of peers"' "lint peers"
run_host vm06 "$out/gate-peers.toml"
assert_contains "$out/vm06.log" "iops_min fleet: .*80% of peers, judged by iogate fleet" "left to the fleet"
assert_contains "$out/vm06/rand_read_4k.json" '"decision": "fleet"' "decision recorded"
assert_contains "$out/vm06/rand_read_4k.json" '"peers": 0.8' "fraction recorded"
assert_contains "$out/vm06/rand_read_4k.json" '"status": "pass"' "passes locally"
cp -r "$out/vm06" "$out/vm06-slow"
slow_to() {  # file share: exactly 75% of the peers' median IOPS, held to `share` of its peers
  /usr/bin/python3 - "$1" "$2" "$out"/vm0{1,2,4}/rand_read_4k.json <<'PY'
import json, statistics, sys
path, share, peers = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
iops = lambda r: r["ios"] / r["duration_s"]
median = statistics.median(iops(json.load(open(p))["result"]) for p in peers)
doc = json.load(open(path))
r = doc["result"]
r["duration_s"] = r["ios"] / (0.75 * median)
# The rates with it: a file whose figures disagree with its own counts is refused.
r["iops"], r["mbps"] = r["ios"] / r["duration_s"], r["bytes"] / r["duration_s"] / 2**20
r["read"]["iops"], r["read"]["mbps"] = r["iops"], r["mbps"]
doc["expectations"][0]["peers"] = share
json.dump(doc, open(path, "w"), indent=2)
PY
}
slow_to "$out/vm06-slow/rand_read_4k.json" 0.8
# 75% with nothing in its fingerprint to explain it: seen once, it could be a neighbour's burst,
# so undecided (exit 3) and named to rerun; its rerun, short again, makes it an outlier (exit 1).
expect_exit 3 "$out/fleet-peers.log" "$iogate" fleet "$out"/vm0{1,2,4} "$out/vm06-slow" --report-dir "$out/rep-peers"
assert_contains "$out/fleet-peers.log" "UNDECIDED vm06 rand_read_4k: [0-9.]+ IOPS, 75% of the peer median [0-9]+ IOPS \(3 peers, below iops_min 80% of peers, [0-9]+ runs?\)" "peers undecided"
assert_contains "$out/fleet-peers.log" "^rerun vm06, and vm01, vm02, vm04 beside it at the same time \(their rerun is its reference\): judge again with --rerun DIR for each" "rerun line"
assert_contains "$out/rep-peers/fleet.json" '"bound": "iops_min 80% of peers"' "json bound"
/usr/bin/python3 - "$out/rep-peers/fleet.json" <<'PY' || fail "fleet.json's rerun lists"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["rerun"] == ["vm01", "vm02", "vm04", "vm06"], doc["rerun"]
assert doc["rerun_beside"] == ["vm01", "vm02", "vm04"], doc["rerun_beside"]
PY
assert_contains "$out/rep-peers/fleet.html" '<div id="verdict" class="skipped">' "the fleet's amber banner"
assert_contains "$out/rep-peers/fleet.html" '<b>UNDECIDED</b>: rerun <a href="#group-0">vm06</a> \(rand_read_4k: IOPS 75% of peers\)' "the host to rerun in the banner"
cp -r "$out/vm06-slow" "$out/vm06-again"
expect_exit 1 "$out/fleet-rerun.log" "$iogate" fleet "$out"/vm0{1,2,4} "$out/vm06-slow" --rerun "$out/vm06-again"
assert_contains "$out/fleet-rerun.log" "OUTLIER vm06 rand_read_4k: .* in 2 sessions\).*seen in 2 sessions" "named after its rerun"
# Rerun with its peers beside it (their figures again, as taken at the same moment): its rerun is
# judged against theirs alone, short again, so named.
expect_exit 1 "$out/fleet-beside.log" "$iogate" fleet "$out"/vm0{1,2,4} "$out/vm06-slow" \
  --rerun "$out/vm06-again" --rerun "$out/vm01" --rerun "$out/vm02" --rerun "$out/vm04"
assert_contains "$out/fleet-beside.log" "OUTLIER vm06 rand_read_4k: .*the 3 peers rerun beside it.*seen in 2 sessions" "named against the peers beside it"
expect_exit 2 "$out/fleet-stray.log" "$iogate" fleet "$out"/vm0{1,2,4} --rerun "$out/vm06-again"
assert_contains "$out/fleet-stray.log" 'host "vm06" is not among the hosts given' "a stray rerun"
cp -r "$out/vm06" "$out/vm06-loose"
slow_to "$out/vm06-loose/rand_read_4k.json" 0.7
expect_exit 0 "$out/fleet-loose.log" "$iogate" fleet "$out"/vm0{1,2,4} "$out/vm06-loose"

# Bad input: exit 2, saying what was expected.
cp -r "$out/vm01" "$out/vm01-copy"
expect_exit 2 "$out/dup.log" "$iogate" fleet "$out/vm01" "$out/vm01-copy" "$out/vm02"
assert_contains "$out/dup.log" "vm01 and .*vm01-copy are both host \"vm01\".*--host-label.*IOGATE_HOST_LABEL" "duplicate"
# Two unlabelled runs on one machine are one host by its hostname, like cloned VMs.
for n in 1 2; do
  ds=$(new_datastore)
  env -u IOGATE_HOST_LABEL "$iogate" check "$out/gate.toml" --datastore "$ds" \
    --json-dir "$out/clone$n" > "$out/clone$n.log" 2>&1 || { cat "$out/clone$n.log" >&2; fail "unlabelled check failed"; }
done
assert_contains "$out/clone1/rand_read_4k.json" '"host_label": ""' "no label"
expect_exit 2 "$out/clones.log" "$iogate" fleet "$out/clone1" "$out/clone2"
assert_contains "$out/clones.log" "clone1 and .*clone2 are both host \"$(hostname)\"" "clones"
expect_exit 2 "$out/one.log" "$iogate" fleet "$out/vm01"
assert_contains "$out/one.log" "at least 2 hosts" "one host"
expect_exit 2 "$out/junk.log" "$iogate" fleet "$out/vm01" "$out/gate.toml"
assert_contains "$out/junk.log" "gate.toml: not JSON" "not results"
expect_exit 2 "$out/key.log" "$iogate" fleet "$out/vm01" "$out/vm02" --peer-key modle
assert_contains "$out/key.log" "--peer-key modle: not a fingerprint field; known: .*hypervisor" "peer key"
touch "$out/afile"
expect_exit 2 "$out/dir.log" "$iogate" fleet "$out/vm01" "$out/vm02" --report-dir "$out/afile/rep"
assert_contains "$out/dir.log" "--report-dir .*afile/rep: reports not written" "report dir"

# Results read back from elsewhere: held to what iogate itself writes (exit 2, naming the file,
# the key and what was expected), never counted as this host's or followed out of its directory.
edited() {  # name python-statement: vm02's result copied to $out/<name>, then edited
  rm -rf "$out/$1"
  cp -r "$out/vm02" "$out/$1"
  /usr/bin/python3 - "$out/$1/rand_read_4k.json" "$2" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
exec(sys.argv[2])
json.dump(doc, open(path, "w"), indent=2)
PY
}
edited hostile 'doc["host_label"] = "ok\r<!--"'
expect_exit 2 "$out/hostile.log" "$iogate" fleet "$out/vm01" "$out/hostile" "$out/vm03"
assert_contains "$out/hostile.log" "hostile/rand_read_4k.json: host_label: expected a host label of 1 to 64 printable characters" "hostile label"
edited zero 'doc["result"]["duration_s"] = 0'
expect_exit 2 "$out/zero.log" "$iogate" fleet "$out/vm01" "$out/zero" "$out/vm03"
assert_contains "$out/zero.log" "zero/rand_read_4k.json: result.duration_s: expected a positive number of seconds, got a number \(value not shown\)" "zero duration"
edited wrap 'doc["result"]["ios_read"] = -5'
expect_exit 2 "$out/wrap.log" "$iogate" fleet "$out/vm01" "$out/wrap" "$out/vm03"
assert_contains "$out/wrap.log" "result.ios_read: expected a whole number from 0 to [0-9]+, got a number \(value not shown\)" "negative count"
# A rate its own counts do not give (figure_consistency.hpp): once compared as written.
edited inflated 'doc["result"]["iops"] = 1e300'
expect_exit 2 "$out/inflated.log" "$iogate" fleet "$out/vm01" "$out/inflated" "$out/vm03"
assert_contains "$out/inflated.log" "inflated/rand_read_4k.json: result.iops: expected ios / duration_s \(to 6 significant digits\), got another number \(value not shown\)" "inflated rate"
edited twice 'pass'
cp "$out/twice/rand_read_4k.json" "$out/twice/rand_read_4k-again.json"
expect_exit 2 "$out/twice.log" "$iogate" fleet "$out/vm01" "$out/twice" "$out/vm03"
assert_contains "$out/twice.log" "are both results of one check" "two results of one check"
edited stranger 'pass'
/usr/bin/python3 - "$out/vm01/rand_read_4k.json" "$out/stranger/other.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["check"] = "other"
doc["host_label"] = "someoneelse"
json.dump(doc, open(sys.argv[2], "w"))
PY
expect_exit 2 "$out/stranger.log" "$iogate" fleet "$out/vm01" "$out/stranger" "$out/vm03"
assert_contains "$out/stranger.log" "(other|rand_read_4k).json: a result of another host than .*(other|rand_read_4k).json .*a directory holds one host's results" "another host's file"
if grep -q "someoneelse" "$out/stranger.log"; then fail "the file's host label was shown"; fi
edited linked 'pass'
echo '"sk-LIVE-SECRET-TOKEN"' > "$out/token"
ln -s "$out/token" "$out/linked/zz.json"
expect_exit 2 "$out/linked.log" "$iogate" fleet "$out/vm01" "$out/linked" "$out/vm03"
assert_contains "$out/linked.log" "zz.json: is a symbolic link" "link refused"
if grep -q "sk-LIVE" "$out/linked.log"; then fail "the link's target was read"; fi
echo '{"version": 1, "context": {"host": "h9"}, "checks": []}' > "$out/empty.json"
expect_exit 2 "$out/empty.log" "$iogate" fleet "$out/vm01" "$out/empty.json" "$out/vm03"
assert_contains "$out/empty.log" "empty.json: checks: expected one host's results, got none" "no checks"

# Malformed labels: refused before anything runs, naming the flag or the variable.
ds=$(new_datastore)
expect_exit 2 "$out/label-flag.log" "$iogate" check "$out/gate.toml" --datastore "$ds" --host-label rack/vm01
assert_contains "$out/label-flag.log" "^iogate check: --host-label: expected a host label" "bad flag"
expect_exit 2 "$out/label-env.log" env IOGATE_HOST_LABEL="vm 01" "$iogate" run --datastore "$ds" --time 1s --file-size 1MiB
assert_contains "$out/label-env.log" "^iogate run: IOGATE_HOST_LABEL: expected a host label" "bad env"
[ ! -e "$out/vm01/run.json" ] || fail "a refused run wrote"
# iogate run records its label too; the flag wins over the variable.
expect_exit 0 "$out/run.log" env IOGATE_HOST_LABEL=vmenv "$iogate" run --datastore "$ds" --time 1s \
  --file-size 1MiB --direct 0 --host-label vmR --json "$out/run.json"
assert_contains "$out/run.json" '"host_label": "vmR"' "run's label"
assert_no_scratch "$ds"
echo "fleet e2e: ok"
