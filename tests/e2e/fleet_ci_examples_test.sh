# The fleet pipeline examples (fleet/ci/) as shipped: the GitLab pipeline's jobs run here, one
# `measure` job per host of its matrix, each on a datastore of its own, then the `fleet` job on
# their artifacts; the fleet report must name every host and find no outlier among hosts that
# measured alike. The Jenkinsfile runs the same shell steps: they must match the GitLab ones
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

status=0
PATH="$E2E_DIR/bin:$PATH" /usr/bin/python3 "$src/tests/e2e/fleet/run_ci_example.py" "$pipeline" "$work" \
  "IOGATE_THRESHOLDS=$src/tests/e2e/fleet/paced.toml" "IOGATE_DATASTORE=$E2E_DIR/ds-{label}" \
  > "$E2E_DIR/pipeline.log" 2>&1 || status=$?
cat "$E2E_DIR/pipeline.log"
[ "$status" -eq 0 ] || fail "the pipeline ended with $status (0: no outlier among peers that measured alike)"

for label in $labels; do
  [ -s "$work/results/$label/results.json" ] || fail "no results of $label"
  [ -s "$work/results/$label/junit.xml" ] || fail "no JUnit of $label"
  assert_contains "$work/fleet-report/fleet-junit.xml" "$label" "the fleet's JUnit names $label"
  assert_contains "$work/fleet-report/fleet.md" "$label" "the fleet's Markdown names $label"
  assert_no_scratch "$E2E_DIR/ds-$label"
done

# The same shell steps in both examples.
/usr/bin/python3 - "$pipeline" "$jenkinsfile" <<'PY' || fail "the Jenkinsfile's shell steps differ from gitlab-ci.yml's"
import re, sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
gitlab = doc["measure"]["script"] + doc["fleet"]["script"]
jenkins = re.findall(r"sh\((?:returnStatus: true, )?script: '([^']*)'\)|sh '([^']*)'", open(sys.argv[2]).read())
jenkins = [a or b for a, b in jenkins]
if gitlab != jenkins:
    print("gitlab-ci.yml:", *gitlab, "Jenkinsfile:", *jenkins, sep="\n  ")
    sys.exit(1)
PY
echo "PASS: the GitLab pipeline ran $(echo $labels | wc -w) host jobs and the fleet job; the Jenkinsfile runs the same steps"
