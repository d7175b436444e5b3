#!/usr/bin/env bash
# Side by side with fio on Windows: iogate.exe's IOCP engine against fio.exe's windowsaio engine
# (also an I/O completion port), both under the same wine, alternating on one datastore.
#
#   bench/windows_fio_compare.sh IOGATE_EXE FIO_EXE DATASTORE [PAIRS] [WORKLOAD...]
#
# fio.exe is built from fio's sources with mingw-w64:
#   ./configure --cc=x86_64-w64-mingw32-gcc-posix --disable-native && make
# Workloads are bench/fio_compare.sh's ("name:bs:read%:random%:qd:run:engine:direct:file_size"),
# engine "iocp": fio_compare.sh does the alternating (iogate first in odd pairs, fio first in even
# ones), the fresh file each tool lays out for itself in DATASTORE, the parsing of both JSONs and
# the table of ratios iogate/fio; here each tool is started through cmake/wine-run.sh in a wine
# prefix of this run's own, with its engine and its paths said the Windows way. PAIRS defaults to 7,
# RAMP (fio_compare.sh's) to 2 s. Without workloads: 4 KiB random reads at QD 1, 8 and 32,
# sequential 128 KiB reads at QD 8, 8 KiB random 70% reads at QD 8, 5 s each, on 128 MiB files.
#
# Wine ignores FILE_FLAG_NO_BUFFERING: direct=1 opens with it on both sides, and both then read
# Linux's page cache, where each tool's own layout writes left its file. These rows compare what
# the two engines, wine and the page cache cost, never a disk.
#
# CPU: fio.exe's own figure counts its job thread only, in whole seconds (fio's getrusage for
# Windows, os/windows/posix.c, drops the fractions, and fio asks for RUSAGE_THREAD), so the
# IOPS/CPU-s column fio_compare.sh prints is no measure here. The second table has CPU-seconds
# taken from outside, from /proc: each tool's wine process (every thread of it: fio's completion
# thread too) and the prefix's wineserver, through which wine passes every overlapped request and
# every completion. "run" is the whole process (start, layout, ramp, measured, exit); "window" the
# last RUN seconds of its life, the measured window give or take the exit (sampled every 0.1 s).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
self="$here/$(basename "$0")"

# The Windows name of a Linux path under wine: Z: is the Linux root.
win() { printf 'Z:%s' "${1//\//\\}"; }

# cpu_ticks PID: user + system ticks of a process and of the children it has waited for.
cpu_ticks() {
  local stat f
  # read, not $(<): a redirection that fails inside $( ) ends the script under set -e.
  { read -r stat < "/proc/$1/stat"; } 2> /dev/null || { echo 0; return; }
  read -ra f <<< "${stat##*) }"
  echo $((f[11] + f[12] + f[13] + f[14]))
}

# server_pid: the wineserver serving this run's prefix (wine-run.sh keeps one for a minute after
# its last client), found by its binary and the prefix in its environment.
server_pid() {
  local p
  for p in /proc/[0-9]*; do
    [ "$p/exe" -ef /usr/lib/wine/wineserver64 ] 2> /dev/null || continue
    tr '\0' '\n' < "$p/environ" 2> /dev/null | grep -qxF "WINEPREFIX=$WINFIO_PREFIX" &&
      { echo "${p#/proc/}"; return; }
  done
  echo 0
}

