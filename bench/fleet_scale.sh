#!/usr/bin/env bash
# What `iogate fleet` costs as a fleet grows: wall time and peak memory of one comparison of
# HOSTS hosts, each holding the same results under its own host label (as after a rollout where
# every guest ran one threshold file), and the hosts per second and bytes per host they make.
#
# Usage:
#   bench/fleet_scale.sh IOGATE [SIZE...]
# SIZE is HOSTS, HOSTSxCHECKS (CHECKS of 1 to 4 a host) or HOSTSrREPEATS (one check run REPEATS
# times); default: 1000 10000 100000 10000x4 1000r3 10000r3.
# Environment:
#   WORK=DIR      keep the inputs and reports in DIR (default: a temporary directory, removed)
#   SPREAD=S      hosts' figures off by exp(S z) (bench/fleet_inputs.py --spread; default 0:
#                 copies, as the measurements in docs/fleet.md)
#   REPORTS=0     no --report-dir (default 1: every report written, as a pipeline would)
#   LIST=0        the hosts as arguments, not --results-from (for a build before it; ARG_MAX
#                 bounds the hosts, some 30,000)
#   TIMEOUT=SECS  a size still running after SECS is stopped and said (default 900)
#   NICE=N        run iogate fleet at this niceness (default 0)
#   MEMLIMIT=KIB  its address space at most this (ulimit -v; default none): a build whose memory
#                 grows with the square of the hosts fails there instead of exhausting the machine
# The host's results are made once, by `iogate check` in a scratch datastore under WORK: four
# rate-capped 4 KiB and 64 KiB checks of 3 s (about 25 s in all, a few MB of I/O). Needs python3
# and GNU time (/usr/bin/time). The hosts are given as a list (--results-from), as an estate
# would: 100,000 paths as arguments pass ARG_MAX (a quarter of the stack limit, 2 MiB by default,
# counting each argument's pointer too) and the shell cannot start iogate (exit 126).
set -euo pipefail
iogate=$(realpath "$1")
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000 10000x4 1000r3 10000r3)
here=$(cd "$(dirname "$0")" && pwd)
[ -x /usr/bin/time ] || { echo "fleet_scale.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
if [ -n "${WORK:-}" ]; then
  work=$(realpath -m "$WORK")
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
timeout_s=${TIMEOUT:-900}

# One host's results: four checks, and the first alone run three times.
template() {
  [ -s "$work/template/four.json" ] && return
  mkdir -p "$work/template" "$work/ds"
  local t="$work/template/fleet.toml"
  cat > "$t" <<'TOML'
[suite]
name = "fleet"
[[check]]
name = "rand_read_4k"
[check.workload]
block_size = "4k"
read = "100%"
random = "100%"
duration = "3s"
file_size = "8MiB"
direct = false
rate_iops = 200
[check.expect]
iops_min = 1
[[check]]
name = "rand_write_4k"
[check.workload]
block_size = "4k"
read = "0%"
random = "100%"
duration = "3s"
file_size = "8MiB"
direct = false
rate_iops = 200
[check.expect]
iops_min = 1
[[check]]
name = "seq_read_64k"
[check.workload]
block_size = "64k"
read = "100%"
random = "0%"
duration = "3s"
file_size = "8MiB"
direct = false
rate_iops = 50
[check.expect]
mbps_min = 0.1
[[check]]
name = "seq_write_64k"
[check.workload]
block_size = "64k"
read = "0%"
random = "0%"
duration = "3s"
file_size = "8MiB"
direct = false
rate_iops = 50
[check.expect]
mbps_min = 0.1
TOML
  "$iogate" check "$t" --datastore "$work/ds" --host-label h0 --json-dir "$work/template/dir" \
    > "$work/template/check.log"
  "$iogate" check "$t" --datastore "$work/ds" --host-label h0 --filter rand_read_4k --repeat 3 \
    --repeat-max 3 --json-dir "$work/template/repeats" > "$work/template/repeats.log"
  "$iogate" report --from-dir "$work/template/dir" --json "$work/template/four.json" > /dev/null
}

# The inputs of a size: in/ (one file a host) under its directory.
inputs() {  # size
  local size=$1 dir="$work/fleet-$1" hosts checks=1 repeats=1
  case $size in
    *x*) hosts=${size%x*}; checks=${size#*x} ;;
    *r*) hosts=${size%r*}; repeats=${size#*r} ;;
    *) hosts=$size ;;
  esac
  [ -d "$dir/in" ] && { echo "$dir"; return; }
  mkdir -p "$dir"
  local t="$dir/template.json"
  if [ "$repeats" -gt 1 ]; then
    cp "$work/template/repeats/rand_read_4k.json" "$t"
  elif [ "$checks" -eq 1 ]; then
    cp "$work/template/dir/rand_read_4k.json" "$t"
  else
    python3 - "$work/template/four.json" "$checks" "$t" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["checks"] = doc["checks"][: int(sys.argv[2])]
json.dump(doc, open(sys.argv[3], "w"))
PY
  fi
  python3 "$here/fleet_inputs.py" "$t" "$dir/in" "$hosts" --spread "${SPREAD:-0}" >&2
  echo "$dir"
}

