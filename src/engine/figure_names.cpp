#include "iogate/engine/figure_names.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "iogate/engine/run_result.hpp"

namespace iogate {

namespace {

// The spelling of a percentile a sample key takes and the one a run key takes ('.' as '_').
constexpr std::string_view kSampleHead = "latency_p", kSampleTail = "_ms";
constexpr std::string_view kRunHead = "lat_p", kRunTail = "_ms";

// "99.9" -> 99.9 when the whole text is a number from 0 to 100.
std::optional<double> percentile_text(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (!(value >= 0 && value <= 100)) return std::nullopt;
  return value;
}

std::optional<FigureId> percentile_key(std::string_view key, std::string_view head,
                                       std::string_view tail, bool underscore_point) {
  if (key.size() <= head.size() + tail.size() || !key.starts_with(head) || !key.ends_with(tail))
    return std::nullopt;
  std::string text(key.substr(head.size(), key.size() - head.size() - tail.size()));
  if (underscore_point) std::replace(text.begin(), text.end(), '_', '.');
  if (const std::optional<double> p = percentile_text(text))
    return FigureId{Metric::latency_percentile, *p};
  return std::nullopt;
}

}  // namespace

const FigureName& figure_name(FigureId id) {
  if (const FigureName* row = find_figure_name(id)) return *row;
  throw std::out_of_range(fmt::format("no figure row for percentile {:g}", id.percentile));
}

std::string sample_key_of(FigureId id) {
  if (const FigureName* row = find_figure_name(id)) return row->sample_key;
  return fmt::format("{}{:g}{}", kSampleHead, id.percentile, kSampleTail);
}

std::string run_key_of(FigureId id) {
  if (const FigureName* row = find_figure_name(id)) return row->run_key;
  std::string percentile = fmt::format("{:g}", id.percentile);
  std::replace(percentile.begin(), percentile.end(), '.', '_');
  return fmt::format("{}{}{}", kRunHead, percentile, kRunTail);
}

std::optional<FigureId> figure_of_sample_key(std::string_view key) {
  for (const FigureName& f : kFigureNames)
    if (key == f.sample_key) return f.id;
  return percentile_key(key, kSampleHead, kSampleTail, false);
}

std::optional<FigureId> figure_of_run_key(std::string_view key) {
  for (const FigureName& f : kFigureNames)
    if (key == f.run_key) return f.id;
  return percentile_key(key, kRunHead, kRunTail, true);
}

const char* unit_of(Metric metric) {
  for (const FigureName& f : kFigureNames)
    if (f.id.metric == metric) return f.unit;
  return "";
}

double largest_figure(Metric metric) {
  RunResult fastest;
  fastest.ios_read = kMaxRunCount;
  fastest.bytes_read = kMaxRunCount;
  fastest.elapsed_s = kShortestRunSeconds;
  switch (metric) {
    case Metric::iops:
      return fastest.iops();
    case Metric::mbps:
      return fastest.mbps();
    case Metric::duration:
      return kLongestRunSeconds;
    case Metric::latency_avg:
    case Metric::latency_max:
    case Metric::latency_percentile:
      return kLongestRunSeconds * 1e3;
  }
  return kLongestRunSeconds * 1e3;
}

}  // namespace iogate
