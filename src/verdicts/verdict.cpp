// Judging: the rules are written at the top of include/iogate/verdicts/verdict.hpp.
#include "iogate/verdicts/verdict.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <variant>

#include "iogate/engine/figure_names.hpp"
#include "iogate/verdicts/statistics.hpp"

namespace iogate {
namespace {

// Figures whose spread an asked-for cv_max limits; tails (max, percentiles) always spread.
bool held_to_cv(Metric m) {
  return m == Metric::iops || m == Metric::mbps || m == Metric::duration ||
         m == Metric::latency_avg;
}

constexpr std::size_t kMinRunsForSpread = 3;

void judge_spread(const Check& check, const MetricSamples& current, Verdict& v) {
  if (!check.cv_max) return;
  for (const Expectation& e : check.expectations) {
    const std::vector<double>& values = current.at(sample_key(e));
    if (!held_to_cv(e.metric) || values.size() < kMinRunsForSpread) continue;
    const double cv = coefficient_of_variation(values);
    if (cv > *check.cv_max)
      v.shortfalls.push_back(
          {nullptr, cv, *check.cv_max,
           fmt::format("{} varies {:.1f}% between runs > cv_max {:g}% ({} runs)", sample_key(e),
                       cv * 100, *check.cv_max * 100, values.size()),
           std::nullopt});
  }
}

// An absolute percentile bound is weighed on every I/O of every run (evidence.hpp).
bool pooled(const Expectation& e) {
  return e.metric == Metric::latency_percentile && std::holds_alternative<AbsoluteBound>(e.bound);
}

// The latencies an expectation bounds: of every I/O, of one direction's, or of the share issued
// at cmd_priority.
const LatencyHistogram& latencies(const Expectation& e, const RunResult& r) {
  if (e.prioritized) return r.prioritized_latency;
  return e.direction ? r.latency_of(*e.direction) : r.latency;
}

LatencyHistogram pool(const std::vector<RunResult>& runs, const Expectation& e) {
  LatencyHistogram all;
  for (const RunResult& r : runs) all.merge(latencies(e, r));
  return all;
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
            {nullptr, rates[i], *check.stall_max * med,
             fmt::format("stall: second {} of run {} moved {:.2f} MB/s < stall_max {:g}% of the "
                         "median {:.2f} MB/s",
                         i + 1, r + 1, rates[i], *check.stall_max * 100, med),
             std::nullopt});
        break;  // one line per run is enough to see it
      }
    }
  }
}

// settled = true: every run's steady-state phase ended settled, not at steady_max.
void judge_settling(const Check& check, const std::vector<RunResult>& runs, Verdict& v) {
  if (!check.require_settled) return;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (!runs[r].steady_state || runs[r].steady_state->settled) continue;
    v.shortfalls.push_back(
        {nullptr, NAN, NAN,
         fmt::format("run {} was measured without a steady state: {}", r + 1,
                     steady_state_words(check.workload.steady_state, *runs[r].steady_state)),
         std::nullopt});
    break;  // one run that did not settle says it
  }
}

}  // namespace

std::string sample_key(const Expectation& e) {
  if (e.prioritized) {
    Expectation all = e;
    all.prioritized = false;
    return std::string(kPrioritizedPrefix) + sample_key(all);
  }
  if (e.direction) {
    Expectation all = e;
    all.direction.reset();
    return std::string(direction_prefix(*e.direction)) + sample_key(all);
  }
  return sample_key_of({e.metric, e.metric == Metric::latency_percentile ? e.percentile : 0});
}

