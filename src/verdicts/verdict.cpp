#include "iogate/verdicts/verdict.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <variant>

#include "iogate/units.hpp"

namespace iogate {
namespace {

std::string metric_name(const Expectation& e) {
  switch (e.metric) {
    case Metric::iops:
      return "iops";
    case Metric::mbps:
      return "MB/s";
    case Metric::duration:
      return "duration";
    case Metric::latency_avg:
      return "latency_avg";
    case Metric::latency_max:
      return "latency_max";
    case Metric::latency_percentile:
      return fmt::format("latency_p{}", fmt::format("{:g}", e.percentile));
  }
  return "?";
}

std::string format_value(Metric metric, double value) {
  if (!std::isfinite(value)) return "n/a";
  switch (metric) {
    case Metric::iops:
      return fmt::format("{:.2f}", value);
    case Metric::mbps:
      return fmt::format("{:.2f}", value);
    case Metric::duration:
      return format_duration(
          std::chrono::duration_cast<Nanoseconds>(std::chrono::duration<double>(value)));
    case Metric::latency_avg:
    case Metric::latency_max:
    case Metric::latency_percentile:
      return format_duration(std::chrono::duration_cast<Nanoseconds>(
          std::chrono::duration<double, std::milli>(value)));
  }
  return fmt::format("{}", value);
}

double bound_value(const Expectation& e) { return std::get<AbsoluteBound>(e.bound).value; }

}  // namespace

double measured_value(const Expectation& e, const RunResult& r) {
  const bool no_latency = r.latency.count() == 0;
  switch (e.metric) {
    case Metric::iops:
      return r.iops();
    case Metric::mbps:
      return r.mbps();
    case Metric::duration:
      return r.elapsed_s;
    // No completed I/O has no latency: NaN, which satisfies no bound.
    case Metric::latency_avg:
      return no_latency ? NAN : r.lat_avg_ms();
    case Metric::latency_max:
      return no_latency ? NAN : r.lat_max_ms();
    case Metric::latency_percentile:
      return no_latency ? NAN : r.lat_percentile_ms(e.percentile);
  }
  return NAN;
}

Verdict evaluate(const Check& check, const RunResult& result) {
  Verdict verdict;
  for (const Expectation& e : check.expectations) {
    const double measured = measured_value(e, result);
    const double bound = bound_value(e);
    // Written so that a NaN figure fails either way.
    const bool ok = e.kind == BoundKind::min ? measured >= bound : measured <= bound;
    if (!ok) verdict.shortfalls.push_back({&e, measured, bound});
  }
  return verdict;
}

std::string format_metric(const Expectation& e, double value) {
  return fmt::format("{} {}", metric_name(e), format_value(e.metric, value));
}

std::string failure_line(const Check& check, const RunResult& result, const Shortfall& s) {
  const Expectation& e = *s.expectation;
  const char* relation = e.kind == BoundKind::min ? "<" : ">";
  std::string context =
      fmt::format("{} at {:.1f} MB/s", format_size(result.bytes()), result.mbps());
  if (e.metric != Metric::mbps && e.metric != Metric::duration)
    context += fmt::format(", {:.2f} IOPS", result.iops());
  if (!result.completed) context += ", stopped early";
  return fmt::format("{}: {} {} {} {} ({})", check.name, format_metric(e, s.measured), relation,
                     e.key, format_value(e.metric, s.bound), context);
}

}  // namespace iogate
