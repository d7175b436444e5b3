# The rig itself: a loop-device datastore on ext4 and on xfs takes an iogate run, and the blkio
# throttle really slows the process it is applied to (a rate cap only ever binds from above, so
# "no faster than the cap" holds however busy the machine is).
iogate=$1
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle

for fs in ext4 xfs; do
  rig_make_datastore "$fs" 512M
  out="$RIG_DIR/$fs.json"
  rig_run "$iogate" run --datastore "$RIG_DATASTORE" --bs 64k --size 16MiB \
    --file-size 32MiB --json "$out" > /dev/null
  rig_throttle write_bps $((4 * 1024 * 1024))
  rig_run "$iogate" run --datastore "$RIG_DATASTORE" --bs 64k --size 8MiB \
    --file-size 32MiB --json "$RIG_DIR/$fs-slow.json" > /dev/null
  rig_unthrottle
  mbps=$(rig_figure "$RIG_DIR/$fs-slow.json" mbps)
  rig_at_most "$mbps" 4.4 ||
    rig_fail "$fs: throttled to 4 MiB/s but wrote at $mbps MiB/s: the throttle did not apply"
  rig_assert_clean "$RIG_DATASTORE"
  echo "$fs: throttled write $mbps MiB/s (cap 4)"
done
echo "loop_datastore: ok"