double measured_value(const Expectation& e, const RunResult& r) {
  const LatencyHistogram& latency = latencies(e, r);
  const bool no_latency = latency.count() == 0;
  // A direction the run did no I/O in has no figures: NaN, as for a latency without I/O.
  const bool absent = e.direction && !r.has_direction(*e.direction);
  switch (e.metric) {
    case Metric::iops:
      return absent ? NAN : e.direction ? r.iops_of(*e.direction) : r.iops();
    case Metric::mbps:
      return absent ? NAN : e.direction ? r.mbps_of(*e.direction) : r.mbps();
    case Metric::duration:
      return r.elapsed_s;
    // No completed I/O has no latency: NaN, which satisfies no bound.
    case Metric::latency_avg:
      return no_latency ? NAN : avg_ms(latency);
    case Metric::latency_max:
      return no_latency ? NAN : max_ms(latency);
    case Metric::latency_percentile:
      return no_latency ? NAN : percentile_ms(latency, e.percentile);
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
  if (std::holds_alternative<PeersBound>(e.bound) || baseline == nullptr) return NAN;
  const auto it = baseline->find(sample_key(e));
  if (it == baseline->end() || it->second.empty()) return NAN;
  return std::get<RelativeBound>(e.bound).fraction * median(it->second);
}

Verdict evaluate(const Check& check, const std::vector<RunResult>& runs,
                 const MetricSamples& current, const MetricSamples* baseline, const RunPlan& plan) {
  Verdict v;
  v.runs = check.expectations.empty()
               ? static_cast<int>(runs.size())
               : static_cast<int>(current.at(sample_key(check.expectations[0])).size());
  v.runs_allowed = plan.max_runs;
  // 58 KiB each: built only when a bound needs it, per latencies bounded (all, read, write, the
  // share at cmd_priority).
  std::optional<LatencyHistogram> pools[4];
  const auto pool_of = [&](const Expectation& e) -> const LatencyHistogram& {
    std::optional<LatencyHistogram>& p =
        pools[e.prioritized ? 3
              : e.direction ? 1 + static_cast<std::size_t>(*e.direction)
                            : 0];
    if (!p) p = pool(runs, e);
    return *p;
  };
  for (const Expectation& e : check.expectations) {
    const std::vector<double>& values = current.at(sample_key(e));
    if (std::holds_alternative<PeersBound>(e.bound)) {
      // The one place a peers bound is met on one host: recorded as left to iogate fleet.
      Judgement j;
      j.expectation = &e;
      j.decision = Decision::fleet;
      j.estimate = median(values);
      j.runs = static_cast<int>(values.size());
      v.judgements.push_back(j);
      continue;
    }
    const auto* rel = std::get_if<RelativeBound>(&e.bound);
    const auto found = baseline ? baseline->find(sample_key(e)) : MetricSamples::const_iterator{};
    const bool has_reference = baseline && found != baseline->end() && !found->second.empty();
    if (rel && !has_reference) {
      v.skipped = fmt::format("{} = \"{:g}% of baseline\" needs a baseline with {} samples", e.key,
                              rel->fraction * 100, sample_key(e));
      continue;
    }
    EvidenceLevels levels;
    levels.pass = pass_level(plan);
    levels.fail = rel || pooled(e) ? fail_level(plan, static_cast<int>(values.size()))
                                   : absolute_fail_level(plan);
    Judgement j;
    double bound = resolve_bound(e, baseline);
    if (rel) {
      j = judge_relative(e, values, found->second, rel->fraction, levels);
      v.compared.push_back({&e, median(found->second), median(values)});
    } else if (pooled(e)) {
      j = judge_pooled_percentile(e, pool_of(e), v.runs, bound, levels);
    } else {
      j = judge_absolute(e, values, bound, levels);
    }
    const double measured = rel || !pooled(e) ? median(values) : j.estimate;
    if (j.decision == Decision::broken)
      v.shortfalls.push_back({&e, measured, bound, {}, j});
    else if (j.decision == Decision::undecided)
      v.unstable.push_back(undecided_line(j, plan.max_runs));
    v.judgements.push_back(j);
  }
  judge_stalls(check, runs, v);
  judge_settling(check, runs, v);
  judge_spread(check, current, v);
  return v;
}

Verdict evaluate(const Check& check, const std::vector<RunResult>& runs,
                 const MetricSamples* baseline) {
  const int n = static_cast<int>(runs.size());
  return evaluate(check, runs, collect_samples(check, runs), baseline, RunPlan{n, n});
}

}  // namespace iogate
