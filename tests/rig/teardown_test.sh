# The rig leaves nothing behind on any exit path: a rig script that built a throttled loop
# datastore is ended normally, by SIGTERM, by SIGINT and by SIGKILL; afterwards its loop device is
# detached and its mounts are gone (the namespace died with it), and its cgroup is removed (at once,
# or after SIGKILL by the next rig script's stale-group sweep, which also ends the commands the
# killed script left running in it).
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_need_throttle

child="$RIG_DIR/child.sh"
cat > "$child" <<'CHILD'
source "$IOGATE_RIG_LIB"
rig_enter "$@"
rig_make_datastore ext4 64M
rig_throttle write_bps 1048576
rig_run sleep 600 &
sleeper=$!
until grep -q . "$RIG_CGROUP/cgroup.procs"; do sleep 0.01; done  # (cgroup files have size 0)
echo "$RIG_LOOP $RIG_CGROUP $RIG_IMAGE" > "$1"
[ "$2" = exit ] && exit 0
wait "$sleeper"  # a foreground command would hold the trap back until it ends
CHILD

for how in exit TERM INT KILL; do
  info="$RIG_DIR/info.$how"
  set -m
  IOGATE_RIG_IN_NS='' bash "$child" "$info" "$how" > /dev/null 2>&1 &
  pid=$!
  set +m
  for _ in $(seq 1 200); do [ -s "$info" ] && break; sleep 0.05; done
  [ -s "$info" ] || rig_fail "$how: the child rig never came up"
  read -r loop cgroup image < "$info"
  [ "$how" = exit ] || kill -s "$how" "$pid"
  set +e; wait "$pid"; set -e
  [ "$how" = KILL ] && rig_remove_stale_cgroups
  # Matched by image, not by device: a rig test running beside this one may attach the freed
  # device number to its own image at once.
  for _ in $(seq 1 100); do losetup -a | grep -qF "($image)" || break; sleep 0.05; done
  losetup -a | grep -qF "($image)" && rig_fail "$how: $loop still attached to $image"
  [ -d "$cgroup" ] && rig_fail "$how: cgroup $cgroup left behind"
  grep -q "$image" /proc/self/mountinfo && rig_fail "$how: image still mounted"
  echo "$how: $loop detached, $cgroup removed"
done
echo "teardown: ok"
