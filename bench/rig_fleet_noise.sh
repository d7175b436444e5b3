# Whether `iogate fleet` decides like the checks do on hosts that share a noisy disk: six
# loop-device datastores whose images live on this machine's own disk (not the rig's tmpfs), each
# a "host" with one fingerprint, run one after another, as hosts measured at different moments
# are. Each round judges them, reruns the hosts the fleet leaves undecided once after a pause
# (exit 3, the `rerun` list of fleet.json; PAUSE seconds, default 30), with the peers it names to
# rerun beside them (`rerun_beside`) run just before and after them, the nearest this one disk
# comes to the same moment, and judges again with --rerun, as the Ansible playbook does (its
# default pause is 60 s; there the reruns run at once).
#
# Usage (root; about 20 minutes with the defaults):
#   bash bench/rig_fleet_noise.sh build/src/cli/iogate [ROUNDS=10]
# KEEP=DIR keeps every round's fleet output (the first judgement and the final one) in DIR.
#
# The check: 8 KiB random, 70% read, queue depth 8, O_DIRECT, 3 s after a 1 s ramp, run once
# (its one-second intervals are its runs). Scenarios, ROUNDS rounds each:
#   healthy  nothing changed                           -> goal: no outlier (undecided <= 2)
#   fifth    h5 capped to a fifth, another scheduler   -> goal: h5 named, by its scheduler
#   half     h5 capped to a half, nothing else         -> goal: h5 named or undecided, never ok
# The caps follow the peers: before each of h5's sessions, its throttle is set to the share of the
# median IOPS its peers measured just before it in that session (reads and writes capped apart,
# 70/30, as the throttle counts them apart). A cap fixed once at a share of h5's rate when probed
# stops being a half when the disk drifts: it left h5 at 80% of its peers on a slow round. Prints a
# line per round and the counts; exits 1 when a goal is missed.
set -euo pipefail
iogate=$(realpath "$1")
rounds=${2:-10}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
export IOGATE_RIG_LIB="$source_dir/tests/rig/rig_lib.sh"
# shellcheck source=tests/rig/rig_lib.sh
source "$IOGATE_RIG_LIB"
rig_enter "$iogate" "$rounds"
rig_need_throttle
disk=$(mktemp -d /var/tmp/iogate-fleet-noise.XXXXXX)
odd=h5

cat > "$RIG_DIR/fleet.toml" <<'TOML'
[suite]
name = "fleet"
[[check]]
name = "rand8k"
[check.workload]
block_size = "8k"
read = "70%"
random = "100%"
queue_depth = 8
file_size = "64MiB"
duration = "3s"
ramp = "1s"
[check.expect]
iops_min = 1
TOML

declare -A ds dev
for i in 1 2 3 4 5 6; do
  rig_make_datastore ext4 256M "$disk"
  ds[h$i]=$RIG_DATASTORE
  dev[h$i]=$RIG_DEV
done
loop_of() { basename "$(readlink -f "/sys/dev/block/${dev[$1]}")"; }
sched_file() { echo "/sys/block/$(loop_of "$1")/queue/scheduler"; }
was=$(sed -n 's/.*\[\(.*\)\].*/\1/p' "$(sched_file $odd)")
other=none
[ "$was" != none ] || other=mq-deadline
trap 'echo "$was" > "$(sched_file $odd)" 2> /dev/null || true; rig_teardown; rm -rf "$disk"' EXIT

# check OUT HOST: one host's check into OUT/HOST.json (inside the rig's cgroup: the throttle).
check() {
  [ "$2" != "$odd" ] || cap_after_peers "$1"
  rig_run "$iogate" check "$RIG_DIR/fleet.toml" --datastore "${ds[$2]}" --host-label "$2" \
    --json "$1/$2.json" > "$1/$2.log" 2>&1 || rig_fail "$2's check failed: $(cat "$1/$2.log")"
}

