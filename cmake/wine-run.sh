#!/usr/bin/env bash
# wine-run.sh <wine prefix> <program.exe> [args...]: runs a Windows program under wine, headless and
# quiet, in the given prefix. The prefix is made on first use, once: concurrent tests wait for it
# rather than racing wine's own set-up. Exits with the program's status.
set -euo pipefail
prefix="$1"
shift
wine=/usr/lib/wine/wine64
if [ ! -x "$wine" ]; then
  echo "wine-run.sh: $wine not found; install Debian's wine64 (scripts/install-deps.sh --windows)" >&2
  exit 127
fi
export WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=
if [ ! -e "$prefix/.iogate-ready" ]; then
  mkdir -p "$(dirname "$prefix")"
  (
    flock 9
    if [ ! -e "$prefix/.iogate-ready" ]; then
      "$wine" wineboot --init >/dev/null 2>&1
      /usr/lib/wine/wineserver -w
      touch "$prefix/.iogate-ready"
    fi
  ) 9>"$prefix.lock"
fi
# One wineserver kept for the prefix while tests come and go (until a minute after the last): left to
# itself it exits 3 s after its last client, a program started in that moment died with "wine client
# error: recvmsg", and every restart cost a test seconds. A server already running answers 2. The
# server and the services a new one starts (wineboot) get none of our descriptors: one holding the
# caller's pipe would keep ctest's test listing waiting for an end of output, one holding the lock
# would keep the next test waiting, until the server exits. Any other answer is a server caught in
# its own start or exit (CI once saw a test fail in 0.01 s with no output here): asked again a few
# times, then said.
(
  flock 9
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    status=0
    /usr/lib/wine/wineserver -p60 < /dev/null > /dev/null 2>&1 9>&- || status=$?
    if [ "$status" -eq 0 ]; then
      "$wine" wineboot < /dev/null > /dev/null 2>&1 9>&-
      exit 0
    fi
    [ "$status" -eq 2 ] && exit 0
    sleep 0.5
  done
  echo "wine-run.sh: wineserver -p60 answered $status ten times for $prefix" >&2
  exit 1
) 9>"$prefix.lock"
exec "$wine" "$@"
