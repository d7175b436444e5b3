// Judging: the rules are written at the top of include/iogate/verdicts/verdict.hpp.
#include "iogate/verdicts/verdict.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <variant>

#include "iogate/verdicts/statistics.hpp"

namespace iogate {
namespace {

// Figures whose spread says the runs were disturbed; tails (max, percentiles) always spread.
bool held_to_cv(Metric m) {
  return m == Metric::iops || m == Metric::mbps || m == Metric::duration ||
         m == Metric::latency_avg;
}

bool beyond(const Expectation& e, double measured, double bound) {
  // Written so that a NaN figure is beyond any bound.
  return e.kind == BoundKind::min ? !(measured >= bound) : !(measured <= bound);
}

std::vector<double> scaled(const std::vector<double>& values, double factor) {
  std::vector<double> out;
  for (double v : values) out.push_back(v * factor);
  return out;
}

// The U test, or nothing when the sample sizes cannot reach alpha (fall back to the medians).
std::optional<UTest> relative_test(const Expectation& e, const std::vector<double>& current,
                                   const std::vector<double>& reference) {
  if (smallest_p(current.size(), reference.size()) >= kVerdictAlpha) return std::nullopt;
  return e.kind == BoundKind::min ? mann_whitney_less(current, reference)
                                  : mann_whitney_less(reference, current);
}

void check_spread(const std::string& what, const std::vector<double>& values, double cv_max,
                  Verdict& v) {
  const double cv = coefficient_of_variation(values);
  if (cv > cv_max)
    v.unstable.push_back(
        fmt::format("{} varies {:.1f}% between runs (cv_max {:g}%)", what, cv * 100, cv_max * 100));
}

void judge_stalls(const Check& check, const std::vector<RunResult>& runs, Verdict& v) {
  if (!check.stall_max) return;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    std::vector<double> rates;
    for (const IntervalSample& s : runs[r].intervals)
      if (s.length_s >= 0.999) rates.push_back(s.mbps());
    if (rates.size() < 3) continue;
    const double med = median(rates);
    for (std::size_t i = 0; i < rates.size(); ++i) {
      if (rates[i] < *check.stall_max * med) {
        v.shortfalls.push_back(
            {nullptr, rates[i], *check.stall_max * med, -1,
             fmt::format("stall: second {} of run {} moved {:.2f} MB/s < stall_max {:g}% of the "
                         "median {:.2f} MB/s",
                         i + 1, r + 1, rates[i], *check.stall_max * 100, med)});
        break;  // one line per run is enough to see it
      }
    }
  }
}

}  // namespace

std::string sample_key(const Expectation& e) {
  switch (e.metric) {
    case Metric::iops:
      return "iops";
    case Metric::mbps:
      return "mbps";
    case Metric::duration:
      return "duration_s";
    case Metric::latency_avg:
      return "latency_avg_ms";
    case Metric::latency_max:
      return "latency_max_ms";
    case Metric::latency_percentile:
      return fmt::format("latency_p{:g}_ms", e.percentile);
  }
  return "?";
}

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

MetricSamples collect_samples(const Check& check, const std::vector<RunResult>& runs) {
  MetricSamples out;
  for (const Expectation& e : check.expectations) {
    std::vector<double>& values = out[sample_key(e)];
    values.clear();
    for (const RunResult& r : runs) values.push_back(measured_value(e, r));
  }
  return out;
}

double resolve_bound(const Expectation& e, const MetricSamples* baseline) {
  if (const auto* abs = std::get_if<AbsoluteBound>(&e.bound)) return abs->value;
  if (baseline == nullptr) return NAN;
  const auto it = baseline->find(sample_key(e));
  if (it == baseline->end() || it->second.empty()) return NAN;
  return std::get<RelativeBound>(e.bound).fraction * median(it->second);
}

Verdict evaluate(const Check& check, const std::vector<RunResult>& runs,
                 const MetricSamples* baseline) {
  Verdict v;
  const MetricSamples current = collect_samples(check, runs);
  for (const Expectation& e : check.expectations) {
    const std::vector<double>& values = current.at(sample_key(e));
    const double measured = median(values);
    const bool cv_applies = held_to_cv(e.metric) && values.size() >= 2;
    if (cv_applies) check_spread(sample_key(e), values, check.cv_max, v);
    const auto* rel = std::get_if<RelativeBound>(&e.bound);
    if (rel == nullptr) {
      const double bound = resolve_bound(e, nullptr);
      if (beyond(e, measured, bound)) v.shortfalls.push_back({&e, measured, bound, -1, {}});
      continue;
    }
    const auto found = baseline ? baseline->find(sample_key(e)) : MetricSamples::const_iterator{};
    if (baseline == nullptr || found == baseline->end() || found->second.empty()) {
      v.skipped = fmt::format("{} = \"{:g}% of baseline\" needs a baseline with {} samples", e.key,
                              rel->fraction * 100, sample_key(e));
      continue;
    }
    const std::vector<double>& reference = found->second;
    if (held_to_cv(e.metric) && reference.size() >= 2)
      check_spread("baseline " + sample_key(e), reference, check.cv_max, v);
    const double bound = rel->fraction * median(reference);
    const auto test = relative_test(e, values, scaled(reference, rel->fraction));
    const double p = test ? test->p : -1;
    v.compared.push_back({&e, median(reference), measured, p});
    const bool significant = !test || test->p < kVerdictAlpha;
    if (beyond(e, measured, bound) && significant)
      v.shortfalls.push_back({&e, measured, bound, p, {}});
  }
  judge_stalls(check, runs, v);
  if (!v.shortfalls.empty()) v.unstable.clear();  // a clear failure wins over noise
  return v;
}

}  // namespace iogate