template
printf '%-10s %6s %7s %9s %9s %9s %10s %9s\n' hosts checks repeats "wall s" "cpu s" "RSS MiB" \
  "hosts/s" "KiB/host"
for size in "${sizes[@]}"; do
  dir=$(inputs "$size")
  checks=1 repeats=1
  case $size in *x*) checks=${size#*x} ;; *r*) repeats=${size#*r} ;; esac
  find "$dir/in" -name '*.json' | sort > "$dir/hosts.txt"
  hosts=$(wc -l < "$dir/hosts.txt")
  given=(--results-from "$dir/hosts.txt")
  [ "${LIST:-1}" = 1 ] || mapfile -t given < "$dir/hosts.txt"
  reports=()
  [ "${REPORTS:-1}" = 0 ] || { rm -rf "$dir/reports"; reports=(--report-dir "$dir/reports"); }
  set +e
  rm -f "$dir/time.txt"
  ({ [ -z "${MEMLIMIT:-}" ] || ulimit -v "$MEMLIMIT"; } &&
    exec nice -n "${NICE:-0}" /usr/bin/time -v -o "$dir/time.txt" timeout "$timeout_s" \
      "$iogate" fleet "${given[@]}" "${reports[@]}") > "$dir/console.txt" 2>&1
  rc=$?
  set -e
  # iogate fleet exits 0 (no outlier), 1 (outliers) or 3 (hosts to rerun) when it compared.
  if [ $rc = 2 ] || [ $rc -gt 3 ] || ! grep -q 'Elapsed' "$dir/time.txt" 2>/dev/null; then
    why="exit $rc"
    [ $rc = 124 ] && why="still running after $timeout_s s"
    grep -q 'bad_alloc' "$dir/console.txt" && why="out of memory (MEMLIMIT $MEMLIMIT KiB)"
    printf '%-10s %6s %7s  not finished: %s\n' "$hosts" "$checks" "$repeats" "$why"
    continue
  fi
  python3 - "$dir/time.txt" "$hosts" "$checks" "$repeats" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
def field(name):
    return re.search(re.escape(name) + r": (.*)", t).group(1).strip()
parts = [float(p) for p in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")]
wall = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
rss_kib = int(field("Maximum resident set size (kbytes)"))
hosts = int(sys.argv[2])
print(f"{hosts:<10} {sys.argv[3]:>6} {sys.argv[4]:>7} {wall:9.2f} {cpu:9.2f} {rss_kib / 1024:9.0f} "
      f"{hosts / max(wall, 1e-3):10.0f} {rss_kib / hosts:9.1f}")
PY
done
