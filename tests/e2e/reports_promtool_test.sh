# The Prometheus textfile as Prometheus's own checker reads it: `promtool check metrics` (Debian's
# prometheus package installs promtool) on what `iogate report --prom` writes from the golden
# results, whose check names carry a quote, a backslash and a control byte, with every family:
# verdicts, figures, each direction's of a mixed run, bounds. Skipped, with the reason, where
# promtool is not installed; IOGATE_PROMTOOL names one elsewhere. The format's rules are also held
# by a strict parser in the unit tests (prom_writer_gtest.cpp), which run everywhere.
iogate=$1; results=$2
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
promtool=${IOGATE_PROMTOOL:-$(command -v promtool || true)}
if [ -z "$promtool" ]; then
  echo "skipped: promtool not found (Debian's prometheus package installs /usr/bin/promtool; or set IOGATE_PROMTOOL)"
  exit 77
fi
out="$E2E_DIR/prom"; mkdir -p "$out"
"$iogate" report "$results" --prom "$out/metrics.prom" > /dev/null || fail "iogate report --prom failed"
for family in iogate_check_status iogate_check_direction_iops iogate_check_bound; do
  grep -q "^# TYPE $family gauge\$" "$out/metrics.prom" || fail "no $family in metrics.prom"
done
"$promtool" check metrics < "$out/metrics.prom" > "$out/promtool.txt" 2>&1 ||
  { cat "$out/promtool.txt"; fail "promtool check metrics refused metrics.prom"; }
# promtool exits 0 on lint findings too, and prints them: a clean file prints nothing.
[ ! -s "$out/promtool.txt" ] || { cat "$out/promtool.txt"; fail "promtool found problems in metrics.prom"; }
echo "reports_promtool: ok ($("$promtool" --version 2>&1 | head -n 1))"
