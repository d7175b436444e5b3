# The static build as the ESXi shell runs it, as far as Linux can pretend (esxi_sandbox.cpp): an
# empty root (no /proc, /sys, /dev, /etc, no shell), a seccomp filter answering ENOSYS for the
# calls ESXi lacks or is suspected to lack, O_DIRECT refused, and a VMFS-like path
# (/vmfs/volumes/<uuid>, with a name linking to it) over an ext4 loop device. esxcli is a static
# stand-in that prints outputs recorded from an ESXi 5.5 host (tests/data/esxcli).
#
#   1. the binary is static: ldd says it is not dynamic, and it has no program interpreter;
#   2. under every denial at once, the scaled dd check (tests/esxi/dd-8k-esxi.toml) passes, JUnit
#      and JSON are written, each fallback is named on its check's line, the fingerprint is what
#      esxcli reported, and the datastore holds nothing of the run's afterwards;
#   3. each fallback alone: with one call denied (fallocate, flock, statx) or O_DIRECT refused,
#      the run passes and names that fallback and no other;
#   4. seed 000's driver change: a baseline recorded under the slow driver's VIB (scsi-hpvsa
#      5.5.0.100-1OEM) and a check under the good one (5.5.0-88OEM) name the VIB version change
#      on the check's line;
#   5. O_DIRECT refused and posix_fadvise answering 0 without acting (fadvise64 made a no-op by
#      seccomp), as fio's ESX build takes ESXi to be (tests/esxi/cache-drop-esxi.toml): writes of
#      whole pages over a cached file pass and say the drop was not shown; reads are refused with
#      how to accept a buffered figure; reads asked for through the page cache pass.
#
# Usage (root): sandbox_test.sh IOGATE ESXI_SANDBOX FAKE_ESXCLI SOURCE_DIR
set -euo pipefail
iogate=$(realpath "$1")
sandbox=$(realpath "$2")
fake_esxcli=$(realpath "$3")
source_dir=$(realpath "$4")
# shellcheck source=tests/rig/rig_lib.sh
source "${IOGATE_RIG_LIB:-$source_dir/tests/rig/rig_lib.sh}"
rig_enter "$@"

# 1. Static.
ldd_says=$(ldd "$iogate" 2>&1 || true)
case $ldd_says in
  *"not a dynamic executable"*) ;;
  *) rig_fail "ldd $iogate: $ldd_says" ;;
esac
! readelf -l "$iogate" | grep -q INTERP || rig_fail "$iogate has a program interpreter"
echo "ldd: $ldd_says"

recorded="$source_dir/tests/data/esxcli"
slow_driver="$recorded/hpvsa-100-1OEM"
good_driver="$recorded/hpvsa-88OEM"
[ -d "$slow_driver" ] && [ -d "$good_driver" ] || rig_fail "recorded esxcli outputs missing in $recorded"
# The volume the datastore plays: datastore1's mount point as the recorded esxcli lists it.
volume=$(awk '$2 == "datastore1" { print $1 }' "$slow_driver/storage-filesystem-list.txt")
case $volume in /vmfs/volumes/*) ;; *) rig_fail "no datastore1 in the recorded filesystem list" ;; esac

rig_make_datastore ext4 128M
root="$RIG_DIR/root"
mkdir -p "$root$volume" "$root/opt/iogate/bin" "$root/bin" "$root/out" "$root/esxcli"
chmod 0755 "$root" "$root/vmfs" "$root/vmfs/volumes" "$root$volume"
ln -s "$(basename "$volume")" "$root/vmfs/volumes/datastore1"
mount --bind "$RIG_MNT" "$root$volume"
RIG_MOUNTS+=("$root$volume")
cp "$iogate" "$root/opt/iogate/bin/iogate"
cp "$fake_esxcli" "$root/bin/esxcli"
cp "$source_dir/tests/esxi/dd-8k-esxi.toml" "$source_dir/tests/esxi/cache-drop-esxi.toml" "$root/"
store=/vmfs/volumes/datastore1/datastore  # the datastore in the sandbox's view
host_store="$root$volume/datastore"

# in_sandbox OUTPUTS LOG SANDBOX-ARGS... -- IOGATE-ARGS...: iogate in the sandbox with esxcli
# answering from OUTPUTS (a recorded set); its console to LOG; returns its status.
in_sandbox() {
  local outputs=$1 log=$2 status=0
  shift 2
  rm -rf "${root:?}/esxcli" && cp -r "$outputs" "$root/esxcli"
  env -i PATH=/bin IOGATE_FAKE_ESXCLI_DIR=/esxcli "$sandbox" --root "$root" "$@" > "$log" 2>&1 ||
    status=$?
  return $status
}

assert_clean() {  # the datastore holds nothing of the run: no scratch area, no lock file
  local left
  left=$(find "$host_store" -mindepth 1 -maxdepth 1 | head -5)
  [ -z "$left" ] || rig_fail "left in the datastore after $1: $left"
}

# 2. Everything denied at once.
log="$RIG_DIR/all.log"
in_sandbox "$slow_driver" "$log" --deny esxi --no-direct -- /opt/iogate/bin/iogate check \
  /dd-8k-esxi.toml --datastore "$store" --junit /out/junit.xml --json /out/results.json ||
  rig_fail "the sandboxed check failed: $(cat "$log")"
cat "$log"
for said in "fallback: O_DIRECT: Invalid argument; buffered I/O" \
  "fallback: flock: Function not implemented; a lock file" \
  "fallback: fallocate: Function not implemented; the test file was written through instead"; do
  grep -qF "$said" "$log" || rig_fail "not on the check's line: $said"
done
/usr/bin/python3 - "$root/out/junit.xml" "$root/out/results.json" <<'PY' || rig_fail "reports"
import json, sys, xml.etree.ElementTree as ET
suites = ET.parse(sys.argv[1]).getroot()
cases = suites.findall(".//testcase")
assert len(cases) == 2, f"{len(cases)} test cases in JUnit"
assert not suites.findall(".//failure") and not suites.findall(".//error"), "a JUnit failure"
assert any("fallback=O_DIRECT" in (c.findtext("system-out") or "") for c in cases)
doc = json.load(open(sys.argv[2]))
stack = doc["storage_stack"] if "storage_stack" in doc else doc["context"]["storage_stack"]
print("fingerprint:", stack)
assert stack.get("host_driver") == "hpvsa", stack
assert stack.get("host_driver_version", "").startswith("5.5.0.100-1OEM"), stack
for check in doc["checks"]:
    assert check["status"] == "pass", check["check"]
    assert check.get("fallbacks"), f'{check["check"]}: no fallbacks recorded'
PY
assert_clean "the sandboxed run"
echo "PASS everything denied: 2 checks passed, fallbacks named, reports written, nothing left"

# 3. Each fallback alone.
for denial in fallocate flock statx direct; do
  log="$RIG_DIR/$denial.log"
  case $denial in
    direct) args=(--no-direct) expect="fallback: O_DIRECT: Invalid argument" ;;
    *) args=(--deny "$denial") expect="fallback: $denial: Function not implemented" ;;
  esac
  in_sandbox "$slow_driver" "$log" "${args[@]}" -- /opt/iogate/bin/iogate check \
    /dd-8k-esxi.toml --datastore "$store" || rig_fail "with $denial missing: $(cat "$log")"
  grep -qF "$expect" "$log" || rig_fail "with $denial missing, not said: $expect; got: $(cat "$log")"
  if [ "$denial" = direct ]; then  # the drop before the buffered reads, seen with mincore
    grep -qE "fallback: O_DIRECT: .*dropped first \(mincore: none of its [0-9]+ pages cached\)" \
      "$log" || rig_fail "the cached pages' drop is not shown: $(cat "$log")"
  fi
  others=$(grep -F "fallback: " "$log" | grep -vF "$expect" || true)
  [ -z "$others" ] || rig_fail "with $denial missing, other fallbacks said: $others"
  assert_clean "$denial"
  echo "PASS $denial alone: $(grep -F "$expect" "$log" | head -1 | sed 's/^ *//')"
