#include "history.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "datastore/datastore_path.hpp"
#include "iogate/verdicts/statistics.hpp"
#include "result_reader.hpp"
#include "run_json.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

// The smallest step that counts as a change when the earlier runs agree closely (a share of their
// median): below it, a step is within what a shared machine moves a storage figure anyway.
constexpr double kMinStep = 0.05;

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Where the datastore is: its path on its host (the same path on two hosts is two datastores).
std::string where(const RunContext& c) {
  return fmt::format("datastore {} on host {}", c.datastore.empty() ? "(none)" : c.datastore,
                     c.identity().empty() ? "(unknown)" : c.identity());
}

// The figures a check's history shows: those its expectations bound, in the order of their first
// appearance across the runs; IOPS and MB/s for a check without a bound on a known figure.
std::vector<std::string> figures_of(const std::string& check, const std::vector<HistoryRun>& runs,
                                    const std::vector<RunRecord>& reports) {
  std::vector<std::string> figures;
  for (std::size_t r = 0; r < runs.size(); ++r)
    for (const CheckRecord& c : reports[r].checks)
      if (c.check == check)
        for (const ExpectationRecord& e : c.expectations)
          if (!e.figures.figure.empty() &&
              std::find(figures.begin(), figures.end(), e.figures.figure) == figures.end())
            figures.push_back(e.figures.figure);
  if (figures.empty()) figures = {"iops", "mbps"};
  return figures;
}

nlohmann::json workload_of(const CheckRecord& c) { return compared_workload(c.workload); }

// "queue_depth 8 -> 32, block_size 4096 -> 8192".
std::string workload_change_text(const nlohmann::json& from, const nlohmann::json& to) {
  std::string out;
  const auto shown = [](const nlohmann::json& v) { return v.is_null() ? "(none)" : v.dump(); };
  for (const WorkloadChange& c : workload_changes(from, to))
    out += fmt::format("{}{} {} -> {}", out.empty() ? "" : ", ", c.key, shown(c.was), shown(c.now));
  return out;
}

const CheckRecord* find_check(const RunRecord& report, const std::string& check) {
  for (const CheckRecord& c : report.checks)
    if (c.check == check) return &c;
  return nullptr;
}

HistorySeries series_of(const std::string& check, const std::string& figure,
                        const std::vector<RunRecord>& reports) {
  const std::size_t n = reports.size();
  HistorySeries s{check,
                  figure,
                  "",
                  std::vector<double>(n, NAN),
                  std::vector<double>(n, NAN),
                  std::vector<double>(n, NAN),
                  std::vector<double>(n, NAN),
                  std::vector<std::string>(n),
                  std::vector<std::vector<double>>(n),
                  std::nullopt,
                  std::nullopt,
                  ""};
  std::optional<nlohmann::json> last_workload;
  for (std::size_t r = 0; r < n; ++r) {
    const CheckRecord* c = find_check(reports[r], check);
    if (c == nullptr) continue;
    s.statuses[r] = status_name(c->status);
    const nlohmann::json workload = workload_of(*c);
    if (last_workload && workload != *last_workload) {
      s.workload_changed_at = r;
      s.workload_change = workload_change_text(*last_workload, workload);
    }
    last_workload = workload;
    if (c->result.ios() > 0) {
      if (const auto v = figure_by_name(c->result, figure)) s.values[r] = *v;
      s.runs[r] = figure_runs(*c, figure);
    }
    for (const ExpectationRecord& e : c->expectations) {
      if (e.figures.figure != figure) continue;
      if (s.bound_key.empty()) s.bound_key = e.key;
      s.bounds[r] = e.figures.bound;
      for (const BaselineFigure& b : c->baseline) {
        if (b.key != e.key) continue;
        const bool spread = std::isfinite(b.baseline_low) && std::isfinite(b.baseline_high);
        s.baseline_low[r] = spread ? b.baseline_low : b.baseline;
        s.baseline_high[r] = spread ? b.baseline_high : b.baseline;
      }
      break;
    }
  }
  // Only the runs of the newest workload are compared with one another.
  std::vector<double> values = s.values;
  std::vector<std::vector<double>> runs = s.runs;
  for (std::size_t r = 0; r < s.workload_changed_at.value_or(0); ++r) {
    values[r] = NAN;
    runs[r].clear();
  }
  s.changed_at = find_change_in_runs(values, runs);
  return s;
}

