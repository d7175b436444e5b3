// The rule is in src/verdicts/decidable.hpp.
#include "decidable.hpp"

#include <fmt/format.h>

#include <variant>

#include "confirmation.hpp"

namespace iogate {
namespace {

// Relative steps between the damning values, small enough to keep them all on one side, and
// non-zero so that no two tie.
constexpr double kStep = 1e-6;
constexpr double kReference = 1000;  // a baseline's figure
constexpr double kFarBeyond = 1000;  // how far beyond the bound every damning run is

// The runs a sample of `n` would hold if each were kFarBeyond past `bound` on its bad side.
std::vector<double> damning(const Expectation& e, double bound, int n) {
  const double value = e.kind == BoundKind::min ? bound / kFarBeyond : bound * kFarBeyond;
  std::vector<double> out;
  for (int i = 0; i < n; ++i) out.push_back(value * (1 + kStep * i));
  return out;
}

bool broken(const Check& alone, const MetricSamples* baseline, int runs, const RunPlan& plan) {
  const Expectation& e = alone.expectations.front();
  const double bound = resolve_bound(e, baseline);
  MetricSamples current{{sample_key(e), damning(e, bound, runs)}};
  const Verdict v = evaluate(alone, {}, current, baseline, plan);
  return !v.judgements.empty() && v.judgements.front().decision == Decision::broken;
}

// Whether `repeat_max` runs a sample can fail `alone` (one expectation) in any way confirmation
// allows.
bool can_fail(const Check& alone, const MetricSamples* baseline, int repeat, int repeat_max) {
  const RunPlan first{repeat, repeat_max, kFalseFailRate, 0};
  if (!broken(alone, baseline, repeat_max, first)) {
    if (!alone.confirm) return false;
    return broken(alone, baseline, 2 * repeat_max, pooled_plan(2 * repeat_max));
  }
  if (!alone.confirm) return true;
  return broken(alone, baseline, repeat_max, confirming_plan(first));
}

}  // namespace

std::vector<UndecidableBound> bounds_that_cannot_fail(const Check& check,
                                                      std::optional<int> baseline_runs) {
  std::vector<UndecidableBound> out;
  for (const Expectation& e : check.expectations) {
    const bool relative = std::holds_alternative<RelativeBound>(e.bound);
    if (std::holds_alternative<PeersBound>(e.bound) || (relative && !baseline_runs)) continue;
    if (e.metric == Metric::latency_percentile && !relative) continue;  // every I/O pooled
    Check alone;
    alone.name = check.name;
    alone.confirm = check.confirm;
    alone.expectations = {e};
    MetricSamples reference;
    if (relative)
      for (int i = 0; i < *baseline_runs; ++i)
        reference[sample_key(e)].push_back(kReference * (1 + kStep * i));
    const MetricSamples* baseline = relative ? &reference : nullptr;
    const int repeat = std::min(check.repeat, check.repeat_max);
    if (can_fail(alone, baseline, repeat, check.repeat_max)) continue;
    UndecidableBound b{&e, check.repeat, check.repeat_max, relative ? *baseline_runs : 0, {}};
    for (int n = check.repeat_max + 1; n <= kMaxRepeat; ++n)
      if (can_fail(alone, baseline, std::min(repeat, n), n)) {
        b.repeat_max_needed = n;
        break;
      }
    out.push_back(b);
  }
  return out;
}

std::optional<int> baseline_runs(const Check& check, const MetricSamples& samples) {
  for (const Expectation& e : check.expectations)
    if (std::holds_alternative<RelativeBound>(e.bound))
      if (const auto it = samples.find(sample_key(e)); it != samples.end() && !it->second.empty())
        return static_cast<int>(it->second.size());
  return std::nullopt;
}

std::string describe(const UndecidableBound& b) {
  const std::string against =
      b.baseline_runs > 0 ? fmt::format(" against a baseline of {}", b.baseline_runs) : "";
  const std::string remedy =
      b.repeat_max_needed
          ? fmt::format("repeat_max = {} can", *b.repeat_max_needed)
          : fmt::format("no repeat_max can against so few: record the baseline with more runs");
  return fmt::format("{} can never fail: {} runs{} cannot reach the {:g}% level a FAIL needs; {}",
                     b.expectation->key, b.repeat_max, against, kFalseFailRate * 100, remedy);
}

}  // namespace iogate
