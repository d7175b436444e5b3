# iogate check shares laid-out test files between the checks of a threshold file: seed 001's four
# IOMeter checks (scaled to 8 MiB files and 200 ms each) lay out one file, in IOMeter's 64 KiB
# writes, for the 100% read check, and the other three reuse it (each writes, so none needs it
# pristine); the console says so and the results JSON records layout_s and layout_reused_from.
# The same file with layout_write_size taken out lays out one file per block size, as fio would.
# With --own-layouts every check lays out its own. Counted from the JSON and, where strace is
# installed, from the files the run created (one layout file per pass).
source "$IOGATE_E2E_LIB"
iogate=$1
source_dir=$2
trap cleanup_datastores EXIT
ds=$(new_datastore)
out=$(new_datastore)
gate="$out/vmware-scaled.toml"
sed -e 's/^duration = "2m"/duration = "200ms"/' -e 's/^file_size = "4GiB"/file_size = "8MiB"/' \
  "$source_dir/thresholds/vmware-community.toml" > "$gate"
grep -q '^file_size = "8MiB"' "$gate" || fail "vmware-community.toml changed: no file_size line"

mkdir "$out/shared" "$out/own"
# The seed's floors need not hold on this disk: only the layouts are asserted.
"$iogate" check "$gate" --datastore "$ds" --repeat-max 1 --json-dir "$out/shared" > "$out/shared.txt" || true
[ "$(layouts "$out/shared" 4)" = \
  "1 Max_Throughput_50_Read<Max_Throughput_100_Read Random_8k_70_Read<Max_Throughput_100_Read RealLife_60_Rand_65_Read<Max_Throughput_100_Read" ] ||
  fail "shared: $(layouts "$out/shared" 4)"
assert_contains "$out/shared.txt" '^  layout: written 8 MiB in [0-9.]+ s \(64 KiB writes\)' \
  "the console shows the 64 KiB layout and its time"
assert_contains "$out/shared.txt" '^  layout: written 8 MiB, reused from Max_Throughput_100_Read' \
  "the console says the file was reused"
assert_no_scratch "$ds"

# Laid out in each check's own block size instead (fio's way): one file per size.
fio_way="$out/fio-way.toml"
grep -v '^layout_write_size' "$gate" > "$fio_way"
mkdir "$out/per_size"
"$iogate" check "$fio_way" --datastore "$ds" --repeat-max 1 --json-dir "$out/per_size" > "$out/per_size.txt" || true
[ "$(layouts "$out/per_size" 4)" = \
  "2 Max_Throughput_50_Read<Max_Throughput_100_Read Random_8k_70_Read<RealLife_60_Rand_65_Read" ] ||
  fail "per block size: $(layouts "$out/per_size" 4)"
assert_contains "$out/per_size.txt" '^  layout: written 8 MiB in [0-9.]+ s \(32 KiB writes\)' \
  "the console shows the 32 KiB layout"
assert_no_scratch "$ds"

"$iogate" check "$gate" --datastore "$ds" --repeat-max 1 --json-dir "$out/own" --own-layouts > "$out/own.txt" || true
[ "$(layouts "$out/own" 4)" = "4 " ] || fail "--own-layouts: $(layouts "$out/own" 4)"
assert_no_scratch "$ds"

if command -v strace > /dev/null; then
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    strace -f -qq -e trace=openat -o "$out/open.strace" "$iogate" check "$gate" --datastore "$ds" --repeat-max 1 \
    > /dev/null || true
  made=$(grep -Ec 'openat\(.*"[A-Za-z0-9_]+\.dat", O_WRONLY\|O_CREAT\|O_EXCL' "$out/open.strace" || true)
  [ "$made" = 1 ] || fail "the run created $made layout files, not 1"
fi
assert_no_scratch "$ds"
echo PASS
