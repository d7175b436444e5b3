// How verdict figures and failure lines read.
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <string_view>
#include <variant>

#include "iogate/common/units.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iogate/verdicts/verdict.hpp"

namespace iogate {
namespace {

// The figure as the verdict lines name it: its sample key without the unit its values carry
// ("duration", "latency_p99"; the line gives the unit with the value).
std::string metric_name(const Expectation& e) {
  std::string key = sample_key(e);
  for (const std::string_view unit : {"_ms", "_s"})
    if (key.ends_with(unit)) {
      key.resize(key.size() - unit.size());
      break;
    }
  return key;
}

}  // namespace

namespace {

// A rate's number without its unit (an interval names the unit once: "95.20-104.10 IOPS").
std::string rate_number(double value) { return fmt::format("{:.2f}", value); }

// IOPS or MB/s; empty for a metric that is no rate (its values say their unit: "1.80s").
std::string rate_unit(Metric metric) {
  if (metric == Metric::iops || metric == Metric::mbps) return unit_of(metric);
  return "";
}

}  // namespace

std::string format_value(Metric metric, double value) {
  if (!std::isfinite(value)) return "n/a";
  switch (metric) {
    case Metric::iops:
    case Metric::mbps:
      return rate_number(value) + " " + rate_unit(metric);
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
  if (j.samples > 1) return fmt::format("after the {} runs of both samples", j.runs);
  return fmt::format("after {} of {} runs", j.runs, runs_allowed);
}

// "12.50-13.10", or one end only ("at least 12.50") when the runs so far give just one: a single
// run bounds a floor from below, never from above.
std::string interval_text(const Interval& i, const std::function<std::string(double)>& value) {
  const bool has_lo = !std::isnan(i.lo), has_hi = !std::isnan(i.hi);
  if (has_lo && has_hi) return value(i.lo) + "-" + value(i.hi);
  if (has_lo) return "at least " + value(i.lo);
  if (has_hi) return "at most " + value(i.hi);
  return "unbounded so far";
}

// The interval in the metric's unit, a rate's unit said once: "95.20-104.10 IOPS", "1.80s-1.85s".
std::string metric_interval(const Interval& i, Metric metric) {
  const bool unbounded = std::isnan(i.lo) && std::isnan(i.hi);
  if (const std::string unit = rate_unit(metric); !unit.empty() && !unbounded)
    return interval_text(i, rate_number) + " " + unit;
  return interval_text(i, [metric](double v) { return format_value(metric, v); });
}

// What the estimate a verdict holds to its bound is: "median of 6 runs", "all I/Os of 6 runs".
std::string estimate_basis(const Judgement& j) {
  if (j.ratio)
    return fmt::format("median of {} run{} against the baseline's", j.runs, j.runs == 1 ? "" : "s");
  if (j.pooled) return fmt::format("all I/Os of {} run{}", j.runs, j.runs == 1 ? "" : "s");
  if (j.runs <= 1) return "one run";
  return fmt::format("median of {} runs", j.runs);
}

// Which statistic of the runs the figure a failure line leads with is (Shortfall::measured):
// "median of 6 runs", "all I/Os of 6 runs", "one run". A relative bound's too is the median of the
// runs in the figure's unit; its comparison with the baseline is the interval's ("now 0.12x ...").
std::string measured_basis(const Judgement& j) {
  if (j.pooled) return fmt::format("all I/Os of {} run{}", j.runs, j.runs == 1 ? "" : "s");
  if (j.runs <= 1) return "one run";
  return fmt::format("median of {} runs", j.runs);
}

// "0.86-1.04x baseline (bound 0.90x)": a relative verdict's interval, in ratios.
std::string ratio_interval_text(const Judgement& j) {
  return fmt::format("{}x baseline (bound {:.2f}x)",
                     interval_text(j.interval, [](double v) { return fmt::format("{:.2f}", v); }),
                     j.bound);
}

// The verdict's interval around its estimate, in the estimate's own terms.
std::string interval_words(const Judgement& j) {
  if (j.ratio) return "now " + ratio_interval_text(j);
  return "interval " + metric_interval(j.interval, j.expectation->metric);
}

}  // namespace

std::string failure_line(const Check& check, const RunResult& result, const Shortfall& s,
                         int runs_allowed, const std::string& shown) {
  if (s.expectation == nullptr) return fmt::format("{}: {}", check.name, s.note);  // a stall
  const Expectation& e = *s.expectation;
  const char* relation = e.kind == BoundKind::min ? "<" : ">";
  std::string bound = format_value(e.metric, s.bound);
  if (const auto* rel = std::get_if<RelativeBound>(&e.bound))
    bound = fmt::format("{:g}% of baseline = {}", rel->fraction * 100, bound);
  if (!s.note.empty()) {  // fail fast: the figure is a projection, the note says which
    std::string evidence;
    if (s.judgement)
      evidence = fmt::format("; {}, {}, {}", estimate_basis(*s.judgement),
                             interval_words(*s.judgement), runs_text(*s.judgement, runs_allowed));
    return fmt::format("{}: {} {} {} {} ({}{})", check.name, metric_name(e), relation, e.key, bound,
                       s.note, evidence);
  }
  // The figure led with is the verdict's, a statistic of the runs, said beside it; the table's row
  // shows one run. So the tail gives that run's figure of the same metric, as the row prints it
  // (a median of an even number of runs lies between two runs, and a pooled percentile is no one
  // run's), then what else that run did.
  std::string basis, evidence;
  if (s.judgement) {
    basis = " (" + measured_basis(*s.judgement) + ")";
    evidence = fmt::format("{}, {}; ", interval_words(*s.judgement),
                           runs_text(*s.judgement, runs_allowed));
  }
  std::string context = fmt::format("{}, {}", format_metric(e, measured_value(e, result)),
                                    format_size(result.bytes()));
  if (e.metric != Metric::mbps) context += fmt::format(" at {:.2f} MB/s", result.mbps());
  if (e.metric != Metric::iops && e.metric != Metric::mbps && e.metric != Metric::duration)
    context += fmt::format(", {:.2f} IOPS", result.iops());
  if (!result.completed) context += ", stopped early";
  return fmt::format("{}: {}{} {} {} {}: {}{}: {}", check.name, format_metric(e, s.measured), basis,
                     relation, e.key, bound, evidence, shown, context);
}

std::string describe_interval(const Judgement& j) {
  const Expectation& e = *j.expectation;
  if (const auto* peers = std::get_if<PeersBound>(&e.bound))
    return fmt::format("{} {} here; {:g}% of peers, judged by iogate fleet", metric_name(e),
                       format_value(e.metric, j.estimate), peers->fraction * 100);
  if (j.ratio) return fmt::format("{} {}", metric_name(e), ratio_interval_text(j));
  return fmt::format("{} {}{} ({} {})", metric_name(e), metric_interval(j.interval, e.metric),
                     j.pooled ? " of all I/Os" : "", e.key, format_value(e.metric, j.bound));
}

std::string undecided_line(const Judgement& j, int runs_allowed) {
  return fmt::format("{} {}: undecided", describe_interval(j), runs_text(j, runs_allowed));
}

}  // namespace iogate
