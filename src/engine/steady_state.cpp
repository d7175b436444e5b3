// fio's steadystate criterion, read and written, and the rules on a whole rule (steady_state.hpp).
#include "iogate/engine/steady_state.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "common/display_text.hpp"
#include "common/toml_text.hpp"
#include "iogate/common/units.hpp"

namespace iogate {
namespace {

using std::chrono::nanoseconds;

// A window of more samples than an hour of one-second intervals is no longer a steadiness test;
// fewer than two samples have neither a slope nor a deviation.
constexpr long long kMaxWindowSamples = 3600;
constexpr long long kMinWindowSamples = 2;
constexpr nanoseconds kMinInterval = std::chrono::milliseconds(100);

constexpr const char* kCriteria =
    "expected iops, iops_slope, bw, bw_slope, lat or lat_slope, a colon and a limit, like "
    "\"iops:10%\" (fio's steadystate)";

const char* metric_name(SteadyMetric metric) {
  switch (metric) {
    case SteadyMetric::bw:
      return "bw";
    case SteadyMetric::lat:
      return "lat";
    case SteadyMetric::iops:
      break;
  }
  return "iops";
}

// The limit in the metric's unit: IOPS bare, a bandwidth as a size per second, a latency as a time
// that names its unit (a bare number would be seconds here and microseconds in fio: a trap).
std::optional<std::string> read_absolute(std::string_view text, SteadyState& into) {
  try {
    switch (into.metric) {
      case SteadyMetric::iops:
        if (const auto v = toml_text::plain_number(text)) {
          into.limit = *v;
          return std::nullopt;
        }
        return fmt::format("iops: expected a number of IOPS or a percentage, got {}",
                           quoted_excerpt(text));
      case SteadyMetric::bw:
        into.limit = static_cast<double>(parse_size(text));
        return std::nullopt;
      case SteadyMetric::lat:
        if (text.empty() || !std::isalpha(static_cast<unsigned char>(text.back())))
          return fmt::format(
              "lat: expected a time with its unit (\"200us\") or a percentage, got {}",
              quoted_excerpt(text));
        into.limit = static_cast<double>(parse_duration(text).count());
        return std::nullopt;
    }
  } catch (const UnitError& e) {
    return fmt::format("{}: {}", metric_name(into.metric), e.what());
  }
  return std::nullopt;
}

std::string absolute_text(const SteadyState& rule) {
  switch (rule.metric) {
    case SteadyMetric::bw:
      return fmt::format("{:.0f}", rule.limit);  // bytes per second, which parse_size reads back
    case SteadyMetric::lat:
      return format_duration(nanoseconds(static_cast<std::int64_t>(rule.limit)));
    case SteadyMetric::iops:
      break;
  }
  return fmt::format("{:g}", rule.limit);
}

// A criterion's value in the limit's terms.
std::string criterion_text(const SteadyState& rule, double value) {
  if (rule.percent) return fmt::format("{:.1f}%", value);
  switch (rule.metric) {
    case SteadyMetric::bw:
      return fmt::format("{:.2f} MiB/s", value / 1048576.0);
    case SteadyMetric::lat:
      return fmt::format("{:.3f} ms", value / 1e6);
    case SteadyMetric::iops:
      break;
  }
  return fmt::format("{:.1f} IOPS", value);
}

}  // namespace

std::string steady_state_words(const SteadyState& rule, const SteadyStateOutcome& outcome) {
  std::string last = "no full window";
  if (outcome.criterion)
    last = fmt::format("last {} window: {}", format_duration(rule.window),
                       criterion_text(rule, *outcome.criterion));
  if (outcome.settled)
    return fmt::format("{} reached after {:.1f} s ({})", steady_criterion_text(rule),
                       outcome.after_s, last);
  return fmt::format("{} not reached within {} ({})", steady_criterion_text(rule),
                     format_duration(rule.max_wait), last);
}

std::string steady_criterion_text(const SteadyState& rule) {
  const std::string name = std::string(metric_name(rule.metric)) + (rule.slope ? "_slope" : "");
  if (rule.percent) return fmt::format("{}:{:g}%", name, rule.limit);
  return fmt::format("{}:{}", name, absolute_text(rule));
}

std::optional<std::string> parse_steady_criterion(std::string_view text, SteadyState& into) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos)
    return fmt::format("{}, got {}", kCriteria, quoted_excerpt(text));
  std::string_view name = text.substr(0, colon);
  std::string_view limit = text.substr(colon + 1);
  SteadyState rule = into;
  rule.slope = name.ends_with("_slope");
  if (rule.slope) name.remove_suffix(std::string_view("_slope").size());
  if (name == "iops") {
    rule.metric = SteadyMetric::iops;
  } else if (name == "bw") {
    rule.metric = SteadyMetric::bw;
  } else if (name == "lat") {
    rule.metric = SteadyMetric::lat;
  } else {
    return fmt::format("{}, got {}", kCriteria, quoted_excerpt(text));
  }
  rule.percent = limit.ends_with('%');
  if (rule.percent) {
    limit.remove_suffix(1);
    const std::optional<double> pct = toml_text::plain_number(limit);
    if (!pct)
      return fmt::format("{}: expected a percentage like \"10%\", got {}", metric_name(rule.metric),
                         quoted_excerpt(text));
    rule.limit = *pct;
  } else if (auto problem = read_absolute(limit, rule)) {
    return problem;
  }
  if (!(rule.limit > 0) || (rule.percent && rule.limit > 100))
    return fmt::format("{}: expected a limit above 0{}, got {}", metric_name(rule.metric),
                       rule.percent ? " and at most 100%" : "", quoted_excerpt(text));
  into = rule;
  return std::nullopt;
}

std::optional<SteadyProblem> steady_state_problem(const SteadyState& rule) {
  if (!rule.enabled()) return std::nullopt;
  if (!(rule.limit > 0) || !std::isfinite(rule.limit) || (rule.percent && rule.limit > 100))
    return SteadyProblem{SteadyPart::criterion,
                         fmt::format("expected a limit above 0{}, got {:g}",
                                     rule.percent ? " and at most 100%" : "", rule.limit)};
  if (rule.interval < kMinInterval)
    return SteadyProblem{
        SteadyPart::interval,
        fmt::format("expected an interval of at least {}, got {}", format_duration(kMinInterval),
                    format_duration(rule.interval))};
  const long long samples = window_samples(rule);
  if (rule.window % rule.interval != nanoseconds(0) || samples < kMinWindowSamples ||
      samples > kMaxWindowSamples)
    return SteadyProblem{SteadyPart::window,
                         fmt::format("expected a window of {} to {} whole intervals of {}, got {}",
                                     kMinWindowSamples, kMaxWindowSamples,
                                     format_duration(rule.interval), format_duration(rule.window))};
  if (rule.max_wait < rule.window)
    return SteadyProblem{
        SteadyPart::max_wait,
        fmt::format("expected at least one window ({}) to wait for a steady state, got {}: it "
                    "could never settle",
                    format_duration(rule.window), format_duration(rule.max_wait))};
  return std::nullopt;
}

}  // namespace iogate
