// The rule is in src/verdicts/baseline_precision.hpp.
#include "baseline_precision.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <variant>

#include "iogate/verdicts/statistics.hpp"

namespace iogate {
namespace {

constexpr double kPinConfidence = 0.95;  // as `baseline record` reports it

// The margin a relative bound leaves a datastore as good as its baseline: 0.1 for 90% of it.
std::optional<double> relative_margin(const Expectation& e) {
  const auto* relative = std::get_if<RelativeBound>(&e.bound);
  if (relative == nullptr) return std::nullopt;
  return std::abs(1.0 - relative->fraction);
}

}  // namespace

double precision_bounds_need(const Check& check) {
  double needed = INFINITY;
  for (const Expectation& e : check.expectations)
    if (const std::optional<double> margin = relative_margin(e); margin && *margin > 0)
      needed = std::min(needed, *margin * kBaselineShareOfMargin);
  return needed;
}

double recording_aim(const Check& check, double asked, int runs, bool runs_given) {
  const double needed = precision_bounds_need(check);
  return runs_given || runs < kRecordingRuns ? std::min(asked, needed) : needed;
}

int baseline_recording_runs(const Check& check) {
  const bool relative = std::any_of(check.expectations.begin(), check.expectations.end(),
                                    [](const Expectation& e) { return relative_margin(e); });
  return relative ? kRecordingRunsRelative : kRecordingRuns;
}

std::optional<std::string> loose_baseline_note(const Check& check, const MetricSamples& recorded) {
  for (const Expectation& e : check.expectations) {
    const std::optional<double> margin = relative_margin(e);
    if (!margin || *margin <= 0) continue;
    const auto samples = recorded.find(sample_key(e));
    if (samples == recorded.end()) continue;
    const double pinned = median_precision(samples->second, kPinConfidence);
    const double needed = *margin * kBaselineShareOfMargin;
    if (std::isnan(pinned) || pinned <= needed) continue;
    return fmt::format(
        "the baseline pins its {} median within +-{:.1f}% (95%, {} runs), and {} = \"{:g}% of "
        "baseline\" needs +-{:.1f}%: checks against it may stay undecided however many runs they "
        "make; "
        "record it again on a quieter datastore or with more runs (baseline record --repeat-max)",
        sample_key(e), pinned * 100, samples->second.size(), e.key,
        std::get<RelativeBound>(e.bound).fraction * 100, needed * 100);
  }
  return std::nullopt;
}

}  // namespace iogate
