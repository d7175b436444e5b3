# The fleet pipeline examples (fleet/ci/) as shipped: the GitLab pipeline's jobs run here, one
# `measure` job per host of its matrix, each on a datastore of its own, then the `judge` job, the
# `rerun` jobs and the `fleet` job on their artifacts; the fleet report must name every host and
# find no outlier among hosts that measured alike, and rerun none. Then one host measures half of
# what it does (its results doctored as it writes them, nothing in its fingerprint to explain it):
# the judge lists it to rerun with three peers beside it, only their rerun jobs run, the second
# judge lists it again with peers (among 5 hosts two sessions cannot tell a neighbour's burst that
# came back), only their second rerun jobs run, and the fleet names it, seen three times. The Jenkinsfile runs the same shell steps: they must match the GitLab ones
# line for line, so one example cannot drift from the tested other.
#
# fleet_ci_examples_test.sh IOGATE SOURCE_DIR
set -euo pipefail
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
iogate=$1; src=$2
pipeline="$src/fleet/ci/gitlab-ci.yml"
jenkinsfile="$src/fleet/ci/Jenkinsfile"
work="$E2E_DIR/pipeline"
mkdir -p "$work" "$E2E_DIR/bin"
ln -s "$iogate" "$E2E_DIR/bin/iogate"
labels=$(/usr/bin/python3 -c 'import sys, yaml
print(" ".join(yaml.safe_load(open(sys.argv[1]))["measure"]["parallel"]["matrix"][0]["IOGATE_HOST_LABEL"]))' "$pipeline")
for label in $labels; do mkdir "$E2E_DIR/ds-$label"; done

# pipeline WORKDIR LOG [NAME=VALUE...]: the pipeline's exit status.
pipeline() {
  local dir=$1 log=$2 status=0
  shift 2
  mkdir -p "$dir"
  PATH="$E2E_DIR/bin:$PATH" /usr/bin/python3 "$src/tests/e2e/fleet/run_ci_example.py" "$pipeline" "$dir" \
    "IOGATE_THRESHOLDS=$src/tests/e2e/fleet/paced.toml" "IOGATE_DATASTORE=$E2E_DIR/ds-{label}" \
    IOGATE_RERUN_PAUSE=0 "$@" > "$log" 2>&1 || status=$?
  cat "$log" >&2
  echo "$status"
}
status=$(pipeline "$work" "$E2E_DIR/pipeline.log")
[ "$status" -eq 0 ] || fail "the pipeline ended with $status (0: no outlier among peers that measured alike)"
[ -e "$work/first-report/rerun.txt" ] && [ ! -s "$work/first-report/rerun.txt" ] ||
  fail "the judge job listed hosts to rerun among hosts that measured alike"
[ ! -e "$work/reruns" ] && [ ! -e "$work/reruns-again" ] || fail "a rerun job ran with no host to rerun"

for label in $labels; do
  [ -s "$work/results/$label/results.json" ] || fail "no results of $label"
  [ -s "$work/results/$label/junit.xml" ] || fail "no JUnit of $label"
  assert_contains "$work/fleet-report/fleet-junit.xml" "$label" "the fleet's JUnit names $label"
  assert_contains "$work/fleet-report/fleet.md" "$label" "the fleet's Markdown names $label"
  assert_no_scratch "$E2E_DIR/ds-$label"
done

# One host at half its pace: an iogate that halves the figures of the results it writes.
last=${labels##* }
for label in $labels; do mkdir -p "$E2E_DIR/bin-$label"; ln -s "$iogate" "$E2E_DIR/bin-$label/iogate"; done
rm "$E2E_DIR/bin-$last/iogate"
cat > "$E2E_DIR/bin-$last/iogate" <<SH
#!/bin/bash
status=0
"$iogate" "\$@" || status=\$?
while [ \$# -gt 1 ]; do [ "\$1" != --json ] || out=\$2; shift; done
/usr/bin/python3 - "\$out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for check in doc["checks"]:
    for run in [check["result"]] + check.get("repeats", []):
        run["duration_s"] *= 2
        # Every rate with its time: iogate refuses figures that disagree with their own counts.
        for figures in [run] + [run[side] for side in ("read", "write") if side in run]:
            figures["iops"] /= 2
            figures["mbps"] /= 2
        for i in run["intervals"]:
            i["start_s"] *= 2
            i["length_s"] *= 2
            i["iops"] /= 2
            i["mbps"] /= 2
json.dump(doc, open(sys.argv[1], "w"))
PY
exit \$status
SH
chmod +x "$E2E_DIR/bin-$last/iogate"
slow="$E2E_DIR/pipeline-slow"
status=$(pipeline "$slow" "$E2E_DIR/pipeline-slow.log" "PATH=$E2E_DIR/bin-{label}:$PATH")
[ "$status" -eq 1 ] || fail "the pipeline with $last at half its pace ended with $status, expected 1"
# Rerun: the host and the three peers beside it (whose rerun is its reference). On a loaded
# machine a peer measured in a slow moment may be undecided too and listed with its own peers (the
# healthy pipeline above shows none is listed when nothing is slow); never fewer than four.
grep -qx "$last" "$slow/first-report/rerun.txt" || fail "the judge job did not list $last to rerun"
[ "$(wc -l < "$slow/first-report/rerun.txt")" -ge 4 ] ||
  fail "the judge job did not list $last and three peers beside it: $(cat "$slow/first-report/rerun.txt")"
[ -s "$slow/reruns/$last/results.json" ] || fail "$last was not rerun"
[ "$(ls "$slow/reruns" | tr '\n' ' ')" = "$(sort "$slow/first-report/rerun.txt" | tr '\n' ' ')" ] ||
  fail "the hosts rerun are not those listed: $(ls "$slow/reruns")"
grep -qx "$last" "$slow/second-report/rerun.txt" ||
  fail "the second judge did not list $last to rerun: $(cat "$slow/second-report/rerun.txt")"
[ "$(ls "$slow/reruns-again" | tr '\n' ' ')" = "$(sort "$slow/second-report/rerun.txt" | tr '\n' ' ')" ] ||
  fail "the hosts rerun again are not those listed: $(ls "$slow/reruns-again")"
assert_contains "$E2E_DIR/pipeline-slow.log" "UNDECIDED $last paced_read: .* in 2 sessions\)" "undecided after one rerun"
assert_contains "$E2E_DIR/pipeline-slow.log" "OUTLIER $last paced_read: .*seen in 3 sessions" "named after its reruns"

# The same shell steps in both examples.
/usr/bin/python3 - "$pipeline" "$jenkinsfile" <<'PY' || fail "the Jenkinsfile's shell steps differ from gitlab-ci.yml's"
import re, sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
gitlab = [line for stage in doc["stages"] for job in doc.values()
          if isinstance(job, dict) and job.get("stage") == stage for line in job["script"]]
jenkins = re.findall(r"\bsh\((?:returnStatus: true, )?script: '([^']*)'\)|\bsh '([^']*)'", open(sys.argv[2]).read())
jenkins = [a or b for a, b in jenkins]
if gitlab != jenkins:
    print("gitlab-ci.yml:", *gitlab, "Jenkinsfile:", *jenkins, sep="\n  ")
    sys.exit(1)
PY
echo "PASS: the GitLab pipeline ran $(echo $labels | wc -w) host jobs, the judge, the reruns and the fleet job; with $last at half its pace it was rerun alone and named; the Jenkinsfile runs the same steps"
