# The preflight against real mounts: a read-only tmpfs, a 2 MiB tmpfs that no check of the quick
# suite fits, and /proc. Each is refused once, before the first I/O: exit 2, the reason naming the
# datastore (and on the tiny one every check that cannot fit, in the scratch area's words), no
# report written, the datastore's listing unchanged. No loop device; about a second.
iogate=$1
gate="$2/thresholds/quick.toml"
RIG_NO_LOOP=1 RIG_TMPFS_SIZE=16m
source "$IOGATE_RIG_LIB"
rig_enter "$@"

# /proc's listing changes by itself (and nothing can be made there): it is not compared.
listing() { [ "$1" = /proc ] || find "$1" -printf '%p %s %m\n' | sort; }

# refused DATASTORE: iogate check of the quick suite there exits 2, leaving DATASTORE and the
# report directory as they were; its output in $RIG_DIR/log.
refused() {
  local ds=$1 before rc=0
  before=$(listing "$ds")
  "$iogate" check "$gate" --datastore "$ds" --junit "$RIG_DIR/reports/junit.xml" \
    --json-dir "$RIG_DIR/reports/json" > "$RIG_DIR/log" 2>&1 || rc=$?
  [ "$rc" = 2 ] || { cat "$RIG_DIR/log" >&2; rig_fail "$ds: exit $rc, expected 2"; }
  [ "$(listing "$ds")" = "$before" ] || rig_fail "$ds: changed: $(listing "$ds")"
  [ -z "$(ls -A "$RIG_DIR/reports")" ] || rig_fail "$ds: reports written: $(ls -A "$RIG_DIR/reports")"
  if grep -q "ERROR\|FAIL" "$RIG_DIR/log"; then cat "$RIG_DIR/log" >&2; rig_fail "$ds: checks ran"; fi
}
expect_line() {  # pattern what
  grep -Eq -- "$1" "$RIG_DIR/log" || { cat "$RIG_DIR/log" >&2; rig_fail "$2: no line matches /$1/"; }
}
mkdir -p "$RIG_DIR/reports"

ro="$RIG_DIR/ro"
mkdir "$ro"
mount -t tmpfs -o ro,size=10m iogate-rig-ro "$ro"
RIG_MOUNTS+=("$ro")
refused "$ro"
expect_line "^iogate check: datastore $ro is mounted read-only: no test file can be written there" "read-only"
rc=0
"$iogate" baseline record "$gate" --datastore "$ro" --out "$RIG_DIR/b.json" > "$RIG_DIR/log" 2>&1 || rc=$?
[ "$rc" = 2 ] || { cat "$RIG_DIR/log" >&2; rig_fail "baseline record on $ro: exit $rc, expected 2"; }
[ ! -e "$RIG_DIR/b.json" ] || rig_fail "baseline record on $ro wrote a baseline"
expect_line "^iogate baseline record: datastore $ro is mounted read-only" "baseline record, read-only"

tiny="$RIG_DIR/tiny"
mkdir "$tiny"
mount -t tmpfs -o size=2m,mode=0755 iogate-rig-tiny "$tiny"
RIG_MOUNTS+=("$tiny")
echo "kept" > "$tiny/someone-elses.txt"
refused "$tiny"
expect_line "^iogate check: seq_write_8k: datastore $tiny: needs 563 MiB free \(512 MiB for the test files \+ 10%\), has [0-9.]+ (KiB|MiB)$" "tiny: the write check"
for check in seq_read_128k rand_read_8k rand_mixed_8k_70_read; do
  expect_line "^iogate check: $check: datastore $tiny: needs 1.1 GiB free \(1 GiB for the test files \+ 10%\), has " "tiny: $check"
done

refused /proc
expect_line "^iogate check: datastore /proc is on proc, a pseudo filesystem of the kernel that holds no test files" "/proc"
echo "preflight: read-only, tiny and /proc refused before any I/O, nothing written"
