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
exec "$wine" "$@"