# --wrap TOOL EXE ARGS...: what fio_compare.sh runs as `fio` and as IOGATE. The arguments it gives
# a Linux tool, made Windows ones (paths on Z:, fio's colons escaped, its engine windowsaio), the
# program run under wine, and one line of CPU figures appended to $WINFIO_CPU_LOG.
if [ "${1:-}" = --wrap ]; then
  tool=$2 exe=$3
  shift 3
  args=() name="" run_s=0
  while [ $# -gt 0 ]; do
    case "$tool:$1" in
      iogate:--datastore | iogate:--json) args+=("$1" "$(win "$2")"); shift ;;
      iogate:--time) run_s=${2%s}; args+=("$1" "$2"); shift ;;
      fio:--filename=*) path=$(win "${1#--filename=}"); args+=("--filename=${path//:/\\:}") ;;
      fio:--ioengine=iocp) args+=(--ioengine=windowsaio) ;;
      fio:--name=*) name=${1#--name=}; args+=("$1") ;;
      fio:--runtime=*) run_s=${1#--runtime=}; args+=("$1") ;;
      *) args+=("$1") ;;
    esac
    shift
  done
  # iogate's row name is fio_compare.sh's "run"; its JSON's file name carries the workload.
  [ "$tool" = iogate ] && for a in "${args[@]}"; do
    [[ $a == *iogate-*.json ]] && { name=${a##*\\iogate-}; name=${name%-*.json}; }
  done
  "$WINFIO_WINE_RUN" "$WINFIO_PREFIX" "$exe" "${args[@]}" &
  pid=$!
  server=$(server_pid)
  samples=()
  # Until the process has exited (a zombie's figures are its last).
  while { read -r stat < "/proc/$pid/stat"; } 2> /dev/null; do
    [ "$server" = 0 ] && server=$(server_pid)
    samples+=("$EPOCHREALTIME $(cpu_ticks "$pid") $(cpu_ticks "$server")")
    [[ ${stat##*) } == Z* ]] && break
    sleep 0.1
  done
  rc=0
  wait "$pid" || rc=$?
  /usr/bin/python3 - "$tool" "$name" "$run_s" "$(getconf CLK_TCK)" "${samples[@]}" \
    >> "$WINFIO_CPU_LOG" <<'PY'
import sys
tool, name, run_s, hz = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
s = [tuple(float(x) for x in line.split()) for line in sys.argv[5:]]
last = s[-1]
# The sample nearest to RUN seconds before the last one starts the window.
start = min(s, key=lambda x: abs(last[0] - run_s - x[0])) if run_s else s[0]
print(tool, name, (last[1] - s[0][1]) / hz, (last[2] - s[0][2]) / hz,
      (last[1] - start[1]) / hz, (last[2] - start[2]) / hz, last[0] - start[0])
PY
  exit "$rc"
fi

exe=$(realpath "$1"); fio_exe=$(realpath "$2"); ds=$3; pairs=${4:-7}
shift $(( $# >= 4 ? 4 : $# ))
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
  workloads=(
    "rr4k_qd1:4k:100:100:1:5s:iocp:1:128MiB"
    "rr4k_qd8:4k:100:100:8:5s:iocp:1:128MiB"
    "rr4k_qd32:4k:100:100:32:5s:iocp:1:128MiB"
    "sr128k_qd8:128k:100:0:8:5s:iocp:1:128MiB"
    "rw8k70_qd8:8k:70:100:8:5s:iocp:1:128MiB"
  )
fi

top=$(mktemp -d /tmp/iogate-winfio.XXXXXX)
export WINFIO_PREFIX="$top/wine-prefix" WINFIO_CPU_LOG="$top/cpu.log"
export WINFIO_WINE_RUN="$here/../cmake/wine-run.sh"
stop_wine() { WINEPREFIX="$WINFIO_PREFIX" /usr/lib/wine/wineserver -k 2> /dev/null || true; }
trap 'rc=$?; stop_wine; rm -rf "$top"; exit $rc' EXIT
mkdir "$top/bin"
printf '#!/bin/sh\nexec "%s" --wrap fio "%s" "$@"\n' "$self" "$fio_exe" > "$top/bin/fio"
printf '#!/bin/sh\nexec "%s" --wrap iogate "%s" "$@"\n' "$self" "$exe" > "$top/bin/iogate"
chmod +x "$top/bin/fio" "$top/bin/iogate"
: > "$WINFIO_CPU_LOG"

# The prefix is made before the first pair, so neither tool's first run pays for it.
"$WINFIO_WINE_RUN" "$WINFIO_PREFIX" "$exe" --version > /dev/null
echo "iogate.exe: $("$WINFIO_WINE_RUN" "$WINFIO_PREFIX" "$exe" --version | tr -d '\r' | head -1);" \
  "fio.exe: $("$WINFIO_WINE_RUN" "$WINFIO_PREFIX" "$fio_exe" --version | tr -d '\r');" \
  "$(/usr/lib/wine/wine64 --version); $(nproc) CPUs; $(uname -r)"

# fio.exe runs every job as a thread (no process-shared mutexes on Windows) and says so on
# stdout, ahead of its JSON, unless asked for threads.
PATH="$top/bin:$PATH" FIO_EXTRA="--thread ${FIO_EXTRA:-}" \
  "$here/fio_compare.sh" "$top/bin/iogate" "$ds" "$pairs" "${workloads[@]}"

/usr/bin/python3 - "$WINFIO_CPU_LOG" "${workloads[@]}" <<'PY'
import statistics, sys
log, workloads = sys.argv[1], [w.split(":")[0] for w in sys.argv[2:]]
runs = {}
for line in open(log):
    tool, name, *v = line.split()
    runs.setdefault((tool, name), []).append([float(x) for x in v])
print()
print("CPU-seconds, medians over the pairs (tool: its wine process; server: the wineserver "
      "meanwhile)")
print(f"{'workload':<22} {'pairs':>5} | {'run: iogate':>11} {'server':>6} {'fio':>6} {'server':>6}"
      f" | {'window s':>8} {'iogate':>6} {'server':>6} {'fio':>6} {'server':>6} {'ratio':>6}")
for name in workloads:
    a, b = runs.get(("iogate", name), []), runs.get(("fio", name), [])
    n = min(len(a), len(b))
    if not n:
        continue
    med = lambda rows, i: statistics.median(r[i] for r in rows[:n])
    # iogate/fio of tool + server in the window: what each costs the machine for one window.
    ratio = statistics.median((x[2] + x[3]) / (y[2] + y[3]) for x, y in zip(a, b)
                              if y[2] + y[3])
    print(f"{name:<22} {n:>5} | {med(a, 0):>11.2f} {med(a, 1):>6.2f} {med(b, 0):>6.2f} "
          f"{med(b, 1):>6.2f} | {med(a, 4):>8.2f} {med(a, 2):>6.2f} {med(a, 3):>6.2f} "
          f"{med(b, 2):>6.2f} {med(b, 3):>6.2f} {ratio:>6.3f}")
PY
