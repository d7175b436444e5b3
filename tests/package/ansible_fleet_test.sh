# The fleet playbook (fleet/ansible/site.yml) run for real: three inventory hosts on this machine
# (local connections), each with a datastore and a host label of its own. The playbook installs
# the Debian package built from this tree, runs a threshold file on every host, fetches the
# results and runs `iogate fleet` on the controller; the report must name every host and find no
# outlier among hosts that measured alike. Then as a careless operator: a host whose datastore
# does not exist, and two hosts under one label, must each fail the playbook naming the cause.
#
# Exit 77 (skipped) with the reason when not root, without ansible-playbook, or when an iogate
# package is already installed here (the test installs its own and removes it afterwards).
#
# ansible_fleet_test.sh CPACK BUILD_DIR WORK_DIR
set -euo pipefail
SKIP=77
skip() { echo "SKIPPED: $*"; exit "$SKIP"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
cpack=$1; build=$2; work=$3
src=$(cd "$(dirname "$0")/../.." && pwd)
[ "$(id -u)" -eq 0 ] || skip "the playbook installs a package: the test needs root"
command -v ansible-playbook > /dev/null || skip "ansible-playbook is not installed (scripts/install-deps.sh --tests)"
! dpkg -s iogate > /dev/null 2>&1 || skip "an iogate package is installed here; the test would replace it"

rm -rf "$work" && mkdir -p "$work"
trap 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -q iogate > /dev/null 2>&1 || true' EXIT
"$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$work/packages" > "$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/packages/iogate_*_amd64.deb)

# inventory FILE NAME:LABEL:DATASTORE...
inventory() {
  local file=$1; shift
  echo "[fleet]" > "$file"
  for host in "$@"; do
    IFS=: read -r name label ds <<< "$host"
    echo "$name ansible_connection=local ansible_python_interpreter=/usr/bin/python3" \
      "iogate_host_label=$label iogate_datastore=$ds" >> "$file"
  done
}
playbook() {  # playbook INVENTORY RESULTS LOG
  ANSIBLE_NOCOLOR=1 ANSIBLE_HOST_KEY_CHECKING=0 ansible-playbook -i "$1" "$src/fleet/ansible/site.yml" \
    -e "iogate_deb=$deb" -e "iogate_thresholds=$src/tests/e2e/fleet/paced.toml" \
    -e "iogate_results=$2" -e iogate_become=false > "$3" 2>&1
}

labels="node-a node-b node-c"
hosts=()
for label in $labels; do mkdir "$work/ds-$label"; hosts+=("h-$label:$label:$work/ds-$label"); done
inventory "$work/inventory.ini" "${hosts[@]}"
status=0
playbook "$work/inventory.ini" "$work/results" "$work/playbook.log" || status=$?
cat "$work/playbook.log"
[ "$status" -eq 0 ] || fail "the playbook ended with $status (0: no outlier among peers that measured alike)"
dpkg -s iogate > /dev/null 2>&1 || fail "the playbook did not install the package"
for label in $labels; do
  [ -s "$work/results/hosts/$label/results.json" ] || fail "no results fetched from $label"
  grep -q "$label" "$work/results/report/fleet-junit.xml" || fail "the fleet JUnit does not name $label"
  grep -q "$label" "$work/results/report/fleet.md" || fail "the fleet Markdown does not name $label"
done

# A host whose datastore is missing: the playbook fails and says which host.
inventory "$work/missing.ini" "${hosts[@]:0:2}" "h-lost:node-lost:$work/no-such-datastore"
status=0
playbook "$work/missing.ini" "$work/results-missing" "$work/missing.log" || status=$?
[ "$status" -ne 0 ] || { cat "$work/missing.log"; fail "a host without its datastore passed"; }
grep -q 'fatal: \[h-lost\]' "$work/missing.log" || { cat "$work/missing.log"; fail "the failure does not name h-lost"; }
grep -q 'no-such-datastore' "$work/missing.log" || { cat "$work/missing.log"; fail "the failure does not name the datastore"; }

# Two hosts under one label would overwrite each other's results: refused.
inventory "$work/twins.ini" "h-1:twin:$work/ds-node-a" "h-2:twin:$work/ds-node-b"
status=0
playbook "$work/twins.ini" "$work/results-twins" "$work/twins.log" || status=$?
[ "$status" -ne 0 ] || { cat "$work/twins.log"; fail "two hosts under one label passed"; }
grep -q 'hosts share a label' "$work/twins.log" || { cat "$work/twins.log"; fail "the refusal does not say why"; }
echo "PASS: the playbook installed iogate, ran 3 hosts and judged them; a missing datastore and a shared label fail"