done

# 4. Seed 000's VIB change, on the check's line.
in_sandbox "$slow_driver" "$RIG_DIR/record.log" --deny esxi -- /opt/iogate/bin/iogate baseline \
  record /dd-8k-esxi.toml --datastore "$store" --repeat 3 --repeat-max 3 --out /out/baseline.json ||
  rig_fail "baseline record: $(cat "$RIG_DIR/record.log")"
log="$RIG_DIR/changed.log"
in_sandbox "$good_driver" "$log" --deny esxi -- /opt/iogate/bin/iogate check /dd-8k-esxi.toml \
  --datastore "$store" --baseline /out/baseline.json || true
cat "$log"
grep -qE "host_driver_version 5\.5\.0\.100-1OEM[^ ]* → 5\.5\.0-88OEM" "$log" ||
  rig_fail "the driver VIB's change is not named"
assert_clean "the baseline runs"
echo "PASS seed 000's driver change named: $(grep -oE "host_driver_version [^;]*" "$log" | head -1)"

# 5. posix_fadvise accepted and ignored, O_DIRECT refused.
log="$RIG_DIR/fadvise.log"
status=0
in_sandbox "$slow_driver" "$log" --no-direct --noop fadvise64 -- /opt/iogate/bin/iogate check \
  /cache-drop-esxi.toml --datastore "$store" --json /out/cache-drop.json || status=$?
cat "$log"
[ "$status" = 1 ] || rig_fail "with posix_fadvise ignored, iogate check exited $status, expected 1"
/usr/bin/python3 - "$root/out/cache-drop.json" <<'PY' || rig_fail "the checks' records"
import json, re, sys
checks = {c["check"]: c for c in json.load(open(sys.argv[1]))["checks"]}
def said(name):
    return " ".join(checks[name].get("fallbacks", []) + checks[name].get("messages", []))
write = checks["write_whole_pages"]
assert write["status"] == "pass", write
assert re.search(r"O_DIRECT: Invalid argument; buffered I/O, the writes flushed \(fdatasync\) "
                 r"inside the clock; the file's cached pages not shown dropped \(mincore: "
                 r"(\d+) of its \1 pages still cached after posix_fadvise\(DONTNEED\)\), "
                 r"which writes of whole pages do not read", said("write_whole_pages")), write
refused = checks["read_refused"]
assert refused["status"] == "error", refused
assert "cannot be shown to reach the device (mincore: " in said("read_refused"), refused
assert "Set direct = false to accept a figure through the page cache" in said("read_refused")
asked = checks["read_buffered_asked"]
assert asked["status"] == "pass", asked
assert not asked.get("fallbacks"), asked
print("write:", checks["write_whole_pages"]["fallbacks"][0])
print("read refused:", said("read_refused"))
PY
assert_clean "the runs with posix_fadvise ignored"
echo "PASS posix_fadvise ignored: whole-page writes said, reads refused, buffered reads as asked"