std::size_t present(const std::vector<double>& values) {
  return static_cast<std::size_t>(
      std::count_if(values.begin(), values.end(), [](double v) { return std::isfinite(v); }));
}

}  // namespace

std::optional<std::size_t> find_change(const std::vector<double>& values) {
  std::vector<std::size_t> at;  // the runs that have the figure
  for (std::size_t i = 0; i < values.size(); ++i)
    if (std::isfinite(values[i])) at.push_back(i);
  for (std::size_t k = 2; k < at.size(); ++k) {
    std::vector<double> before;
    for (std::size_t j = 0; j < k; ++j) before.push_back(values[at[j]]);
    const auto [lo, hi] = std::minmax_element(before.begin(), before.end());
    const double margin = std::max(*hi - *lo, kMinStep * std::fabs(median_of(before)));
    bool above = true, below = true;
    for (std::size_t j = k; j < at.size(); ++j) {
      above = above && values[at[j]] > *hi + margin;
      below = below && values[at[j]] < *lo - margin;
    }
    if (above || below) return at[k];
  }
  return std::nullopt;
}

std::optional<std::size_t> find_change_in_runs(const std::vector<double>& values,
                                               const std::vector<std::vector<double>>& runs) {
  const auto [spread, df] = pooled_log_spread(runs);  // the runs' noise, pooled
  if (df <= 0) return find_change(values);
  std::vector<std::size_t> at;  // the runs that have the figure
  for (std::size_t i = 0; i < values.size(); ++i)
    if (std::isfinite(values[i]) && values[i] > 0) at.push_back(i);
  // A run's values: its runs, else its one figure.
  const auto of = [&](std::size_t i) {
    return runs.at(i).empty() ? std::vector<double>{values[i]} : runs[i];
  };
  const double t = student_t_quantile(0.975, df);
  const double min_step = std::log(1 + kMinStep);
  for (std::size_t k = 2; k < at.size(); ++k) {
    std::vector<double> means;
    double count = 0;
    for (std::size_t j = 0; j < k; ++j) {
      means.push_back(log_mean(of(at[j])));
      count += static_cast<double>(of(at[j]).size());
    }
    const double ref = mean(means);
    const double se_ref =
        std::max(spread / std::sqrt(count), sample_stddev(means) / std::sqrt(double(k)));
    bool above = true, below = true;
    for (std::size_t j = k; j < at.size(); ++j) {
      const std::vector<double> v = of(at[j]);
      const double m = log_mean(v);
      const double own = pooled_log_spread({v}).spread;
      const double se = std::max(own * own, spread * spread) / static_cast<double>(v.size());
      const double half = t * std::sqrt(se), ref_half = t * se_ref;
      above = above && m - half > ref + ref_half && m - ref >= min_step;
      below = below && m + half < ref - ref_half && ref - m >= min_step;
    }
    if (above || below) return at[k];
  }
  return std::nullopt;
}

