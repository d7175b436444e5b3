// How verdict figures and failure lines read.
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <variant>

#include "iogate/units.hpp"
#include "iogate/verdicts/verdict.hpp"

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

}  // namespace

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

std::string format_metric(const Expectation& e, double value) {
  return fmt::format("{} {}", metric_name(e), format_value(e.metric, value));
}

namespace {

std::string runs_text(const Judgement& j, int runs_allowed) {
  return fmt::format("after {} of {} runs", j.runs, runs_allowed);
}

}  // namespace

std::string failure_line(const Check& check, const RunResult& result, const Shortfall& s,
                         int runs_allowed) {
  if (s.expectation == nullptr) return fmt::format("{}: {}", check.name, s.note);  // a stall
  const Expectation& e = *s.expectation;
  const char* relation = e.kind == BoundKind::min ? "<" : ">";
  std::string bound = format_value(e.metric, s.bound);
  if (const auto* rel = std::get_if<RelativeBound>(&e.bound))
    bound = fmt::format("{:g}% of baseline = {}", rel->fraction * 100, bound);
  std::string evidence;
  if (s.judgement)
    evidence = fmt::format("; {} {}", describe_interval(*s.judgement),
                           runs_text(*s.judgement, runs_allowed));
  if (!s.note.empty())  // fail fast: the figure is a projection, the note says which
    return fmt::format("{}: {} {} {} {} ({}{})", check.name, metric_name(e), relation, e.key, bound,
                       s.note, evidence);
  std::string context =
      fmt::format("{} at {:.1f} MB/s", format_size(result.bytes()), result.mbps());
  if (e.metric != Metric::mbps && e.metric != Metric::duration)
    context += fmt::format(", {:.2f} IOPS", result.iops());
  if (!result.completed) context += ", stopped early";
  return fmt::format("{}: {} {} {} {} ({}{})", check.name, format_metric(e, s.measured), relation,
                     e.key, bound, context, evidence);
}

namespace {
// "12.50-13.10", or one end only ("at least 12.50") when the runs so far give just one: a single
// run bounds a floor from below, never from above.
std::string interval_text(const Interval& i, const std::function<std::string(double)>& value) {
  const bool has_lo = !std::isnan(i.lo), has_hi = !std::isnan(i.hi);
  if (has_lo && has_hi) return value(i.lo) + "-" + value(i.hi);
  if (has_lo) return "at least " + value(i.lo);
  if (has_hi) return "at most " + value(i.hi);
  return "unbounded so far";
}
}  // namespace

std::string describe_interval(const Judgement& j) {
  const Expectation& e = *j.expectation;
  if (const auto* peers = std::get_if<PeersBound>(&e.bound))
    return fmt::format("{} {} here; {:g}% of peers, judged by iogate fleet", metric_name(e),
                       format_value(e.metric, j.estimate), peers->fraction * 100);
  if (j.ratio)
    return fmt::format("{} {}x baseline (bound {:.2f}x)", metric_name(e),
                       interval_text(j.interval, [](double v) { return fmt::format("{:.2f}", v); }),
                       j.bound);
  return fmt::format("{} {}{} ({} {})", metric_name(e),
                     interval_text(j.interval, [&](double v) { return format_value(e.metric, v); }),
                     j.pooled ? " of all I/Os" : "", e.key, format_value(e.metric, j.bound));
}

std::string undecided_line(const Judgement& j, int runs_allowed) {
  return fmt::format("{} {}: undecided", describe_interval(j), runs_text(j, runs_allowed));
}

}  // namespace iogate
