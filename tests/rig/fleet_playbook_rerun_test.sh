# The fleet playbook's rerun path run for real: six hosts on this machine (Ansible's local
# connection, as package.ansible_fleet runs the playbook), each with a host label and a datastore
# of its own on a loop device held by the blkio throttle to one random-read rate, all alike but h6,
# held to half of it, with nothing in its fingerprint to say why. The playbook runs the checks on
# every host at once; the fleet cannot name h6 from one session (a neighbour's burst halves a
# host too), so the rerun play reruns h6 and three peers beside it; among 6 hosts two sessions
# cannot tell a burst that came back either, so the second rerun play runs them again, and the
# fleet names h6, seen in 3 sessions: the playbook fails on that outlier. Its last verdict must be
# what `iogate fleet` gives on the same results and reruns (fleet.json byte for byte), and no host
# but h6 may be named.
#
# Usage: fleet_playbook_rerun_test.sh IOGATE SOURCE_DIR   (RATE, default 200 reads a second)
# The playbook's log and what it fetched are kept in fleet_playbook_rerun/ in the rig's scratch
# directory.
iogate=$1
src=$2
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle
command -v ansible-playbook > /dev/null ||
  rig_skip "ansible-playbook is not installed (scripts/install-deps.sh --tests installs ansible-core)"
rate=${RATE:-200}
hosts=(h1 h2 h3 h4 h5 h6)
slow=h6

declare -A ds dev
for host in "${hosts[@]}"; do
  rig_make_datastore ext4 96M
  ds[$host]=$RIG_DATASTORE
  dev[$host]=$RIG_DEV
  if [ "$host" = "$slow" ]; then rig_throttle read_iops $((rate / 2)); else rig_throttle read_iops "$rate"; fi
done
# The hosts get h1's I/O scheduler, so their fingerprints agree (rig_teardown puts each back).
for host in "${hosts[@]}"; do rig_set_scheduler "${dev[$host]}" "$(rig_scheduler "${dev[h1]}")"; done

# The fleet rigs' check, 5 s long: five one-second runs a session, so a host slowed for a moment
# by the machine's other work leaves the interval narrow enough to tell half from 70%.
sed 's/^duration = .*/duration = "5s"/' "$IOGATE_RIG_DATA/fleet_random_read.toml" > "$RIG_DIR/checks.toml"

inventory="$RIG_DIR/inventory.ini"
echo "[fleet]" > "$inventory"
for host in "${hosts[@]}"; do
  echo "$host ansible_connection=local ansible_python_interpreter=/usr/bin/python3" \
    "iogate_host_label=$host iogate_datastore=${ds[$host]}" >> "$inventory"
done
# The built iogate, as installed: the playbook runs `iogate` from the hosts' PATH.
mkdir -p "$RIG_DIR/bin"
ln -s "$(realpath "$iogate")" "$RIG_DIR/bin/iogate"
results="$RIG_DIR/results"
log="$RIG_DIR/playbook.log"
started=$(date +%s)
status=0
# Inside the rig's cgroup, so the throttle holds every check the playbook starts. Enough forks for
# every host at once: the reruns are compared with the peers rerun at the same moment.
rig_run env PATH="$RIG_DIR/bin:$PATH" HOME="$RIG_DIR" ANSIBLE_NOCOLOR=1 ANSIBLE_FORKS=10 \
  ANSIBLE_INTERNAL_POLL_INTERVAL=0.05 \
  ANSIBLE_LOCAL_TEMP="$RIG_DIR/ansible-tmp" ANSIBLE_REMOTE_TEMP="$RIG_DIR/ansible-tmp" \
  ansible-playbook -i "$inventory" "$src/fleet/ansible/site.yml" \
  -e "iogate_thresholds=$RIG_DIR/checks.toml" -e "iogate_results=$results" \
  -e iogate_install=false -e iogate_become=false -e iogate_rerun_pause=1 > "$log" 2>&1 || status=$?
kept="$RIG_BASE/fleet_playbook_rerun"
rm -rf "$kept" && mkdir -p "$kept" && cp "$log" "$kept/playbook.log" && cp -r "$results" "$kept/"
rig_log "the playbook took $(($(date +%s) - started)) s and ended with $status (its log and results: $kept)"
grep -E 'OUTLIER|UNDECIDED|"rerun |fatal|^PLAY \[' "$log" | sed 's/^ *//' | cut -c1-260

[ "$status" -ne 0 ] || rig_fail "the playbook passed with $slow at half its peers"
grep -q "iogate fleet found an outlier" "$log" || rig_fail "the playbook did not end on an outlier"
grep -q "UNDECIDED $slow Random_4k_Read: .*one session cannot tell" "$log" ||
  rig_fail "the first judgement did not leave $slow undecided"
# Each rerun play ran the hosts the judgement before it listed, and no other: the N-th "rerun ..."
# line of the log against the hosts with a rerun of round N.
listed() { grep -o '"rerun [^"]*at the same time' "$log" | sed -n "${1}p" | grep -o 'h[0-9]' | sort | tr '\n' ' '; }
ran() { ls "$results"/hosts/*/"rerun-$1.json" 2> /dev/null | awk -F/ '{print $(NF-1)}' | sort | tr '\n' ' '; }
first=$(listed 1) second=$(listed 2)
[[ " $first" == *" $slow "* ]] || rig_fail "the fleet did not ask to rerun $slow: '$first'"
[ "$(ran first)" = "$first" ] || rig_fail "the rerun play ran '$(ran first)', the fleet listed '$first'"
[[ " $second" == *" $slow "* ]] || rig_fail "the second judgement did not ask to rerun $slow: '$second'"
[ "$(ran second)" = "$second" ] || rig_fail "the second rerun play ran '$(ran second)', the fleet listed '$second'"
grep -q "OUTLIER $slow Random_4k_Read: .*seen in 3 sessions" "$log" ||
  rig_fail "$slow was not named after its reruns"
# Runs the throttle makes all alike gave NaN intervals once: every figure is a number.
! grep -q 'nan%' "$log" || rig_fail "a judgement's interval is not a number: $(grep -m1 'nan%' "$log")"
named=$(grep -o 'OUTLIER [^ ]*' "$log" | sort -u | tr '\n' ' ')
[ "$named" = "OUTLIER $slow " ] || rig_fail "another host was named: $named"

# The CLI on what the playbook fetched, given as the playbook gives it: the verdict is the same.
given=() reruns=()
for host in "${hosts[@]}"; do given+=("$results/hosts/$host/results.json"); done
for host in "${hosts[@]}"; do
  for round in first second; do
    f="$results/hosts/$host/rerun-$round.json"
    [ ! -e "$f" ] || reruns+=("--rerun=$f")
  done
done
cli=0
"$iogate" fleet --report-dir "$RIG_DIR/cli-report" "${given[@]}" "${reruns[@]}" > "$RIG_DIR/cli.txt" 2>&1 || cli=$?
[ "$cli" = 1 ] || { cat "$RIG_DIR/cli.txt"; rig_fail "iogate fleet on the same inputs exits $cli, not 1"; }
cmp "$results/report/fleet.json" "$RIG_DIR/cli-report/fleet.json" ||
  rig_fail "the playbook's fleet.json differs from the CLI's on the same inputs"
echo "$slow named after 2 rounds of reruns; the playbook's verdict is the CLI's (exit 1, fleet.json identical)"
for host in "${hosts[@]}"; do rig_assert_clean "${ds[$host]}"; done
echo PASS