History build_history(std::vector<std::pair<std::string, RunRecord>> runs) {
  if (runs.size() < 2)
    throw HistoryError("a history needs the result directories of at least two runs, got " +
                       std::to_string(runs.size()));
  for (const auto& [source, report] : runs)
    if (report.checks.empty()) throw HistoryError(source + ": holds no iogate check results");
  const RunContext& first = runs.front().second.context;
  for (const auto& [source, report] : runs) {
    const RunContext& c = report.context;
    if (datastore_spelling(c.datastore) != datastore_spelling(first.datastore) ||
        c.identity() != first.identity())
      throw HistoryError(
          fmt::format("{}: results of {}, but {} holds results of {}: a history is "
                      "of one datastore",
                      source, where(c), runs.front().first, where(first)));
  }
  std::stable_sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) {
    return a.second.context.started_at < b.second.context.started_at;
  });

  History h;
  std::vector<RunRecord> reports;
  for (auto& [source, report] : runs) {
    h.runs.push_back({source, report.context, count_statuses(report.checks)});
    reports.push_back(std::move(report));
  }
  std::vector<std::string> checks;  // in the order of their first appearance
  for (const RunRecord& r : reports)
    for (const CheckRecord& c : r.checks)
      if (std::find(checks.begin(), checks.end(), c.check) == checks.end())
        checks.push_back(c.check);
  for (const std::string& check : checks) {
    std::vector<HistorySeries> kept;
    for (const std::string& figure : figures_of(check, h.runs, reports)) {
      HistorySeries s = series_of(check, figure, reports);
      if (present(s.values) >= 2) kept.push_back(std::move(s));
    }
    if (kept.empty()) {
      std::size_t in = 0;
      for (const RunRecord& r : reports) in += find_check(r, check) != nullptr ? 1 : 0;
      h.notes.push_back(
          fmt::format("{}: left out, it has figures in fewer than two of the {} "
                      "runs (present in {})",
                      check, reports.size(), in));
      continue;
    }
    for (HistorySeries& s : kept) h.series.push_back(std::move(s));
  }
  if (h.series.empty())
    throw HistoryError(fmt::format(
        "no check has figures in two of the {} runs: nothing in common to draw", reports.size()));
  return h;
}

History read_history(const std::vector<fs::path>& dirs) {
  std::vector<std::pair<std::string, RunRecord>> runs;
  std::set<fs::path> seen;
  for (const fs::path& dir : dirs) {
    std::error_code ec;
    if (!fs::exists(dir, ec)) throw HistoryError(dir.string() + ": no such directory");
    if (!fs::is_directory(dir, ec))
      throw HistoryError(dir.string() + ": not a directory (expected a run's result directory)");
    const fs::path canonical = fs::canonical(dir, ec);
    if (!seen.insert(ec ? dir : canonical).second)
      throw HistoryError(dir.string() + ": given twice");
    try {
      runs.emplace_back(dir.string(), read_report_dir(dir));
    } catch (const HistoryError&) {
      throw;
    } catch (const std::exception& e) {
      throw HistoryError(e.what());  // names the file and what was expected
    }
  }
  return build_history(std::move(runs));
}

std::string workload_change_line(const History& history, const HistorySeries& s) {
  if (!s.workload_changed_at) return {};
  const std::size_t k = *s.workload_changed_at;
  return fmt::format(
      "{}: the workload changed at run {} ({}): {}; its {} is compared from that "
      "run on",
      s.check, k + 1, history.runs[k].context.started_at, s.workload_change, s.figure);
}

std::string change_line(const History& history, const HistorySeries& s) {
  if (!s.changed_at) return {};
  const std::size_t k = *s.changed_at;
  std::vector<double> before, after;
  for (std::size_t i = 0; i < s.values.size(); ++i)
    if (std::isfinite(s.values[i])) (i < k ? before : after).push_back(s.values[i]);
  const double from = median_of(before), to = median_of(after);
  const auto [lo, hi] = std::minmax_element(before.begin(), before.end());
  return fmt::format("{} {}: {} -> {} ({:+.1f}%) at run {} ({}), beyond the earlier runs' {}-{}",
                     s.check, s.figure, format_figure(from), format_figure(to),
                     from != 0 ? (to / from - 1) * 100 : 0.0, k + 1,
                     history.runs[k].context.started_at, format_figure(*lo), format_figure(*hi));
}

}  // namespace iogate
