// The figures of a run a check can be bounded by, each with every name it goes by: one table, which
// the verdict's sample keys, the baseline files, the results JSON, compare, the fleet, propose and
// the importers' baselines all read, so a figure is never translated from one name to another by
// hand.
//
// Two names a figure, both kept because files carry them: the sample key ("latency_avg_ms"), how a
// verdict, a baseline file and compare name the samples of a bound; and the run key ("lat_avg_ms"),
// how the results JSON, the reports' key figures and the fleet name a run's figure. A percentile
// is named by its value in both: "latency_p99.9_ms" and "lat_p99_9_ms" (a JSON key or a CTest
// measurement name keeps to letters, digits and '_').
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iogate {

// What a bound measures (checks/check.hpp's Expectation), and what a figure is of.
enum class Metric {
  iops,                // I/Os per second
  mbps,                // MiB per second
  duration,            // wall time of the measured window, seconds
  latency_avg,         // ms
  latency_max,         // ms
  latency_percentile,  // ms, with Expectation::percentile
};

// A figure: its metric and, for latency_percentile, which percentile (0 otherwise).
struct FigureId {
  Metric metric;
  double percentile = 0;
  friend bool operator==(const FigureId&, const FigureId&) = default;
};

struct FigureName {
  FigureId id;
  const char* sample_key;  // the verdict's, a baseline's, compare's: "latency_avg_ms"
  const char* run_key;     // the results JSON's, the fleet's: "lat_avg_ms"
  const char* unit;        // "IOPS", "MB/s", "s", "ms"
  bool higher_is_better;   // a rate falls, a time rises when storage gets worse
  const char* label;       // "IOPS", "MB/s", "duration", "mean latency", "p99 latency"
};

// The figures every run reports, in the order the reports list them. A percentile not here
// (latency_p90_max, latency_p99_99_max) is named by the same rule (sample_key_of, run_key_of).
inline constexpr FigureName kFigureNames[] = {
    {{Metric::iops}, "iops", "iops", "IOPS", true, "IOPS"},
    {{Metric::mbps}, "mbps", "mbps", "MB/s", true, "MB/s"},
    {{Metric::duration}, "duration_s", "duration_s", "s", false, "duration"},
    {{Metric::latency_avg}, "latency_avg_ms", "lat_avg_ms", "ms", false, "mean latency"},
    {{Metric::latency_max}, "latency_max_ms", "lat_max_ms", "ms", false, "max latency"},
    {{Metric::latency_percentile, 50}, "latency_p50_ms", "lat_p50_ms", "ms", false, "p50 latency"},
    {{Metric::latency_percentile, 99}, "latency_p99_ms", "lat_p99_ms", "ms", false, "p99 latency"},
    {{Metric::latency_percentile, 99.9},
     "latency_p99.9_ms",
     "lat_p99_9_ms",
     "ms",
     false,
     "p99.9 latency"},
};

// kFigureNames' row of `id`, or null for a percentile the table has no row of.
constexpr const FigureName* find_figure_name(FigureId id) {
  for (const FigureName& f : kFigureNames)
    if (f.id == id) return &f;
  return nullptr;
}
// kFigureNames' row of `id`; throws std::out_of_range for a percentile the table has no row of.
const FigureName& figure_name(FigureId id);

// "iops", "latency_avg_ms", "latency_p99.99_ms": any figure's sample key, a percentile in the
// shortest digits that read back as it.
std::string sample_key_of(FigureId id);
// "iops", "lat_avg_ms", "lat_p99_99_ms": any figure's run key.
std::string run_key_of(FigureId id);

// The figure a sample key or a run key names (without a read_, write_ or prioritized_ prefix);
// none for another name. A run key's percentile is read by percentile_of_spelling; a sample key's
// by percentile_of_number, any number from 0 to 100, as the baselines already written carry them
// ("latency_p100_ms").
std::optional<FigureId> figure_of_sample_key(std::string_view key);
std::optional<FigureId> figure_of_run_key(std::string_view key);

// A percentile as the names of run figures and of bounds spell it, '_' for the decimal point:
// "99_9" in "lat_p99_9_ms" and "latency_p99_9_max", "50" in "lat_p50_ms". The spelling is one or
// two whole digits, then, after a '_', a fraction of one digit or more; the percentile is above 0
// and below 100 (the 100th is the maximum, a figure of its own). Anything else is none.
std::optional<double> percentile_of_spelling(std::string_view text);
// "99_9" for 99.9, "50" for 50: the shortest digits that read back as the same percentile.
std::string percentile_spelling(double percentile);
// "99.9" -> 99.9: a percentile as a sample key ("latency_p99.9_ms") and a result's
// lat_percentiles_ms hold it, the whole text a decimal number from 0 to 100; none otherwise.
std::optional<double> percentile_of_number(std::string_view text);

// "IOPS", "MB/s", "s", "ms": the unit of a metric's figures.
const char* unit_of(Metric metric);

// What a run can measure at most. Counts of I/Os and bytes up to 2^53, the largest integer every
// JSON reader holds exactly; no run, layout or check lasts more than a year; the engine's clock
// counts nanoseconds, the least time a run that moved data can have taken.
inline constexpr std::uint64_t kMaxRunCount = std::uint64_t{1} << 53;
inline constexpr double kLongestRunSeconds = 366.0 * 24 * 3600;
inline constexpr double kShortestRunSeconds = 1e-9;
// The largest figure of `metric` any run can measure, in its unit: every I/O or byte it may count
// in the shortest run, or a year. A floor above it fails on every storage, and a figure read back
// above it was not measured: the threshold parser and the results reader refuse both.
double largest_figure(Metric metric);

}  // namespace iogate
