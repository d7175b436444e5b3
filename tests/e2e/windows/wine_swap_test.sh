# The reparse-point attack on iogate.exe under wine, from the Linux side (wine 8 cannot make a
# junction, so the Windows-side test of it skips): while the first check of the scaled quick suite
# runs on a wine drive, a hostile process renames its scratch directory away and puts a symbolic
# link to a directory of its own in its place (on Windows the rename itself is refused: the run
# holds the directory without FILE_SHARE_DELETE; wine does not enforce that against Linux
# processes). Nothing is written through the link; at the end the run finds that the name no longer
# holds its directory, says so and leaves the name alone: the link and its target stay as they
# were. The checks after it make their own scratch areas and pass.
#
# Under wine, deleting a file by its handle unlinks the name the file was opened by, so the files
# of the moved directory stay there (printed, not asserted); on Windows the handle deletes the
# file itself.
set -euo pipefail
iogate=$1; wine_run=$2; prefix=$3; quick=$4; scratch=$5
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$scratch"
work=$(mktemp -d "$scratch/wine-swap.XXXXXX")
trap 'rc=$?; [ "$rc" -eq 0 ] && rm -rf "$work" || echo "kept $work for a look" >&2' EXIT
ds="$work/ds"; elsewhere="$work/elsewhere"; moved="$work/moved"
mkdir "$ds" "$elsewhere"
echo "the attacker's own file" > "$elsewhere/keep.txt"
win() { printf 'Z:%s' "${1//\//\\}"; }  # the Windows name of a Linux path under wine

# The quick suite scaled down, as in wine_check_test.sh.
sed -e 's/"1GiB"/"32MiB"/; s/"512MiB"/"32MiB"/g; s/duration = "15s"/duration = "2s"/' \
    -e 's/ramp = "2s"/ramp = "1s"/' "$quick" > "$work/quick.toml"
grep -q '"32MiB"' "$work/quick.toml" || fail "the quick suite's sizes were not scaled"

"$wine_run" "$prefix" "$iogate" check "$(win "$work/quick.toml")" --datastore "$(win "$ds")" \
  > "$work/run.log" 2>&1 &
pid=$!
area=""
for _ in $(seq 600); do
  area=$(compgen -G "$ds/iogate-scratch-*" | head -n 1) && [ -n "$area" ] &&
    [ -n "$(ls -A "$area" 2> /dev/null)" ] && break
  sleep 0.05
done
[ -n "$area" ] || { wait "$pid" || true; cat "$work/run.log"; fail "no scratch directory appeared"; }
mv "$area" "$moved"
ln -s "$elsewhere" "$area"
echo "swapped $(basename "$area") for a link to $elsewhere: holds $(ls -A "$moved" | tr '\n' ' ')"
set +e
wait "$pid"
rc=$?; set -e
cat "$work/run.log"

[ "$(ls -A "$elsewhere")" = keep.txt ] ||
  fail "something was written through the link: $(ls -A "$elsewhere" | tr '\n' ' ')"
[ "$(cat "$elsewhere/keep.txt")" = "the attacker's own file" ] || fail "the link's target was changed"
{ [ -L "$area" ] && [ "$(readlink "$area")" = "$elsewhere" ]; } || fail "the link was removed or changed"
grep -q "left scratch directory .* in place: it was renamed" "$work/run.log" ||
  fail "the run did not say that its scratch directory's name holds something else"
grep -q "4 checks: 4 passed" "$work/run.log" || fail "the checks did not all pass"
[ "$rc" -eq 0 ] || fail "the run exited $rc"
[ "$(ls -A "$ds")" = "$(basename "$area")" ] ||
  fail "the datastore holds more than the link: $(ls -A "$ds" | tr '\n' ' ')"
echo "swap: ok (the link and its target untouched; left in the moved directory under wine:" \
  "$(ls -A "$moved" | tr '\n' ' '))"