# round NAME: the hosts one after another, the fleet, the undecided rerun once, the fleet again.
# Prints "first-exit final-exit reruns"; the final fleet output is NAME/fleet.txt.
round() {
  local out="$RIG_DIR/$1" host first=0 final=0 args=()
  mkdir -p "$out/again"
  for host in h1 h2 h3 h4 h5 h6; do check "$out" "$host"; done
  "$iogate" fleet --report-dir "$out/report" "$out"/h?.json > "$out/fleet.txt" 2>&1 || first=$?
  final=$first
  local again
  # The undecided hosts bracketed by the peers beside them: two peers (a capped host's cap follows
  # them), the hosts, the rest.
  again=$(/usr/bin/python3 -c 'import json,sys
doc = json.load(open(sys.argv[1]))
beside = doc["rerun_beside"]
undecided = [h for h in doc["rerun"] if h not in beside]
print(" ".join(beside[:2] + undecided + beside[2:]))' "$out/report/fleet.json")
  if [ "$first" = 3 ]; then
    sleep "${PAUSE:-30}"
    for host in $again; do
      check "$out/again" "$host"
      args+=(--rerun "$out/again/$host.json")
    done
    cp "$out/fleet.txt" "$out/fleet-first.txt"
    final=0
    "$iogate" fleet "$out"/h?.json "${args[@]}" > "$out/fleet.txt" 2>&1 || final=$?
  fi
  [ "$first" = 3 ] || again=""
  echo "$first $final $(echo "$again" | wc -w)"
}

share=0
# cap_after_peers DIR: caps h5's reads and writes at $share of the median IOPS of the peers already
# measured in DIR (this session), or lifts the caps when $share is 0 or no peer has run yet.
cap_after_peers() {
  local median reads writes
  median=$(/usr/bin/python3 -c 'import json,statistics,sys
rates = [json.load(open(f))["checks"][0]["result"]["iops"] for f in sys.argv[2:] if not f.endswith("/" + sys.argv[1] + ".json")]
print(int(statistics.median(rates)) if rates else 0)' "$odd" "$1"/h?.json 2> /dev/null || echo 0)
  reads=0 writes=0
  if [ "$share" != 0 ] && [ "$median" != 0 ]; then
    reads=$(/usr/bin/python3 -c "print(max(1, int($median * 0.7 * $share)))")
    writes=$(/usr/bin/python3 -c "print(max(1, int($median * 0.3 * $share)))")
  fi
  RIG_DEV=${dev[$odd]} rig_throttle read_iops "$reads" 2> /dev/null
  RIG_DEV=${dev[$odd]} rig_throttle write_iops "$writes" 2> /dev/null
}

# The rig's cgroup is made here, in this shell: a round runs in a command substitution's subshell,
# and a cgroup first made there would be unknown to this shell, which lifts the caps at the end.
cap_after_peers "$RIG_DIR"

declare -A count
for scenario in healthy fifth half; do
  for r in $(seq 1 "$rounds"); do
    case $scenario in
      healthy) share=0; echo "$was" > "$(sched_file $odd)" ;;
      fifth) share=0.2; echo "$other" > "$(sched_file $odd)" ;;
      half) share=0.5; echo "$was" > "$(sched_file $odd)" ;;
    esac
    start=$(date +%s)
    read -r first final reruns <<< "$(round "$scenario$r")"
    txt="$RIG_DIR/$scenario$r/fleet.txt"
    if [ -n "${KEEP:-}" ]; then
      mkdir -p "$KEEP/$scenario$r"
      cp "$RIG_DIR/$scenario$r"/fleet*.txt "$KEEP/$scenario$r/"
    fi
    named=$(grep -o '^ *OUTLIER [^ ]*' "$txt" | awk '{print $2}' | sort -u | tr '\n' ' ' || true)
    undecided=$(grep -o '^ *UNDECIDED [^ ]*' "$txt" | awk '{print $2}' | sort -u | tr '\n' ' ' || true)
    verdict=ok
    case $final in 1) verdict=outlier ;; 3) verdict=undecided ;; 0) ;; *) verdict="error $final" ;; esac
    by_sched=no
    ! grep -q "OUTLIER $odd .*scheduler: $other" "$txt" || by_sched=yes
    # What the cap made of h5 this round: its first session's share of its peers' median (the
    # peers after it included, so a drift within the session shows).
    share=$(/usr/bin/python3 -c 'import json,sys
doc = json.load(open(sys.argv[1]))
for h in doc["groups"][0]["hosts"]:
    if h["host"] == sys.argv[2]: print("{:.0f}%".format(100 * h["figures"]["iops"]["ratio"]))' \
      "$RIG_DIR/$scenario$r/report/fleet.json" "$odd")
    echo "$scenario round $r: first exit $first, $reruns rerun, final $verdict; named '$named' undecided '$undecided' (by scheduler: $by_sched); $odd first at $share of its peers, in $(($(date +%s) - start)) s"
    [ "$verdict" = ok ] || grep -E '^ *(OUTLIER|UNDECIDED|iogate fleet:) ' "$txt" | sed 's/^/    /' || true
    key="$scenario:$verdict"
    count[$key]=$((${count[$key]:-0} + 1))
    if [ "$scenario" != healthy ] && [ "$named" = "$odd " ]; then
      count[$scenario:named_odd]=$((${count[$scenario:named_odd]:-0} + 1))
      [ $by_sched = no ] || count[$scenario:by_sched]=$((${count[$scenario:by_sched]:-0} + 1))
    fi
    if [ "$scenario" = half ] && ! grep -q "^ *\(OUTLIER\|UNDECIDED\) $odd " "$txt"; then
      count[half:odd_ok]=$((${count[half:odd_ok]:-0} + 1))
    fi
  done
done
share=0
cap_after_peers "$RIG_DIR"
for key in $(printf '%s\n' "${!count[@]}" | sort); do echo "$key ${count[$key]}"; done
ok=1
[ "${count[healthy:outlier]:-0}" = 0 ] && [ "${count[healthy:undecided]:-0}" -le 2 ] || ok=0
[ "${count[fifth:by_sched]:-0}" = "$rounds" ] || ok=0
[ "${count[half:odd_ok]:-0}" = 0 ] || ok=0
[ $ok = 1 ] && echo "PASS: every goal met" || { echo "FAIL: a goal missed"; exit 1; }
