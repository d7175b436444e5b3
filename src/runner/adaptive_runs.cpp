// Repeating, fail-fast and baseline handling around the verdict: the rules are in
// include/iogate/runner/check_session.hpp and include/iogate/verdicts/verdict.hpp.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <numeric>

#include "iogate/baseline/baseline.hpp"
#include "iogate/interrupt.hpp"
#include "iogate/runner/check_session.hpp"
#include "iogate/verdicts/confirmation.hpp"
#include "iogate/verdicts/fail_fast.hpp"
#include "utc_time.hpp"

namespace iogate {
namespace {

// The run whose first expectation's figure is the median: the one the table row shows.
std::size_t median_run(const Check& check, const std::vector<RunResult>& runs) {
  std::vector<std::size_t> order(runs.size());
  std::iota(order.begin(), order.end(), 0);
  if (check.expectations.empty()) return runs.size() / 2;
  const Expectation& e = check.expectations.front();
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return measured_value(e, runs[a]) < measured_value(e, runs[b]);
  });
  return order[(order.size() - 1) / 2];
}

// Adds one run's figures; a run fail-fast stopped adds, for the bound it stopped on, the best
// figure it could still have reached (fail_fast.hpp) instead of its partial one.
void add_samples(const Check& check, const RunResult& run, const FailFast& fail_fast,
                 MetricSamples& samples) {
  for (const auto& [key, values] : collect_samples(check, {run}))
    samples[key].push_back(values.front());
  if (const auto& stop = fail_fast.stopped())
    samples[sample_key(*stop->expectation)].back() = fail_fast.certain_figure();
}

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
      if (options.strict_baseline && !where.elsewhere.empty())
        throw BaselineError(fmt::format(
            "baseline {} was recorded elsewhere ({}), and --strict-baseline "
            "(IOGATE_STRICT_BASELINE=1) refuses it: record one here with `iogate baseline record`",
            options.baseline->path.string(), fmt::join(where.elsewhere, "; ")));
    }
  }
  return view;
}

// The first run fail-fast stopped, and how many it stopped.
struct Stops {
  std::optional<Shortfall> first;
  int count = 0;
  int of_runs = 0;  // in a sample of this many runs
};

// One adaptive sequence of runs, judged on its own.
struct Sample {
  std::vector<RunResult> runs;
  Verdict verdict;
  Stops stops;
  bool budget_spent = false;
  std::string started_at;  // utc_millis
  Nanoseconds took{};
};

RunPlan plan_of(const Check& check, const JudgeOptions& options) {
  RunPlan plan;
  plan.min_runs = options.repeat > 0 ? options.repeat : check.repeat;
  plan.max_runs =
      std::max(plan.min_runs, options.repeat_max > 0 ? options.repeat_max : check.repeat_max);
  return plan;
}

// Runs until every expectation is decided (or one is broken), at least min_runs, at most
// max_runs, and beyond min_runs only while the next run fits the budget (evidence.hpp).
Sample run_until_decided(const Check& check, const FileRef& test_file, const JudgeOptions& options,
                         const MetricSamples* reference, const RunPlan& plan, bool first) {
  MetricSamples samples;
  Sample out;
  out.started_at = detail::utc_millis(std::chrono::system_clock::now());
  const auto started = std::chrono::steady_clock::now();
  double longest_run_s = 0;
  for (int i = 0; i < plan.max_runs; ++i) {
    if ((i > 0 || !first) && options.before_rerun) options.before_rerun();
    FailFast fail_fast(check, reference);
    RunOptions run;
    if (options.make_backend) run.backend = options.make_backend();
    run.on_interval = [&](const RunResult& so_far) {
      if (options.on_interval && !options.on_interval(so_far)) return false;
      return fail_fast.on_interval(so_far);
    };
    const auto run_started = std::chrono::steady_clock::now();
    out.runs.push_back(run_workload(check.workload, test_file, std::move(run)));
    const auto now = std::chrono::steady_clock::now();
    longest_run_s =
        std::max(longest_run_s, std::chrono::duration<double>(now - run_started).count());
    add_samples(check, out.runs.back(), fail_fast, samples);
    if (fail_fast.stopped()) {
      ++out.stops.count;
      if (!out.stops.first) out.stops.first = fail_fast.stopped();
    }
    if (static_cast<int>(out.runs.size()) < plan.min_runs) continue;
    out.verdict = evaluate(check, out.runs, samples, reference, plan);
    if (out.verdict.decided()) break;
    const double spent = std::chrono::duration<double>(now - started).count();
    if (check.budget &&
        spent + longest_run_s > std::chrono::duration<double>(*check.budget).count()) {
      out.budget_spent = true;
      break;
    }
  }
  out.took = std::chrono::steady_clock::now() - started;
  out.stops.of_runs = static_cast<int>(out.runs.size());
  return out;
}

// The sample's verdict and figures become the outcome's; its runs follow any already there.
void adopt(Sample&& sample, const Check& check, CheckOutcome& outcome) {
  const std::size_t median = median_run(check, sample.runs);
  outcome.result = sample.runs[median];
  outcome.shown_run = outcome.runs.size() + median;
  outcome.verdict = std::move(sample.verdict);
  outcome.budget_spent = sample.budget_spent;
  outcome.runs.insert(outcome.runs.end(), std::make_move_iterator(sample.runs.begin()),
                      std::make_move_iterator(sample.runs.end()));
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

void pause_before_confirming(Nanoseconds d) {
  sleep_unless_stopped(d, "pausing before the sample that confirms a shortfall");
}

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
  Sample first = run_until_decided(check, test_file, options, reference, plan, true);
  Stops stops = first.stops;
  if (!worth_confirming(first.verdict) || !check.confirm) {
    adopt(std::move(first), check, outcome);
  } else {
    const Nanoseconds pause = confirmation_pause(check, first.took);
    if (options.pause)
      options.pause(pause);
    else
      pause_before_confirming(pause);
    RunPlan again = plan;
    again.false_fail = kConfirmFalseFailRate;
    Sample second = run_until_decided(check, test_file, options, reference, again, false);
    const Persistence p = samples_agree(first.verdict, second.verdict);
    ConfirmationRecord c;
    c.outcome = persistence_name(p);
    c.first_at = first.started_at;
    c.first_runs = static_cast<int>(first.runs.size());
    c.first = sample_lines(first.verdict);
    c.pause_s = std::chrono::duration<double>(pause).count();
    c.second_at = second.started_at;
    c.second = sample_lines(second.verdict);
    stops = second.stops;
    second.verdict = confirmed_verdict(std::move(second.verdict), p);
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
  return run_until_decided(check_, test_file_, stack_, with_restore);
}

}  // namespace iogate
