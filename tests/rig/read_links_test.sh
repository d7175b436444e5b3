# Reads by name against a local user (nobody) who plants links in a shared sticky directory (1777,
# root's, like /tmp) to root's private files. Root's iogate must follow a link there only when
# root, the caller or the directory's owner made it, whatever fs.protected_symlinks says (turned
# off here, restored after), for every file it reads by name: threshold files and the fio job and
# include they name, --baseline, compare's, report's, fleet's (and --results-from) and propose's
# inputs, IOGATE_CHART_JS, the fio, IOMeter and DiskSpd imports and baseline imports. Each case:
# exit 2, a message naming the path and the link's owner, nothing of root's file in the output,
# no output file written. A link root made there, or one in root's own directory, is followed.
iogate=$1 data=$2
source "$IOGATE_RIG_LIB"

rig_hostile_stage reads

# Root's private files, each a valid input of its kind carrying a word that must never be shown.
secret=s3cr3tword
private=$work/private shared=$work/shared out=$work/out
mkdir "$private" "$shared" "$out"
chmod 700 "$private"
chmod 1777 "$shared"
sed "s/rack2-rig-01/$secret/g" "$data/reports/results.json" > "$private/results.json"
sed "s/rack2-rig-01/$secret-2/g" "$data/reports/results.json" > "$work/host2.json"
sed "s/\"h\"/\"$secret\"/" "$data/baselines/v1-eleven-key-workload.json" > "$private/baseline.json"
printf '%s\n' '[suite]' "name = \"$secret\"" '[[check]]' "name = \"$secret\"" '[check.workload]' \
  'block_size = "64k"' 'size = "1MiB"' '[check.expect]' 'mbps_min = 0.001' > "$private/gate.toml"
printf '%s\n' "[$secret]" 'rw=randread' 'bs=4k' 'size=1m' > "$private/job.fio"
sed "s/ALL/$secret/" "$data/iometer/icf/delay.icf" > "$private/config.icf"
sed "s/ClusterStorage/$secret/" "$data/diskspd/oltp-8k-70r.xml" > "$private/profile.xml"
sed "s/WD/$secret/g" "$data/iometer/results/wd_black_lsi_logic.csv" > "$private/results.csv"
sed "s/<ComputerName>[^<]*</<ComputerName>$secret</" "$data/diskspd/results/oltp-8k-70r-run.xml" \
  > "$private/results.xml"
echo "/* $secret */" > "$private/chart.js"
echo "$private/results.json" > "$private/list"
ds=$work/ds
mkdir "$ds"
"$iogate" check "$private/gate.toml" --datastore "$ds" --json-dir "$private/dir" \
  > "$work/setup.log" 2>&1 || { cat "$work/setup.log" >&2; rig_fail "the setup's check failed"; }
chmod -R go-rwx "$private"

# nobody's links, each at a name in the shared directory, to root's file of its kind.
for name in results.json baseline.json gate.toml job.fio config.icf profile.xml results.csv \
  results.xml chart.js dir list; do
  as_nobody ln -s "$private/$name" "$shared/$name"
done

# Root's own files that name nobody's links: a threshold file's fio_job, a job file's include.
printf '%s\n' '[suite]' 'name = "roots"' '[[check]]' 'name = "one"' \
  "fio_job = \"$shared/job.fio\"" '[check.expect]' 'iops_min = 1' > "$work/names-job.toml"
printf '%s\n' '[global]' "include $shared/job.fio" '[one]' 'rw=read' 'bs=4k' 'size=1m' \
  > "$work/includes.fio"
gate=$work/gate.toml
printf '%s\n' '[suite]' 'name = "roots"' '[[check]]' 'name = "rand_read_4k"' '[check.workload]' \
  'block_size = "4k"' 'size = "1MiB"' '[check.expect]' 'iops_min = "50% of baseline"' > "$gate"

