#include "iogate/results/figures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <string_view>

#include "common/display_text.hpp"
#include "figure_consistency.hpp"
#include "iogate/common/units.hpp"
#include "iogate/engine/figure_names.hpp"
#include "verdicts/sample_units.hpp"

namespace iogate {

namespace {

// The latency figures a run reports, kFigureNames' rows in their order.
constexpr FigureId kLatencyFigures[] = {{Metric::latency_avg},
                                        {Metric::latency_max},
                                        {Metric::latency_percentile, 50},
                                        {Metric::latency_percentile, 99},
                                        {Metric::latency_percentile, 99.9}};
constexpr std::size_t kLatencyCount = std::size(kLatencyFigures);

std::array<double, kLatencyCount> latency_figures(const LatencyHistogram& h) {
  std::array<double, kLatencyCount> out{};
  for (std::size_t i = 0; i < kLatencyCount; ++i) {
    const FigureId id = kLatencyFigures[i];
    out[i] = id.metric == Metric::latency_avg   ? avg_ms(h)
             : id.metric == Metric::latency_max ? max_ms(h)
                                                : percentile_ms(h, id.percentile);
  }
  return out;
}

// One direction's key figures, named as the run's are with the direction in front
// ("read_iops", "write_lat_p99_ms"): spelt once, so a Figure can point at them.
struct DirectionKeys {
  IoDirection direction;
  std::string iops, mbps;
  std::array<std::string, kLatencyCount> lat;
  explicit DirectionKeys(IoDirection d) : direction(d) {
    const std::string prefix(direction_prefix(d));
    iops = prefix + run_key_of({Metric::iops});
    mbps = prefix + run_key_of({Metric::mbps});
    for (std::size_t i = 0; i < kLatencyCount; ++i)
      lat[i] = prefix + run_key_of(kLatencyFigures[i]);
  }
};
const std::array<DirectionKeys, 2>& direction_keys() {
  static const std::array<DirectionKeys, 2> keys{DirectionKeys(IoDirection::read),
                                                 DirectionKeys(IoDirection::write)};
  return keys;
}

const char* run_key(FigureId id) { return figure_name(id).run_key; }

}  // namespace

std::vector<Figure> key_figures(const RunResult& r) {
  const std::array<double, kLatencyCount> lat = latency_figures(r.latency);
  std::vector<Figure> out{{run_key({Metric::iops}), r.iops()},
                          {run_key({Metric::mbps}), r.mbps()},
                          {"bytes", static_cast<double>(r.bytes())},
                          {"ios", static_cast<double>(r.ios())}};
  for (std::size_t i = 0; i < kLatencyCount; ++i)
    out.push_back({run_key(kLatencyFigures[i]), lat[i]});
  out.push_back({"cpu_pct", r.cpu_process_pct});
  out.push_back({"cpu_system_pct", r.cpu_system_pct});
  out.push_back({run_key({Metric::duration}), r.elapsed_s});
  for (const DirectionKeys& d : direction_keys()) {
    if (!r.has_direction(d.direction)) continue;
    out.push_back({d.iops.c_str(), r.iops_of(d.direction)});
    out.push_back({d.mbps.c_str(), r.mbps_of(d.direction)});
    const LatencyHistogram& h = r.latency_of(d.direction);
    if (h.count() == 0) continue;  // a result read back from before directions were kept
    const std::array<double, kLatencyCount> dir_lat = latency_figures(h);
    for (std::size_t i = 0; i < kLatencyCount; ++i) out.push_back({d.lat[i].c_str(), dir_lat[i]});
  }
  return out;
}

namespace {

// The latency figure named by `figure`'s sample key (latency_avg_ms, latency_max_ms,
// latency_p99.9_ms) of `latency`; none for another name or a histogram without I/O.
std::optional<double> latency_by_name(const LatencyHistogram& latency, std::string_view figure) {
  const std::optional<FigureId> id = figure_of_sample_key(figure);
  if (!id || latency.count() == 0) return std::nullopt;
  switch (id->metric) {
    case Metric::latency_avg:
      return avg_ms(latency);
    case Metric::latency_max:
      return max_ms(latency);
    case Metric::latency_percentile:
      return percentile_ms(latency, id->percentile);
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<double> figure_by_name(const RunResult& r, const std::string& name) {
  std::string_view figure = name;
  // prioritized_latency_p99_ms: the latency of the I/Os issued at cmd_priority.
  if (take_prioritized_prefix(figure)) return latency_by_name(r.prioritized_latency, figure);
  // read_iops, write_latency_p99_ms: the figure of that direction's I/Os, none when it did none.
  const std::optional<IoDirection> direction = take_direction_prefix(figure);
  if (direction && !r.has_direction(*direction)) return std::nullopt;
  const std::optional<FigureId> id = figure_of_sample_key(figure);
  if (!id) return std::nullopt;
  if (id->metric == Metric::iops) return direction ? r.iops_of(*direction) : r.iops();
  if (id->metric == Metric::mbps) return direction ? r.mbps_of(*direction) : r.mbps();
  if (id->metric == Metric::duration) return direction ? std::nullopt : std::optional(r.elapsed_s);
  return latency_by_name(direction ? r.latency_of(*direction) : r.latency, figure);
}

std::vector<double> figure_runs(const CheckRecord& record, const std::string& figure) {
  constexpr double kFullInterval = 0.999;  // seconds: the last, partial interval is left out
  std::vector<double> out;
  const auto add = [&out](std::optional<double> v) {
    if (v && std::isfinite(*v) && *v > 0) out.push_back(*v);
  };
  if (const auto judged = record.judged_repeats(); judged.size() >= 2) {
    for (const RunResult& r : judged) add(figure_by_name(r, figure));
    return out;
  }
  const std::optional<FigureId> id = figure_of_sample_key(figure);
  if (id && (id->metric == Metric::iops || id->metric == Metric::mbps)) {
    for (const IntervalSample& i : record.result.intervals)
      if (i.length_s >= kFullInterval) add(id->metric == Metric::iops ? i.iops() : i.mbps());
    if (out.size() >= 2) return out;
    out.clear();
  }
  add(figure_by_name(record.result, figure));
  return out;
}

std::string format_figure(double value) {
  // Counts (bytes, I/Os) exactly; everything else to kFigureDigits significant digits, the
  // precision a figure read back must agree to (figure_consistency.hpp).
  if (std::floor(value) == value && std::fabs(value) < 1e15) return fmt::format("{:.0f}", value);
  return fmt::format("{:.{}g}", value, kFigureDigits);
}

std::optional<BoundSense> bound_sense(const std::string& key) {
  if (key.ends_with("_min")) return BoundSense::min;
  if (key.ends_with("_max")) return BoundSense::max;
  return std::nullopt;
}

const char* sense_name(BoundSense sense) { return sense == BoundSense::min ? "min" : "max"; }

std::optional<KnownBound> known_bound(const ExpectationRecord& e) {
  const std::optional<BoundSense> sense = bound_sense(e.key);
  if (!sense || e.figures.figure.empty() || !std::isfinite(e.figures.bound)) return std::nullopt;
  return KnownBound{e.figures.figure, e.figures.bound, *sense};
}

std::string undecided_reason(const CheckRecord& record, const ExpectationRecord& e) {
  const bool low = std::isfinite(e.figures.low), high = std::isfinite(e.figures.high);
  std::string where;
  if (low && high)
    where = fmt::format(
        "the interval {} reaches both sides of the bound: the runs so far neither clear it nor "
        "break it",
        e.evidence);
  else if (low || high)
    where = fmt::format("the interval {} has one end only: one run bounds a figure from one side",
                        e.evidence);
  else
    where = fmt::format("the runs gave no interval that decides it ({})", e.evidence);
  if (record.confirmation && record.confirmation->outcome == "disagreed")
    return where + "; the first sample and the second, after a pause, leaned opposite ways";
  std::string ended;
  if (record.runs_allowed > 0 && record.runs >= record.runs_allowed)
    ended = fmt::format("the check stopped at its repeat_max, {}",
                        counted(static_cast<std::size_t>(record.runs), "run"));
  else if (record.runs > 0)
    ended = fmt::format(
        "the check stopped after {} of the {} it may make: the next would not fit "
        "its budget",
        record.runs, counted(static_cast<std::size_t>(record.runs_allowed), "run"));
  return ended.empty() ? where : where + "; " + ended;
}

std::string figure_unit(const std::string& figure) { return std::string(sample_unit(figure)); }

std::string figure_with_unit(double value, const std::string& figure) {
  const std::string unit = figure_unit(figure);
  return unit.empty() ? format_figure(value) : format_figure(value) + " " + unit;
}

int& StatusCounts::of(CheckStatus status) {
  switch (status) {
    case CheckStatus::pass:
      return pass;
    case CheckStatus::fail:
      return fail;
    case CheckStatus::unstable:
      return unstable;
    case CheckStatus::skipped:
      return skipped;
    case CheckStatus::error:
      break;
  }
  return error;
}

bool has_figures(const CheckRecord& record) {
  return record.result.ios() > 0 ||
         (record.status != CheckStatus::skipped && record.status != CheckStatus::error);
}

std::string ctest_measurements(const RunResult& result) {
  std::string out;
  for (const Figure& f : key_figures(result))
    out +=
        fmt::format("<CTestMeasurement type=\"numeric/double\" name=\"{}\">{}</CTestMeasurement>\n",
                    f.key, format_figure(f.value));
  return out;
}

StatusCounts count_statuses(const std::vector<CheckRecord>& checks) {
  StatusCounts n;
  for (const CheckRecord& c : checks) n.add(c.status);
  return n;
}

std::string status_summary(const StatusCounts& n) {
  return fmt::format("{}: {} passed, {} failed, {} unstable, {} skipped, {} errors",
                     counted(static_cast<std::size_t>(n.total()), "check"), n.pass, n.fail,
                     n.unstable, n.skipped, n.error);
}

std::string verdict_label(CheckStatus status) {
  std::string label = status_name(status);
  for (char& c : label) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return label;
}

std::vector<std::string> baseline_lines(const CheckRecord& record) {
  std::vector<std::string> lines;
  for (const BaselineFigure& b : record.baseline)
    lines.push_back(fmt::format("{}: baseline {:.2f}, current {:.2f}, {:+.1f}%", b.key, b.baseline,
                                b.current, b.delta_pct()));
  return lines;
}

std::vector<std::string> evidence_lines(const CheckRecord& record) {
  std::vector<std::string> lines;
  for (const ExpectationRecord& e : record.expectations)
    lines.push_back(fmt::format("{} {}: {} after {} of {} runs", e.key, e.decision, e.evidence,
                                record.runs, record.runs_allowed));
  return lines;
}

std::vector<std::string> baseline_change_lines(const CheckRecord& record) {
  std::vector<std::string> lines;
  for (const std::string& change : record.fingerprint_changes)
    lines.push_back("changed since the baseline: " + change);
  return lines;
}

std::vector<std::string> confirmation_lines(const CheckRecord& record) {
  if (!record.confirmation) return {};
  return {record.confirmation->line()};
}

std::vector<std::string> fleet_lines(const CheckRecord& record) {
  std::vector<std::string> lines;
  for (const ExpectationRecord& e : record.expectations)
    if (e.peers)
      lines.push_back(
          fmt::format("{} {:g}% of peers: judged by iogate fleet", e.key, *e.peers * 100));
  return lines;
}

std::string one_line_verdict(const CheckRecord& record) {
  if (record.messages.empty()) return status_name(record.status);
  std::string line;
  for (const std::string& m : record.messages) {
    if (!line.empty()) line += "; ";
    line += m;
  }
  return line;
}

std::string layout_line(const CheckRecord& record) {
  if (!record.layout_s) return "";
  const WorkloadSpec& w = record.workload;
  std::string line =
      fmt::format("layout: {} {}", kFileLayouts.name(w.layout), format_size(w.file_size));
  if (!record.layout_reused_from.empty())
    line += ", reused from " + record.layout_reused_from;
  else if (w.layout == FileLayout::written)
    line += fmt::format(" in {:.2f} s ({} writes)", *record.layout_s,
                        format_size(layout_write_size_of(w)));
  else
    line += fmt::format(" in {:.2f} s", *record.layout_s);
  if (record.cleanup_s) line += fmt::format("; removed in {:.2f} s", *record.cleanup_s);
  return line;
}

std::string directions_line(const RunResult& result) {
  if (!result.has_direction(IoDirection::read) || !result.has_direction(IoDirection::write))
    return {};
  std::string out;
  for (const IoDirection d : {IoDirection::read, IoDirection::write}) {
    out += fmt::format("{}{}: {:.2f} IOPS, {:.2f} MB/s", out.empty() ? "" : "; ",
                       d == IoDirection::read ? "reads" : "writes", result.iops_of(d),
                       result.mbps_of(d));
    const LatencyHistogram& h = result.latency_of(d);
    if (h.count() > 0)
      out += fmt::format(", latency avg {:.3f} ms, p99 {:.3f} ms, max {:.3f} ms", avg_ms(h),
                         percentile_ms(h, 99), max_ms(h));
  }
  return out;
}

std::string steady_state_line(const WorkloadSpec& workload, const RunResult& result) {
  if (!workload.steady_state.enabled() || !result.steady_state) return {};
  return "steady state: " + steady_state_words(workload.steady_state, *result.steady_state);
}

std::string priority_line(const WorkloadSpec& workload, const RunResult& result) {
  const std::string job = workload.priority.set() ? priority_text(workload.priority) : "";
  if (!workload.cmd_priority.set())
    return job.empty() ? std::string() : "priority: " + job + " on every I/O";
  const LatencyHistogram& high = result.prioritized_latency;
  const LatencyHistogram& rest = result.unprioritized_latency;
  const std::uint64_t total = high.count() + rest.count();
  const double share =
      total > 0 ? 100.0 * static_cast<double>(high.count()) / static_cast<double>(total) : 0.0;
  const auto latency = [](const LatencyHistogram& h) {
    if (h.count() == 0) return std::string("no I/O");
    return fmt::format("latency avg {:.3f} ms, p99 {:.3f} ms", avg_ms(h), percentile_ms(h, 99));
  };
  return fmt::format("priority: {} on {:.2f}% of I/Os (asked {:g}%), {}; the rest at {}, {}",
                     priority_text(workload.cmd_priority), share, workload.cmd_priority_pct,
                     latency(high), job.empty() ? "the thread's class" : job, latency(rest));
}

std::string block_mix_line(const WorkloadSpec& workload, const RunResult& result) {
  if (workload.block_mix.empty()) return {};
  std::string out = "block sizes:";
  const double ios = static_cast<double>(result.ios());
  bool first = true;
  for (const BlockSizeShare& share : workload.block_mix) {
    double measured = 0;
    for (const BlockSizeCount& c : result.block_sizes)
      if (c.block_size == share.block_size && ios > 0)
        measured = 100.0 * static_cast<double>(c.ios) / ios;
    out += fmt::format("{} {} {:.2f}%{} (asked {:g}%)", first ? "" : ",",
                       format_size(share.block_size), measured, first ? " of I/Os" : "", share.pct);
    first = false;
  }
  return out;
}

}  // namespace iogate
