// See figure_consistency.hpp.
#include "figure_consistency.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/display_text.hpp"
#include "iogate/engine/figure_names.hpp"
#include "json_fields.hpp"
#include "verdicts/sample_units.hpp"

namespace iogate {
namespace {

// Half a unit in the last of kFigureDigits significant digits, relative to the figure.
const double kRounding = 0.5 * std::pow(10.0, 1 - kFigureDigits);

// What `key` is computed from, in a refusal: "expected ios / duration_s (to 6 significant
// digits), got another number (value not shown)".
[[noreturn]] void disagrees(const JsonFields& f, std::string_view key, std::string_view from,
                            std::string_view within) {
  throw ReadBackError(fmt::format(
      "{}: expected {} ({}), got another number {}: the file's figures disagree with its own "
      "counts",
      f.path(key), from, within, kValueNotShown));
}

// `key`'s written value, where the file writes it, agrees with `computed` to rounding.
void agree(const JsonFields& f, std::string_view key, double computed, std::string_view from) {
  if (f.find(key) == nullptr) return;
  const double written = f.number(key, -std::numeric_limits<double>::max(),
                                  std::numeric_limits<double>::max(), "a finite number");
  if (std::fabs(written - computed) > kRounding * std::max(std::fabs(written), std::fabs(computed)))
    disagrees(f, key, from, fmt::format("to {} significant digits", kFigureDigits));
}

// `key`'s written value, where the file writes it, from `low` to `high` (to rounding).
void between(const JsonFields& f, std::string_view key, double low, double high,
             std::string_view from) {
  if (f.find(key) == nullptr) return;
  const double written = f.number(key, -std::numeric_limits<double>::max(),
                                  std::numeric_limits<double>::max(), "a finite number");
  if (written < low * (1 - kRounding) || written > high * (1 + kRounding))
    disagrees(f, key, from, "to its run's exact extremes");
}

// A nanosecond latency no run read back can exceed: a year.
constexpr double kMaxLatencyNs = kMaxReadBackSeconds * 1e9;

// The latency figures latency_fields (run_json.cpp) writes beside the histogram `h` was restored
// from: the mean, minimum and maximum as the exact nanosecond fields say, each percentile inside
// them. An object without its own buckets (a direction of a one-direction run,
// whose latencies are the run's) has none to hold them to.
void check_latencies(const JsonFields& f, const LatencyHistogram& h) {
  if (h.count() == 0 || f.find("lat_histogram_ns") == nullptr) return;
  if (static_cast<double>(h.max_ns()) > kMaxLatencyNs)
    f.fail("lat_max_ns", "a latency of at most a year in nanoseconds");
  const auto ns = [&f](const char* key) {
    return f.number(key, 0, std::numeric_limits<double>::max(), "a number of nanoseconds");
  };
  if (f.find("lat_mean_ns") != nullptr)
    agree(f, figure_name({Metric::latency_avg}).run_key, ns("lat_mean_ns") / 1e6,
          "lat_mean_ns in ms");
  if (f.find("lat_min_ns") != nullptr)
    agree(f, "lat_min_ms", ns("lat_min_ns") / 1e6, "lat_min_ns in ms");
  if (f.find("lat_max_ns") != nullptr)
    agree(f, figure_name({Metric::latency_max}).run_key, ns("lat_max_ns") / 1e6,
          "lat_max_ns in ms");
  // A percentile only between the run's exact minimum and maximum: held to the histogram's own
  // bucket it was refused, now and then, in files iogate itself had written (a tail rank read
  // back from restored buckets), and a refusal of a true record is worse than a looser check.
  const double min_ms = static_cast<double>(h.min_ns()) / 1e6;
  const double max_ms = static_cast<double>(h.max_ns()) / 1e6;
  constexpr const char* kPercentile =
      "that percentile of lat_histogram_ns in ms, from lat_min_ns to lat_max_ns";
  between(f, figure_name({Metric::latency_percentile, 99}).run_key, min_ms, max_ms, kPercentile);
  if (f.find("lat_percentiles_ms") == nullptr) return;
  const JsonFields percentiles = f.object("lat_percentiles_ms");
  for (const auto& [key, value] : f.find("lat_percentiles_ms")->items()) {
    if (!percentile_of_number(key))
      throw ReadBackError(fmt::format("{}: expected percentiles keyed by a number from 0 to 100",
                                      f.path("lat_percentiles_ms")));
    between(percentiles, key, min_ms, max_ms, kPercentile);
  }
}

// A share in percent of `part` in `whole`, as the writer computes it (run_json.cpp).
double share_pct(std::uint64_t part, std::uint64_t whole) {
  return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

}  // namespace

bool figures_agree(double written, double computed) {
  return std::fabs(written - computed) <=
         kRounding * std::max(std::fabs(written), std::fabs(computed));
}

void check_run_figures(const nlohmann::json& j, const RunResult& run, std::string_view where) {
  const JsonFields f(j, std::string(where));
  if (f.find("ios") != nullptr && f.count("ios") != run.ios())
    f.fail("ios", "ios_read + ios_written");
  if (f.find("bytes") != nullptr && f.count("bytes") != run.bytes())
    f.fail("bytes", "bytes_read + bytes_written");
  agree(f, "iops", run.iops(), "ios / duration_s");
  agree(f, "mbps", run.mbps(), "bytes / duration_s in MB/s");
  check_latencies(f, run.latency);
  for (const IoDirection d : {IoDirection::read, IoDirection::write}) {
    const char* name = d == IoDirection::read ? "read" : "write";
    if (f.find(name) == nullptr) continue;
    const JsonFields side = f.object(name);
    agree(side, "iops", run.iops_of(d), fmt::format("ios_{} / duration_s", name));
    agree(side, "mbps", run.mbps_of(d), fmt::format("bytes_{} / duration_s in MB/s", name));
    check_latencies(side, run.latency_of(d));
  }
  const std::uint64_t prioritized =
      run.prioritized_latency.count() + run.unprioritized_latency.count();
  for (const bool is_prioritized : {true, false}) {
    const char* name = is_prioritized ? "prioritized" : "unprioritized";
    if (f.find(name) == nullptr) continue;
    const JsonFields side = f.object(name);
    const LatencyHistogram& h =
        is_prioritized ? run.prioritized_latency : run.unprioritized_latency;
    agree(side, "ios_pct", share_pct(h.count(), prioritized),
          "its ios as a percentage of both classes' ios");
    check_latencies(side, h);
  }
  std::size_t i = 0;
  f.for_each("intervals", [&](const nlohmann::json& interval, const std::string& at) {
    const IntervalSample& sample = run.intervals.at(i++);
    const JsonFields s(interval, at);
    agree(s, "iops", sample.iops(), "ios / length_s");
    agree(s, "mbps", sample.mbps(), "bytes / length_s in MB/s");
  });
  i = 0;
  f.for_each("block_sizes", [&](const nlohmann::json& size, const std::string& at) {
    const BlockSizeCount& count = run.block_sizes.at(i++);
    agree(JsonFields(size, at), "ios_pct", share_pct(count.ios, run.ios()),
          "its ios as a percentage of the run's");
  });
}

double figure_ceiling(std::string_view key) {
  take_prioritized_prefix(key);
  take_direction_prefix(key);
  const std::optional<FigureId> figure = figure_of_sample_key(key);
  return figure ? largest_figure(figure->metric) : std::numeric_limits<double>::max();
}

namespace {

// A baseline's samples of one group of figures: the run's, one direction's ("read_") or one
// priority class's ("prioritized_"), by the rest of their key ("iops", "latency_p99_ms").
struct SampleGroup {
  std::map<std::string, const std::vector<double>*> by_figure;
  const std::vector<double>* find(const std::string& figure) const {
    const auto it = by_figure.find(figure);
    return it == by_figure.end() ? nullptr : it->second;
  }
  const std::vector<double>* find(FigureId figure) const { return find(sample_key_of(figure)); }
};

// "latency_p99.9_ms" -> 99.9; none for a key of another figure.
std::optional<double> sample_key_percentile(const std::string& figure) {
  const std::optional<FigureId> id = figure_of_sample_key(figure);
  if (!id || id->metric != Metric::latency_percentile) return std::nullopt;
  return id->percentile;
}

// Run `i` of `later` is at least run `i` of `earlier` (rounding allowed), where both have it.
void ordered(const std::string& where, const std::string& group, const std::string& earlier,
             const std::vector<double>& low, const std::string& later,
             const std::vector<double>& high) {
  for (std::size_t i = 0; i < std::min(low.size(), high.size()); ++i) {
    if (std::isnan(low[i]) || std::isnan(high[i])) continue;
    if (low[i] > high[i] && !figures_agree(low[i], high[i]))
      throw ReadBackError(fmt::format(
          "{}.{}{}.samples[{}]: expected at most {}{}.samples[{}] (a run's latencies are "
          "ordered), got another number {}",
          where, group, earlier, i, group, later, i, kValueNotShown));
  }
}

}  // namespace

void check_baseline_samples(const std::map<std::string, std::vector<double>>& samples,
                            std::optional<std::uint64_t> block_size, std::string_view where_) {
  const std::string where(where_);
  std::map<std::string, SampleGroup> groups;
  for (const auto& [key, values] : samples) {
    const double ceiling = figure_ceiling(key);
    for (std::size_t i = 0; i < values.size(); ++i)
      if (!std::isnan(values[i]) && values[i] > ceiling)
        throw ReadBackError(
            fmt::format("{}.{}.samples[{}]: expected at most {:g} {} (the most any run can "
                        "measure), got another number {}",
                        where, key, i, ceiling, sample_unit(key), kValueNotShown));
    std::string_view figure = key;
    take_prioritized_prefix(figure);
    take_direction_prefix(figure);
    const std::string group = key.substr(0, key.size() - figure.size());
    groups[group].by_figure[std::string(figure)] = &values;
  }
  // One block per I/O per second, in MB/s: the engine's own rate function says how many bytes a
  // MB is.
  RunResult one_block;
  if (block_size) {
    one_block.ios_read = 1;
    one_block.bytes_read = *block_size;
    one_block.elapsed_s = 1;
  }
  for (const auto& [group, g] : groups) {
    const std::vector<double>* iops = g.find({Metric::iops});
    const std::vector<double>* mbps = g.find({Metric::mbps});
    if (block_size && iops && mbps)
      for (std::size_t i = 0; i < std::min(iops->size(), mbps->size()); ++i) {
        if (std::isnan((*iops)[i]) || std::isnan((*mbps)[i])) continue;
        if (!figures_agree((*mbps)[i], (*iops)[i] * one_block.mbps()))
          throw ReadBackError(fmt::format(
              "{}.{}mbps.samples[{}]: expected {}iops.samples[{}] times the workload's block "
              "size, in MB/s (to {} significant digits), got another number {}: the baseline's "
              "figures disagree with each other",
              where, group, i, group, i, kFigureDigits, kValueNotShown));
      }
    // The percentiles in order, then the mean and the highest percentile at most the maximum.
    std::vector<std::pair<double, std::string>> percentiles;
    for (const auto& [figure, values] : g.by_figure)
      if (const auto q = sample_key_percentile(figure)) percentiles.emplace_back(*q, figure);
    std::sort(percentiles.begin(), percentiles.end());
    for (std::size_t k = 1; k < percentiles.size(); ++k)
      ordered(where, group, percentiles[k - 1].second, *g.find(percentiles[k - 1].second),
              percentiles[k].second, *g.find(percentiles[k].second));
    const std::string max_key = sample_key_of({Metric::latency_max});
    const std::vector<double>* max = g.find(max_key);
    if (max == nullptr) continue;
    const std::string avg_key = sample_key_of({Metric::latency_avg});
    if (const std::vector<double>* avg = g.find(avg_key))
      ordered(where, group, avg_key, *avg, max_key, *max);
    if (!percentiles.empty())
      ordered(where, group, percentiles.back().second, *g.find(percentiles.back().second), max_key,
              *max);
  }
}

}  // namespace iogate