owner="owned by uid 65534 \(nobody\) in a directory others can write"
refused() {  # what link command...
  local what=$1 link=$2 rc=0
  shift 2
  "$@" > "$work/refused.log" 2>&1 || rc=$?
  [ "$rc" -eq 2 ] || { cat "$work/refused.log" >&2; rig_fail "$what: exit $rc, expected 2"; }
  grep -Fq -- "$link" "$work/refused.log" && grep -Eq -- "$owner" "$work/refused.log" ||
    { cat "$work/refused.log" >&2; rig_fail "$what: the refusal names neither $link nor nobody's link"; }
  ! grep -q -- "$secret" "$work/refused.log" ||
    { cat "$work/refused.log" >&2; rig_fail "$what: root's file was shown"; }
  [ -z "$(ls -A "$out")" ] || { ls -la "$out" >&2; rig_fail "$what: wrote $(ls -A "$out")"; }
  [ -z "$(ls -A "$ds")" ] || { ls -la "$ds" >&2; rig_fail "$what: laid out in the datastore"; }
}

refused "lint" "$shared/gate.toml" "$iogate" lint "$shared/gate.toml"
refused "check" "$shared/gate.toml" "$iogate" check "$shared/gate.toml" --datastore "$ds" \
  --json "$out/r.json"
refused "a threshold file's fio_job" "$shared/job.fio" "$iogate" lint "$work/names-job.toml"
refused "a job file's include" "$shared/job.fio" \
  "$iogate" import fio "$work/includes.fio" --expect iops_min=1
refused "lint --baseline" "$shared/baseline.json" \
  "$iogate" lint "$gate" --baseline "$shared/baseline.json"
refused "check --baseline" "$shared/baseline.json" \
  "$iogate" check "$gate" --datastore "$ds" --baseline "$shared/baseline.json" --json "$out/r.json"
refused "compare" "$shared/baseline.json" \
  "$iogate" compare "$shared/baseline.json" "$private/baseline.json"
refused "compare's results" "$shared/results.json" \
  "$iogate" compare "$private/baseline.json" "$shared/results.json"
refused "compare's result directory" "$shared/dir" \
  "$iogate" compare "$private/baseline.json" "$shared/dir"
refused "report" "$shared/results.json" \
  "$iogate" report "$shared/results.json" --markdown "$out/r.md"
refused "report --from-dir" "$shared/dir" \
  "$iogate" report --from-dir "$shared/dir" --markdown "$out/r.md"
refused "fleet" "$shared/results.json" "$iogate" fleet "$shared/results.json" "$work/host2.json"
refused "fleet, a directory" "$shared/dir" "$iogate" fleet "$shared/dir" "$work/host2.json"
refused "fleet --results-from" "$shared/list" \
  "$iogate" fleet "$work/host2.json" --results-from "$shared/list"
refused "propose" "$shared/results.json" "$iogate" propose "$shared/results.json" -o "$out/p.toml"
refused "IOGATE_CHART_JS" "$shared/chart.js" \
  env IOGATE_CHART_JS="$shared/chart.js" "$iogate" report "$private/results.json" --html "$out/r.html"
refused "import fio" "$shared/job.fio" "$iogate" import fio "$shared/job.fio" --expect iops_min=1
refused "import iometer" "$shared/config.icf" "$iogate" import iometer "$shared/config.icf" --expect iops_min=1
refused "import diskspd" "$shared/profile.xml" "$iogate" import diskspd "$shared/profile.xml" --expect iops_min=1
refused "baseline import iometer" "$shared/results.csv" \
  "$iogate" baseline import iometer "$shared/results.csv" -o "$out/b.json"
refused "baseline import diskspd" "$shared/results.xml" \
  "$iogate" baseline import diskspd "$shared/results.xml" -o "$out/b.json"

# Followed as before: a link root made in the shared directory, and nobody's link in a directory
# only nobody can write (the link's directory's owner made it).
ln -s "$private/results.json" "$shared/roots.json"
"$iogate" report "$shared/roots.json" > "$work/roots.log" 2>&1 &&
  grep -q "rand_read_8k" "$work/roots.log" ||
  { cat "$work/roots.log" >&2; rig_fail "root's own link was not read"; }
as_nobody mkdir "$shared/nobodys"
as_nobody cp "$work/host2.json" "$shared/nobodys/host2.json"
as_nobody ln -s host2.json "$shared/nobodys/same.json"
"$iogate" propose "$shared/nobodys/same.json" > "$work/own.log" 2>&1 ||
  { cat "$work/own.log" >&2; rig_fail "a link in its owner's own directory was refused"; }
echo "PASS"
