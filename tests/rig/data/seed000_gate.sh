# seed000_gate SHIPPED SIZE_MIB OUT: writes OUT, seed 000's shipped dd-8k-8g.toml scaled to
# SIZE_MIB: size 8GiB -> SIZE_MIB, duration_max 3m scaled in proportion (the same 45.5 MiB/s
# minimum rate), plus mbps_min = "90% of baseline" and repeat = 5 (a baseline to judge against,
# with enough runs on each side for the Mann-Whitney test to reach p < 0.01), and confirm_pause
# = "1s" (the throttle's cut lasts: the confirming sample still runs, without the default 30 s
# wait before it). Fails when a
# substitution did not happen (the shipped file changed). Sets SEED000_DURATION_MAX ("5.625s").
# Sourced by tests/rig/seed000_test.sh and bench/rig_detection.sh, after rig_lib.sh.
seed000_gate() {
  local shipped=$1 size_mib=$2 out=$3 want
  SEED000_DURATION_MAX=$(/usr/bin/python3 -c \
    "import sys; print(f'{180 * int(sys.argv[1]) / 8192:g}s')" "$size_mib")
  sed -e "s/^size = \"8GiB\"/size = \"${size_mib}MiB\"/" \
    -e "s/^duration_max = \"3m\"/duration_max = \"$SEED000_DURATION_MAX\"\nmbps_min = \"90% of baseline\"/" \
    -e 's/^\[check.workload\]/repeat = 5\n&/' -e 's/^\[suite\]$/&\nconfirm_pause = "1s"/' \
    "$shipped" > "$out"
  for want in "^size = \"${size_mib}MiB\"" "^duration_max = \"$SEED000_DURATION_MAX\"" \
    '^mbps_min = "90% of baseline"' '^repeat = 5' '^confirm_pause = "1s"'; do
    grep -q "$want" "$out" || rig_fail "$shipped changed: the scaled file has no line $want"
  done
}
