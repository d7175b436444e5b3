// Recording a baseline: the rule is in src/runner/check_session.hpp (RecordingPlan).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "check_session.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/common/units.hpp"
#include "iogate/verdicts/statistics.hpp"
#include "sample_loop.hpp"
#include "verdicts/baseline_precision.hpp"
#include "verdicts/level_shift.hpp"

namespace iogate {
namespace {

constexpr double kPrecisionConfidence = 0.95;

// The figures whose median the baseline must pin: those the check bounds (MB/s for a check that
// bounds only its stalls).
std::vector<std::string> pinned_keys(const Check& check) {
  std::vector<std::string> keys;
  for (const Expectation& e : check.expectations)
    if (std::find(keys.begin(), keys.end(), sample_key(e)) == keys.end())
      keys.push_back(sample_key(e));
  if (keys.empty()) keys.push_back("mbps");
  return keys;
}

// The worst precision over `keys` (NaN while any cannot be told yet).
double worst_precision(const MetricSamples& samples, const std::vector<std::string>& keys) {
  double worst = 0;
  for (const std::string& key : keys) {
    const double p = median_precision(samples.at(key), kPrecisionConfidence);
    if (std::isnan(p)) return NAN;
    worst = std::max(worst, p);
  }
  return worst;
}

// The full one-second intervals' MB/s of every run, in time order.
std::vector<double> interval_rates(const std::vector<RunResult>& runs) {
  std::vector<double> rates;
  for (const RunResult& r : runs)
    for (const IntervalSample& i : r.intervals)
      if (i.length_s >= 0.999) rates.push_back(i.mbps());
  return rates;
}

std::string describe(const LevelShift& shift) {
  return fmt::format(
      "the datastore shifted level during the recording, {:.2f} MB/s from its second {} to {} "
      "against {:.2f} MB/s the rest of the time (p = {:.3f}): a neighbour's burst?",
      shift.inside, shift.from + 1, shift.to, shift.outside, shift.p);
}

}  // namespace

CheckOutcome record_until_pinned(const Check& check, const FileRef& test_file,
                                 const JudgeOptions& options) {
  const RecordingPlan& plan = *options.recording;
  BaselineRecording recording;
  recording.pinned = pinned_keys(check);
  const bool runs_given = options.repeat_max > 0;
  detail::SampleRule rule;
  rule.min_runs = options.repeat > 0 ? options.repeat : check.repeat;
  rule.max_runs =
      std::max(rule.min_runs, runs_given ? options.repeat_max : baseline_recording_runs(check));
  rule.budget = plan.budget;
  rule.done = [&](const std::vector<RunResult>& runs, const MetricSamples&) {
    recording.precision = worst_precision(baseline_samples(check, runs), recording.pinned);
    return recording.precision <=
           recording_aim(check, plan.precision, static_cast<int>(runs.size()), runs_given);
  };
  CheckOutcome outcome;
  for (int made = 1;; ++made) {
    recording.precision = NAN;
    detail::Sample sample = detail::run_sample(check, test_file, options, rule, made == 1);
    recording.recordings = made;
    const std::optional<LevelShift> shift = find_level_shift(interval_rates(sample.runs));
    if (!shift || made >= plan.recordings) {
      if (shift) recording.shifted = describe(*shift);
      detail::adopt(std::move(sample), check, outcome);
      break;
    }
    const Nanoseconds pause = confirmation_pause(check, sample.longest_run);
    detail::pause_for(options, {pause,
                                fmt::format("{} recording again after a {} pause", describe(*shift),
                                            format_duration(pause)),
                                "pausing before recording the baseline again"});
  }
  outcome.recording = std::move(recording);
  return outcome;
}

}  // namespace iogate
