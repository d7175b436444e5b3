#include "iogate/engine/figure_names.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <stdexcept>

#include "iogate/engine/run_result.hpp"

namespace iogate {

namespace {

// The spelling of a percentile a sample key takes and the one a run key takes ('.' as '_').
constexpr std::string_view kSampleHead = "latency_p", kSampleTail = "_ms";
constexpr std::string_view kRunHead = "lat_p", kRunTail = "_ms";

bool all_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The text between `head` and `tail`, or none when `key` is not so framed.
std::optional<std::string_view> framed(std::string_view key, std::string_view head,
                                       std::string_view tail) {
  if (key.size() < head.size() + tail.size() || !key.starts_with(head) || !key.ends_with(tail))
    return std::nullopt;
  return key.substr(head.size(), key.size() - head.size() - tail.size());
}

// The shortest decimal that reads back as `x`, without an exponent: "99.99999", where {:g}'s six
// significant digits would write "100", the maximum, and "0.00001" where it would write "1e-05".
std::string shortest_decimal(double x) {
  std::array<char, 400> text{};  // room for any double in fixed notation (at most 327 characters)
  return std::string(
      text.data(),
      std::to_chars(text.data(), text.data() + text.size(), x, std::chars_format::fixed).ptr);
}

std::optional<FigureId> percentile_figure(std::optional<double> percentile) {
  if (!percentile) return std::nullopt;
  return FigureId{Metric::latency_percentile, *percentile};
}

}  // namespace

const FigureName& figure_name(FigureId id) {
  if (const FigureName* row = find_figure_name(id)) return *row;
  throw std::out_of_range(fmt::format("no figure row for percentile {:g}", id.percentile));
}

std::string sample_key_of(FigureId id) {
  if (const FigureName* row = find_figure_name(id)) return row->sample_key;
  return fmt::format("{}{}{}", kSampleHead, shortest_decimal(id.percentile), kSampleTail);
}

std::string run_key_of(FigureId id) {
  if (const FigureName* row = find_figure_name(id)) return row->run_key;
  return fmt::format("{}{}{}", kRunHead, percentile_spelling(id.percentile), kRunTail);
}

std::optional<FigureId> figure_of_sample_key(std::string_view key) {
  for (const FigureName& f : kFigureNames)
    if (key == f.sample_key) return f.id;
  const std::optional<std::string_view> text = framed(key, kSampleHead, kSampleTail);
  return percentile_figure(text ? percentile_of_number(*text) : std::nullopt);
}

std::optional<FigureId> figure_of_run_key(std::string_view key) {
  for (const FigureName& f : kFigureNames)
    if (key == f.run_key) return f.id;
  const std::optional<std::string_view> text = framed(key, kRunHead, kRunTail);
  return percentile_figure(text ? percentile_of_spelling(*text) : std::nullopt);
}

std::optional<double> percentile_of_spelling(std::string_view text) {
  const std::size_t point = text.find('_');
  const std::string_view whole = text.substr(0, point);
  if (!all_digits(whole) || whole.size() > 2) return std::nullopt;
  std::string number(whole);
  if (point != std::string_view::npos) {
    const std::string_view fraction = text.substr(point + 1);
    if (!all_digits(fraction)) return std::nullopt;
    number += '.';
    number += fraction;
  }
  double value = 0;
  const std::errc error = std::from_chars(number.data(), number.data() + number.size(), value).ec;
  // A fraction of many nines reads as 100, and one of many zeros as 0: neither is a percentile.
  if (error != std::errc() || !(value > 0 && value < 100)) return std::nullopt;
  return value;
}

std::optional<double> percentile_of_number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (!(value >= 0 && value <= 100)) return std::nullopt;
  return value;
}

std::string percentile_spelling(double percentile) {
  std::string text = shortest_decimal(percentile);
  std::replace(text.begin(), text.end(), '.', '_');
  return text;
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
