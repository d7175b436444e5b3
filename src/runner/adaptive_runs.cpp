// Repeating, fail-fast and baseline handling around the verdict: the rules are in
// src/runner/check_session.hpp and include/iogate/verdicts/verdict.hpp.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <numeric>

#include "check_session.hpp"
#include "common/interrupt.hpp"
#include "iogate/baseline/baseline.hpp"
#include "sample_loop.hpp"
#include "verdicts/confirmation.hpp"
#include "verdicts/fail_fast.hpp"

namespace iogate {
namespace {

using detail::adopt;
using detail::pause_for;
using detail::run_sample;
using detail::Sample;
using detail::SampleRule;
using detail::Stops;

// A bound worth running for without a baseline: an absolute one, or a peers one, whose figures
// iogate fleet reads from the results.
bool needs_no_baseline(const Check& check) {
  return std::any_of(
      check.expectations.begin(), check.expectations.end(),
      [](const Expectation& e) { return !std::holds_alternative<RelativeBound>(e.bound); });
}

// What the baseline says about a check before it runs: the baseline's samples to compare with,
// a reason to skip its relative bounds, or (in the outcome) that the baseline was recorded with
// another workload.
struct BaselineView {
  const BaselineCheck* recorded = nullptr;
  std::optional<std::string> skip;
};

BaselineView look_up_baseline(const Check& check, const JudgeOptions& options,
                              const StorageStack& stack, CheckOutcome& outcome) {
  BaselineView view;
  if (check.relative()) {
    if (options.baseline == nullptr) {
      view.skip =
          "relative bounds (\"N% of baseline\") and no baseline given: record one with "
          "`iogate baseline record`, then pass it with --baseline, IOGATE_BASELINE or "
          "iogate_add_suite(... BASELINE file)";
    } else if ((view.recorded = options.baseline->find(check.name)) == nullptr) {
      view.skip =
          fmt::format("baseline {} (recorded {}) has no check \"{}\": record it again",
                      options.baseline->path.string(), options.baseline->recorded_at, check.name);
    } else if (const std::string diff = workload_difference(*view.recorded, check.workload);
               !diff.empty()) {
      outcome.baseline_mismatch = fmt::format(
          "baseline {} was recorded with a different workload ({}): record the baseline again",
          options.baseline->path.string(), diff);
      return view;
    }
  }
  if (options.baseline != nullptr) {
    outcome.baseline = options.baseline;
    // Named on the check's lines whatever its verdict: a pass against a baseline of another host
    // or filesystem is not the pass it looks like.
    const BaselineProvenance where =
        baseline_provenance(*options.baseline, options.host, options.datastore, stack);
    outcome.fingerprint_changes = where.changes;
    if (view.recorded != nullptr) {
      require_baseline_figures(*options.baseline, *view.recorded, check);
      if (options.strict_baseline)
        if (std::optional<std::string> refusal = strict_baseline_refusal(*options.baseline, where))
          throw BaselineError(std::move(*refusal));
    }
  }
  return view;
}

RunPlan plan_of(const Check& check, const JudgeOptions& options) {
  RunPlan plan;
  plan.min_runs = options.repeat > 0 ? options.repeat : check.repeat;
  plan.max_runs =
      std::max(plan.min_runs, options.repeat_max > 0 ? options.repeat_max : check.repeat_max);
  return plan;
}

// Runs until every expectation is decided (or one is broken), at least min_runs, at most
// max_runs, and beyond min_runs only while the next run fits the check's budget (evidence.hpp).
Sample judged_sample(const Check& check, const FileRef& test_file, const JudgeOptions& options,
                     const MetricSamples* reference, const RunPlan& plan, bool first) {
  Verdict verdict;
  SampleRule rule;
  rule.min_runs = plan.min_runs;
  rule.max_runs = plan.max_runs;
  rule.budget = check.budget;
  rule.fail_fast = true;
  rule.reference = reference;
  rule.done = [&](const std::vector<RunResult>& runs, const MetricSamples& samples) {
    verdict = evaluate(check, runs, samples, reference, plan);
    return verdict.decided();
  };
  Sample sample = run_sample(check, test_file, options, rule, first);
  sample.verdict = std::move(verdict);
  return sample;
}

// The line a user reads says how far a stopped run got and where it was heading: on the bound
// that stopped it, else on the first one broken (a relative floor may be decided by the same
// stopped runs first).
void note_fail_fast(const Stops& stops, CheckOutcome& outcome) {
  const Shortfall& first = *stops.first;
  auto& shortfalls = outcome.verdict.shortfalls;
  auto s = std::find_if(shortfalls.begin(), shortfalls.end(),
                        [&](const Shortfall& f) { return f.expectation == first.expectation; });
  if (s == shortfalls.end())
    s = std::find_if(shortfalls.begin(), shortfalls.end(),
                     [](const Shortfall& f) { return f.expectation != nullptr; });
  if (s == shortfalls.end()) return;
  if (s->expectation == first.expectation) s->measured = first.measured;
  s->note = fmt::format("{}; {} of {} runs stopped early", first.note, stops.count, stops.of_runs);
  outcome.fail_fast_elapsed_s = outcome.runs.back().elapsed_s;
  outcome.result = outcome.runs.back();
  outcome.shown_run = outcome.runs.size() - 1;
}

}  // namespace

void pause_unless_stopped(const Pause& pause) { sleep_unless_stopped(pause.length, pause.doing); }

CheckOutcome run_until_decided(const Check& check, const FileRef& test_file,
                               const StorageStack& stack, const JudgeOptions& options) {
  CheckOutcome outcome;
  const BaselineView baseline = look_up_baseline(check, options, stack, outcome);
  if (outcome.baseline_mismatch) return outcome;
  if (baseline.skip && !needs_no_baseline(check)) {
    outcome.verdict.skipped = baseline.skip;
    return outcome;
  }
  const MetricSamples* reference = baseline.recorded ? &baseline.recorded->samples : nullptr;
  const RunPlan plan = plan_of(check, options);
  Sample first = judged_sample(check, test_file, options, reference, plan, true);
  Stops stops = first.stops;
  if (!worth_confirming(first.verdict) || !check.confirm) {
    adopt(std::move(first), check, outcome);
  } else {
    const Nanoseconds pause = confirmation_pause(check, first.longest_run);
    pause_for(options, {pause,
                        fmt::format("a shortfall in the first sample; a second one after a {} "
                                    "pause confirms it or not",
                                    format_duration(pause)),
                        "pausing before the sample that confirms a shortfall"});
    Sample second =
        judged_sample(check, test_file, options, reference, confirming_plan(plan), false);
    Confirmed confirmed = confirm_samples(check, {first.verdict, first.runs, first.samples},
                                          {second.verdict, second.runs, second.samples}, reference);
    ConfirmationRecord c;
    c.outcome = persistence_name(confirmed.persistence);
    c.first_at = first.started_at;
    c.first_runs = static_cast<int>(first.runs.size());
    c.first = sample_lines(first.verdict);
    c.pause_s = std::chrono::duration<double>(pause).count();
    c.second_at = second.started_at;
    c.second = sample_lines(second.verdict);
    c.together = std::move(confirmed.together);
    stops = second.stops;
    second.verdict = std::move(confirmed.verdict);
    adopt(std::move(first), check, outcome);
    adopt(std::move(second), check, outcome);
    outcome.confirmation = std::move(c);
  }
  if (baseline.skip) outcome.verdict.skipped = baseline.skip;
  if (stops.first) note_fail_fast(stops, outcome);
  return outcome;
}

CheckOutcome CheckSession::judge(const JudgeOptions& options) const {
  JudgeOptions with_restore = options;
  if (!with_restore.before_rerun) with_restore.before_rerun = [this] { restore_layout(); };
  if (options.recording) return record_until_pinned(check_, test_file_, with_restore);
  return run_until_decided(check_, test_file_, stack_, with_restore);
}

}  // namespace iogate
