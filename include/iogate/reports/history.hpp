// A history: the runs of one datastore over time, read from their result directories (each what
// a ctest run or `iogate check --json-dir` wrote), and per check the figures its expectations
// bound (IOPS and MB/s when it has none): each run's figure, the bound that run was held to, the
// band of the baseline it was compared with, and the run where the figure changed.
// `iogate report --history DIR...` writes it as one HTML page (write_history_html).
//
// When a figure changed (find_change), a rule simple enough to check by eye: a run k is marked
// when at least two runs before it have the figure, and the figure of run k and of every run
// after it lies beyond the range of all the runs before k, on the same side, by more than that
// range's width or 5% of those runs' median, whichever is larger. The earlier runs' own spread is
// the noise a step must clear, and the step must last to the newest run: a single disturbed run
// that the next one undoes is not a change, while a drop in the newest run is (nothing after it
// undoes it yet). Only the earliest such run is marked per figure; three runs are the fewest that
// can show one.
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

#include "iogate/reports/figures.hpp"
#include "iogate/reports/report_writer.hpp"

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
  std::optional<std::size_t> changed_at;  // the run find_change marks
};

struct History {
  std::vector<HistoryRun> runs;  // oldest first (by their start)
  std::vector<HistorySeries> series;
  std::vector<std::string> notes;  // checks left out, and why
};

// The earliest run where the figure changed, by the rule at the top of this file; NaNs are runs
// without the figure.
std::optional<std::size_t> find_change(const std::vector<double>& values);

// `runs`: (where it was read from, what it holds), in any order.
History build_history(std::vector<std::pair<std::string, RunReport>> runs);

// Reads every directory (read_report_dir) and builds their history.
History read_history(const std::vector<std::filesystem::path>& dirs);

// "rand_read_8k iops: 1000 -> 750 (-25.0%) at run 4 (2026-11-30T18:00:00Z), beyond the earlier
// runs' 990-1010": what changed, where and by how much (medians of the runs before and from it).
std::string change_line(const History& history, const HistorySeries& series);

// The page: a header (datastore, host, runs), the changes and the rule, the runs, and per check a
// chart of each figure over the runs with its bound, the baseline band and the change marked,
// above a table of the same figures (the page reads without JavaScript). `chart_js` as for the
// run report (load_chart_js); empty: the tables stay, the charts are said to be unavailable.
void write_history_html(std::ostream& out, const History& history, const std::string& chart_js);

}  // namespace iogate
