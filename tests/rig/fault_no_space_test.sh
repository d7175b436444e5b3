# Not enough space before a check: a 1 GiB test file on a 64 MiB ext4 datastore. iogate must
# refuse before writing anything (the filesystem's used blocks and inodes and the datastore's
# listing are the same before and after), name the check and both figures (what it needs, what
# there is), and exit 2 as for any bad input, writing no report: the preflight
# (runner/preflight.hpp) knows it before the first I/O. (Space that runs out during a run
# is a check's error: rig.fault_enospc.)
iogate=$1
source "$IOGATE_RIG_LIB"
rig_enter "$@"
source "$(dirname "$0")/fault_lib.sh"

rig_make_datastore ext4 64M
sync
before_usage=$(fault_usage "$RIG_MNT")
before_list=$(fault_listing "$RIG_MNT")

out="$RIG_DIR/out"
fault_check "$out" 30 "$FAULT_DATA/fault_big.toml" "$RIG_DATASTORE"
fault_expect_rc "$out" 2
sync
after_usage=$(fault_usage "$RIG_MNT")
after_list=$(fault_listing "$RIG_MNT")
[ "$before_list" = "$after_list" ] ||
  rig_fail "the datastore changed: before:"$'\n'"$before_list"$'\n'"after:"$'\n'"$after_list"
[ "$before_usage" = "$after_usage" ] ||
  rig_fail "used blocks/inodes changed from $before_usage to $after_usage: something was written"

# "iogate check: big_write: datastore D: needs 1.1 GiB free (1 GiB for the test files + 10%),
# has 52.3 MiB"
figures='needs 1\.1 GiB free \(1(\.0)? GiB for the test files \+ 10%\), has [0-9.]+ MiB'
grep -Eq "^iogate check: big_write: datastore $RIG_DATASTORE: $figures$" "$out/check.log" ||
  { cat "$out/check.log"; rig_fail "the refusal does not name the check and both figures"; }
for report in junit.xml results.json json; do
  [ ! -e "$out/$report" ] || rig_fail "a refused run wrote $out/$report"
done
rig_assert_clean "$RIG_DATASTORE"
echo "fault_no_space: refused, nothing written ($after_usage used blocks/inodes unchanged)"
