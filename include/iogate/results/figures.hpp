// Figures several writers print the same way: the named key figures of a run (JUnit system-out
// and properties, CTest measurements, Markdown), the per-status counts of a run, and the text a
// failure carries. Derived from the records only; nothing here measures or judges.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iogate/results/check_record.hpp"

namespace iogate {

struct Figure {
  const char* key;  // iops, mbps, bytes, ios, lat_avg_ms ...: stable names, unit in the name
  double value;
};

// iops, mbps, bytes, ios, lat_avg_ms, lat_max_ms, lat_p50_ms, lat_p99_ms, lat_p99_9_ms, cpu_pct,
// cpu_system_pct, duration_s, in that order; then for each direction the run did I/O in (reads,
// then writes; RunResult::has_direction) read_iops, read_mbps and read_lat_avg_ms ...
// read_lat_p99_9_ms (write_ likewise; the latencies only when the result holds them). A
// direction the run did not do has no figures rather than zeros.
std::vector<Figure> key_figures(const RunResult& result);

// A run's figure by the name the verdict and the baseline give it (BoundFigures::figure): "iops",
// "mbps", "duration_s", "latency_avg_ms", "latency_max_ms", "latency_p99_ms", "latency_p99.9_ms"
// ..., and one direction's with read_ or write_ in front ("read_iops", "write_latency_p99_ms");
// none for a name it does not know, a latency of a run without a completed I/O, or a direction
// the run did no I/O in.
std::optional<double> figure_by_name(const RunResult& result, const std::string& figure);

// A check's runs of `figure` (named as figure_by_name names it): its repeats' figures when it was
// repeated (after a confirmation, the second sample's), else its full one-second intervals' (iops
// and mbps: intervals carry no latency), else its one result's. Only values above 0 count: they are
// compared on log scale, and a second that measured nothing says the check stalled, which its
// status tells better. What the fleet and the history judge a figure's spread by.
std::vector<double> figure_runs(const CheckRecord& record, const std::string& figure);

// <CTestMeasurement type="numeric/double" name="iops">1392.61</CTestMeasurement> lines, one per
// key figure: printed by a check so `ctest -T Test` and CDash keep them as named measurements.
std::string ctest_measurements(const RunResult& result);

// False for a check that never ran (skipped, or an error before any I/O): writers leave its
// figures out rather than print zeros that look like measurements.
bool has_figures(const CheckRecord& record);

// Which side of its figure a bound stands on, read from its key as the threshold format names it:
// "iops_min" a floor, "latency_p99_max" a ceiling; none for a key of neither kind.
enum class BoundSense { min, max };
std::optional<BoundSense> bound_sense(const std::string& key);
const char* sense_name(BoundSense sense);  // "min", "max"

// The bound an expectation holds its figure to, in the figure's unit (a relative bound resolved on
// the baseline), with the figure it bounds and its sense; none where it is not known here (a
// peers bound, left to iogate fleet; a result written before bounds were recorded).
struct KnownBound {
  std::string figure;  // as BoundFigures::figure names it: "iops", "duration_s", "read_mbps" ...
  double value = 0;
  BoundSense sense = BoundSense::min;
};
std::optional<KnownBound> known_bound(const ExpectationRecord& e);

// Why an expectation came out undecided, in the words of its record: where its interval stands
// (reaching both sides of the bound, or one end only, which one run gives) and what ended the runs
// (the check's repeat_max, its budget, or two samples of a confirmation that leaned apart).
// "the interval iops 0.86-1.04x baseline (bound 0.90x) reaches both sides of the bound: the runs
// so far neither clear it nor break it; the check stopped at its repeat_max, 2 runs".
std::string undecided_reason(const CheckRecord& record, const ExpectationRecord& e);

// "1392.61", "8589934592", "0.0004": shortest form that round-trips a figure for a human.
std::string format_figure(double value);

// The unit of a figure named as figure_by_name names it (sample_unit, verdicts/sample_units.hpp):
// "IOPS", "MB/s", "s", "ms"; empty for a name it does not know.
std::string figure_unit(const std::string& figure);

// "1392.61 IOPS", "120 s", "0.84 ms": a figure with its unit, as every page shows a number.
std::string figure_with_unit(double value, const std::string& figure);

struct StatusCounts {
  int pass = 0, fail = 0, unstable = 0, skipped = 0, error = 0;
  int total() const { return pass + fail + unstable + skipped + error; }
  void add(CheckStatus status) { ++of(status); }
  int& of(CheckStatus status);  // the count of that status
  int of(CheckStatus status) const { return const_cast<StatusCounts*>(this)->of(status); }
};
StatusCounts count_statuses(const std::vector<CheckRecord>& checks);
// "4 checks: 3 passed, 1 failed, 0 unstable, 0 skipped, 0 errors": a run's counts in one line.
std::string status_summary(const StatusCounts& counts);

// "PASS", "FAIL", ...: the verdict column's spelling.
std::string verdict_label(CheckStatus status);

// "iops_min: baseline 1392.61, current 1205.00, -13.5%": one line per baseline figure.
std::vector<std::string> baseline_lines(const CheckRecord& record);

// "iops_min holds: iops 2790.10-2890.55 (iops_min 300.00) after 3 of 10 runs": one line per
// expectation weighed.
std::vector<std::string> evidence_lines(const CheckRecord& record);

// "changed since the baseline: filesystem xfs → ext4", "... host db01 → db02": one line per
// difference from where the baseline was recorded, printed under the check whatever its verdict.
std::vector<std::string> baseline_change_lines(const CheckRecord& record);

// "transient: first sample at 2026-12-03T18:42:07.113Z: iops 0.44-0.52x baseline (bound 0.90x)
// after 5 runs: broken; after a 30 s pause: ...": the shortfall weighed again after a pause
// (check_record.hpp), printed under the check whatever its verdict; none without one.
std::vector<std::string> confirmation_lines(const CheckRecord& record);

// "iops_min 70% of peers: judged by iogate fleet": one line per bound relative to the peers,
// which a check's own verdict leaves to `iogate fleet` (it neither passed nor failed here).
std::vector<std::string> fleet_lines(const CheckRecord& record);

// "layout: written 1 GiB in 17.20 s (8 KiB writes); removed in 0.40 s", "layout: written 1 GiB,
// reused from Max_Throughput_100_Read": how the check's test file was made and, when known, how
// long its removal took; empty when it never was made.
std::string layout_line(const CheckRecord& record);
// "reads: 702.10 IOPS, 2.74 MB/s, latency avg 0.412 ms, p99 1.250 ms, max 4.100 ms; writes:
// 300.90 IOPS, ...": a mixed run's figures by direction, as IOMeter, DiskSpd and fio give them;
// empty for a run of one direction, whose figures are the run's.
std::string directions_line(const RunResult& result);
// "block sizes: 4 KiB 60.02% of I/Os (asked 60%), 64 KiB 39.98% (asked 40%)": the measured
// shares of a block-size mix beside the asked ones; empty for a workload of one size.
std::string block_mix_line(const WorkloadSpec& workload, const RunResult& result);

// "priority: rt:0 on 20.05% of I/Os (asked 20%), latency avg 0.210 ms, p99 0.900 ms; the rest at
// idle, latency avg 1.900 ms, p99 6.100 ms", or "priority: idle on every I/O": the classes a
// workload issued at, and with a cmd_priority share each side's latency; empty without classes.
std::string priority_line(const WorkloadSpec& workload, const RunResult& result);

// "steady state: iops:10% reached after 42.0 s (last 30s window: 6.1%)": how the phase before the
// measured window ended; empty for a workload without one.
std::string steady_state_line(const WorkloadSpec& workload, const RunResult& result);

// The messages joined with "; ", or the status name when there are none: a one-line verdict.
std::string one_line_verdict(const CheckRecord& record);

}  // namespace iogate
