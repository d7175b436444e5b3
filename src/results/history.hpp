// A history: the runs of one datastore over time, read from their result directories (each what
// a ctest run or `iogate check --json-dir` wrote), and per check the figures its expectations
// bound (IOPS and MB/s when it has none): each run's figure, the bound that run was held to, the
// band of the baseline it was compared with, and the run where the figure changed.
// `iogate report --history DIR...` writes it as one HTML page (write_history_html).
//
// When a figure changed: a run k is marked when at least two runs before it have the figure, and
// run k and every run after it lie beyond the runs before k, on the same side, by at least 5% of
// their median, and the step lasts to the newest run: a single disturbed run that the next one
// undoes is not a change, while a drop in the newest run is (nothing after it undoes it yet).
// "Beyond" is decided by what the runs measured, as the fleet decides (shortfall.hpp):
//   - find_change_in_runs, where the checks give their runs (repeats or one-second intervals,
//     figure_runs): a run is beyond when its interval (its mean log -+ Student's t at 95% two-
//     sided x its spread / sqrt(n); a run of one value takes the others' pooled spread) and the
//     earlier runs' interval (their mean log, its error from their pooled spread and from how far
//     their means scatter) do not overlap. A step inside the noise of short runs is no change;
//   - find_change, where no run gives a spread: a run is beyond the range of all the runs before
//     k by more than that range's width (the earlier runs' scatter is the noise a step must clear).
// Only the earliest such run is marked per figure; three runs are the fewest that can show one.
// A run whose check ran another workload (the workload without its seed) starts the figure anew:
// the change of workload is said as such (HistorySeries::workload_change) and only the runs from
// it on are looked at, never a figure's "change" that is the workload's.
//
// Bad input is a HistoryError saying which directory and why: a directory missing or holding no
// check results, two directories of different datastores (or hosts), the same directory twice,
// fewer than two runs, or no check with figures in two of the runs (nothing in common).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "iogate/results/check_record.hpp"
#include "iogate/results/figures.hpp"

namespace iogate {

class HistoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct HistoryRun {
  std::string source;  // the directory it was read from, as given
  RunContext context;
  StatusCounts counts;
};

// One figure of one check across the runs; every vector has one entry per run, NaN (or "") where
// that run has none.
struct HistorySeries {
  std::string check;
  std::string figure;     // "iops", "mbps", "latency_p99_ms" ... (BoundFigures::figure)
  std::string bound_key;  // the expectation bounding it, e.g. "iops_min"; empty when none did
  std::vector<double> values;
  std::vector<double> bounds;         // in the figure's unit (relative: resolved on the baseline)
  std::vector<double> baseline_low;   // the band of the baseline's runs
  std::vector<double> baseline_high;  // (its median alone when the spread was not recorded)
  std::vector<std::string> statuses;  // "pass", "fail" ...; "" where the check is absent
  std::vector<std::vector<double>> runs;  // each run's runs of the figure (figure_runs)
  std::optional<std::size_t> changed_at;  // the run the change rule marks
  // The newest run whose workload differs from the run before it with the check, and what
  // changed ("queue_depth 8 -> 32"); none when every run ran one workload.
  std::optional<std::size_t> workload_changed_at;
  std::string workload_change;
};

struct History {
  std::vector<HistoryRun> runs;  // oldest first (by their start)
  std::vector<HistorySeries> series;
  std::vector<std::string> notes;  // checks left out, and why
};

// The earliest run where the figure changed, by the rules at the top of this file; NaNs (and
// runs without values) are runs without the figure. find_change_in_runs falls back on
// find_change(values) when no run has two values or more.
std::optional<std::size_t> find_change(const std::vector<double>& values);
std::optional<std::size_t> find_change_in_runs(const std::vector<double>& values,
                                               const std::vector<std::vector<double>>& runs);

// `runs`: (where it was read from, what it holds), in any order.
History build_history(std::vector<std::pair<std::string, RunRecord>> runs);

// Reads every directory (read_report_dir) and builds their history.
History read_history(const std::vector<std::filesystem::path>& dirs);

// "rand_read_8k: the workload changed at run 4 (2026-11-30T18:00:00Z): queue_depth 8 -> 32; its
// iops is compared from that run on"; empty when it did not.
std::string workload_change_line(const History& history, const HistorySeries& series);

// "rand_read_8k iops: 1000 -> 750 (-25.0%) at run 4 (2026-11-30T18:00:00Z), beyond the earlier
// runs' 990-1010": what changed, where and by how much (medians of the runs before and from it).
std::string change_line(const History& history, const HistorySeries& series);

// The page: a header (datastore, host, runs), the changes and the rule, the runs, and per check a
// chart of each figure over the runs with its bound, the baseline band and the change marked,
// above a table of the same figures (the page reads without JavaScript). `chart_js` as for the
// run report (load_chart_js); empty: the tables stay, the charts are said to be unavailable.
void write_history_html(std::ostream& out, const History& history, const std::string& chart_js);

}  // namespace iogate
