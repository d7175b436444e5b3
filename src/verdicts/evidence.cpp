// The rules are written at the top of include/iogate/verdicts/evidence.hpp.
#include "iogate/verdicts/evidence.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

#include "iogate/verdicts/verdict.hpp"

namespace iogate {
namespace {

bool is_floor(const Expectation& e) { return e.kind == BoundKind::min; }

// A NaN figure (no I/O completed) satisfies no bound: it goes to the bad side.
std::vector<double> ordered_samples(const Expectation& e, std::span<const double> samples) {
  std::vector<double> out;
  for (double v : samples) out.push_back(std::isnan(v) ? (is_floor(e) ? -INFINITY : INFINITY) : v);
  return out;
}

// Fills decision from interval: a floor holds at lo >= bound, breaks at hi < bound.
void decide(Judgement& j) {
  const Expectation& e = *j.expectation;
  if (is_floor(e)) {
    if (j.interval.lo >= j.bound) j.decision = Decision::holds;
    if (j.interval.hi < j.bound) j.decision = Decision::broken;
  } else {
    if (j.interval.hi <= j.bound) j.decision = Decision::holds;
    if (j.interval.lo > j.bound) j.decision = Decision::broken;
  }
}

}  // namespace

std::vector<double> positive_samples(const Expectation& e, std::span<const double> samples) {
  std::vector<double> out;
  for (double v : samples) {
    if (std::isnan(v)) v = is_floor(e) ? 0 : INFINITY;
    out.push_back(std::clamp(v, 1e-300, 1e300));
  }
  return out;
}

const char* decision_name(Decision d) {
  switch (d) {
    case Decision::holds:
      return "holds";
    case Decision::broken:
      return "broken";
    case Decision::undecided:
      return "undecided";
    case Decision::fleet:
      return "fleet";
  }
  return "?";
}

double pass_level(const RunPlan& plan) {
  if (plan.pass > 0) return plan.pass;
  return std::max(std::ldexp(1.0, -std::max(plan.min_runs, 1)), kStrictestPassLevel);
}

double fail_level(const RunPlan& plan, int runs) {
  const int looks = std::max(1, plan.max_runs - plan.min_runs + 1);
  if (looks == 1) return plan.false_fail;
  // Half for the last look, where the sample is largest; half shared by the earlier ones, which
  // only a clear regression (a 7x slowdown) can pass.
  return runs >= plan.max_runs ? plan.false_fail / 2 : plan.false_fail / 2 / (looks - 1);
}

namespace {

// Runs below the median needed to call it broken at a look of n runs, at `level`: n + 1 - k for
// the k of median_interval; 0 when no bound exists.
std::size_t broken_count(std::size_t n, double level) {
  std::size_t k = 0;
  while (k < n && binomial_half_cdf(n, k) <= level) ++k;
  return k == 0 ? 0 : n + 1 - k;
}

// P(the sequence ever calls a bound exactly at the median broken) at per-look `level`: the
// number of runs below it is a random walk with steps of probability 1/2, absorbed at each look's
// broken_count. Stopping on a pass only ends walks early, so leaving it out over-counts.
double sequential_false_fail(const RunPlan& plan, double level) {
  const auto most = static_cast<std::size_t>(plan.max_runs);
  std::vector<double> below(most + 2, 0.0);  // below[b]: P(b runs below so far, not yet failed)
  below[0] = 1;
  double failed = 0;
  for (std::size_t n = 1; n <= most; ++n) {
    for (std::size_t b = n; b > 0; --b) below[b] = (below[b] + below[b - 1]) / 2;
    below[0] /= 2;
    if (static_cast<int>(n) < plan.min_runs) continue;
    const std::size_t c = broken_count(n, level);
    if (c == 0) continue;
    for (std::size_t b = c; b <= n; ++b) failed += std::exchange(below[b], 0.0);
  }
  return failed;
}

}  // namespace

double absolute_fail_level(const RunPlan& plan) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, double>, double> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto [it, inserted] =
      cache.try_emplace({plan.min_runs, plan.max_runs, plan.false_fail}, 0.0);
  if (!inserted) return it->second;
  double lo = 0, hi = plan.false_fail;  // the largest level whose sequence stays within it
  for (int i = 0; i < 40; ++i) {
    const double mid = (lo + hi) / 2;
    (sequential_false_fail(plan, mid) <= plan.false_fail ? lo : hi) = mid;
  }
  return it->second = lo;
}

Judgement judge_absolute(const Expectation& e, std::span<const double> samples, double bound,
                         const EvidenceLevels& levels) {
  Judgement j;
  j.expectation = &e;
  j.bound = bound;
  j.runs = static_cast<int>(samples.size());
  const std::vector<double> values = ordered_samples(e, samples);
  j.estimate = median(values);
  const Interval at_pass = median_interval(values, levels.pass);
  const Interval at_fail = median_interval(values, levels.fail);
  j.interval = is_floor(e) ? Interval{at_pass.lo, at_fail.hi} : Interval{at_fail.lo, at_pass.hi};
  decide(j);
  return j;
}

Judgement judge_relative(const Expectation& e, std::span<const double> now,
                         std::span<const double> baseline, double fraction,
                         const EvidenceLevels& levels) {
  Judgement j;
  j.expectation = &e;
  j.bound = fraction;
  j.ratio = true;
  j.runs = static_cast<int>(now.size());
  const std::vector<double> x = positive_samples(e, now);
  const std::vector<double> y = positive_samples(e, baseline);
  if (y.size() == 1) {  // one figure: exact (evidence.hpp)
    std::vector<double> ratios;
    for (double v : x) ratios.push_back(v / y.front());
    Judgement exact = judge_absolute(e, ratios, fraction, levels);
    exact.ratio = true;
    return exact;
  }
  const RatioEstimate at_pass = ratio_interval(x, y, levels.pass);
  const RatioEstimate at_fail = ratio_interval(x, y, levels.fail);
  j.estimate = at_pass.estimate;
  j.interval = is_floor(e) ? Interval{at_pass.bounds.lo, at_fail.bounds.hi}
                           : Interval{at_fail.bounds.lo, at_pass.bounds.hi};
  decide(j);
  return j;
}

Judgement judge_pooled_percentile(const Expectation& e, const LatencyHistogram& pooled, int runs,
                                  double bound_ms, const EvidenceLevels& levels) {
  Judgement j;
  j.expectation = &e;
  j.bound = bound_ms;
  j.pooled = true;
  j.runs = runs;
  if (pooled.count() == 0) {  // nothing completed: no latency meets a bound
    j.estimate = INFINITY;
    j.interval = {INFINITY, INFINITY};
    decide(j);
    return j;
  }
  const double n = static_cast<double>(pooled.count());
  const double q = e.percentile / 100.0;
  auto at = [&](double rank) {
    return std::isnan(rank) ? NAN : pooled.percentile_ns(rank * 100.0) / 1e6;
  };
  j.estimate = pooled.percentile_ns(e.percentile) / 1e6;
  const Interval at_pass = quantile_rank_interval(n, q, levels.pass);
  const Interval at_fail = quantile_rank_interval(n, q, levels.fail);
  // A ceiling: broken when even the fail-level lower rank is above it, holds when the pass-level
  // upper rank is within it.
  j.interval = is_floor(e) ? Interval{at(at_pass.lo), at(at_fail.hi)}
                           : Interval{at(at_fail.lo), at(at_pass.hi)};
  decide(j);
  return j;
}

}  // namespace iogate
