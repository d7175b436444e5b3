# Hostile and careless Windows names for iogate.exe's outputs and datastore, under wine: each is
# refused with exit 2 and a reason, and nothing is written, made or laid out anywhere. Device names
# (NUL, COM1.xml, \\.\NUL, \\?\GLOBALROOT\...) once became plain files of those names, a \\.\ path
# crashed the process, and a datastore or output directory that is a symbolic link (wine 8 cannot
# make a junction; a link made from the Linux side is wine's reparse point) was followed.
set -euo pipefail
iogate=$1; wine_run=$2; prefix=$3; scratch=$4
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$scratch"
work=$(mktemp -d "$scratch/wine-paths.XXXXXX")
trap 'rc=$?; [ "$rc" -eq 0 ] && rm -rf "$work" || echo "kept $work for a look" >&2' EXIT
win() { printf 'Z:%s' "${1//\//\\}"; }  # the Windows name of a Linux path under wine
out="$work/out"; ds="$work/ds"; elsewhere="$work/elsewhere"
mkdir "$out" "$ds" "$elsewhere"
ln -s "$elsewhere" "$work/linked-dir"
cat > "$work/t.toml" <<'T'
[suite]
name = "t"
[[check]]
name = "r"
[check.workload]
file_size = "1MiB"
block_size = "4k"
duration = "1s"
[check.expect]
iops_min = 1
T

refused() {  # what the error must say, then iogate's arguments; run from $out
  local want=$1; shift
  set +e
  (cd "$out" && "$wine_run" "$prefix" "$iogate" "$@") > "$work/log" 2>&1
  local rc=$?; set -e
  [ "$rc" -eq 2 ] || { cat "$work/log"; fail "$* exited $rc, not 2"; }
  grep -q -- "$want" "$work/log" || { cat "$work/log"; fail "$*: no '$want' in the error"; }
  for d in "$out" "$ds" "$elsewhere"; do
    [ -z "$(ls -A "$d")" ] || fail "$*: left $(ls -A "$d" | tr '\n' ' ') in $d"
  done
  echo "refused: $* ($(head -n 1 "$work/log"))"
}

o=$(win "$out")
refused "device NUL" schema -o NUL
refused "device COM1.xml" schema -o "$o\\COM1.xml"
refused "device (" schema -o '\\.\NUL'
refused "Windows namespace" schema -o '\\?\GLOBALROOT\Device\Null'
refused "dot or a space" schema -o "$o\\report.html."
refused "stream of a file" schema -o "$o\\report.html:evil"
refused "current directory of drive" schema -o 'Z:report.json'
refused "reparse point" schema -o "$(win "$work/linked-dir")\\s.json"
refused "junction, symbolic link" check "$(win "$work/t.toml")" --datastore "$(win "$work/linked-dir")"
refused "device aux" check "$(win "$work/t.toml")" --datastore "$(win "$ds")" --json-dir "$o\\aux"
refused "device CON" check "$(win "$work/t.toml")" --datastore "$(win "$ds")" --junit CON
# A long path (\\?\ before a drive) is a file like any other: written.
"$wine_run" "$prefix" "$iogate" schema -o "\\\\?\\$o\\long.json" || fail 'a \\?\ path was not written'
[ -s "$out/long.json" ] || fail 'a \\?\ path was not written'
echo "paths: ok"
