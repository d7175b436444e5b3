// Repeating, fail-fast and baseline handling around the verdict: the rules are in
// include/iogate/runner/check_session.hpp and include/iogate/verdicts/verdict.hpp.
#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "iogate/baseline/baseline.hpp"
#include "iogate/runner/check_session.hpp"
#include "iogate/verdicts/fail_fast.hpp"

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

bool has_absolute(const Check& check) {
  return std::any_of(
      check.expectations.begin(), check.expectations.end(),
      [](const Expectation& e) { return std::holds_alternative<AbsoluteBound>(e.bound); });
}

}  // namespace

CheckOutcome judge_check(const Check& check, const FileRef& test_file, const StorageStack& stack,
                         const JudgeOptions& options) {
  CheckOutcome outcome;
  const BaselineCheck* recorded = nullptr;
  std::optional<std::string> skip;
  if (check.relative()) {
    if (options.baseline == nullptr && !options.missing_baseline.empty()) {
      skip = fmt::format("baseline {} does not exist: record it with `iogate baseline record`",
                         options.missing_baseline.string());
    } else if (options.baseline == nullptr) {
      skip =
          "relative bounds (\"N% of baseline\") and no baseline given: record one with "
          "`iogate baseline record`, then pass it with --baseline, IOGATE_BASELINE or "
          "iogate_add_suite(... BASELINE file)";
    } else if ((recorded = options.baseline->find(check.name)) == nullptr) {
      skip =
          fmt::format("baseline {} (recorded {}) has no check \"{}\": record it again",
                      options.baseline->path.string(), options.baseline->recorded_at, check.name);
    } else if (const std::string diff = workload_difference(*recorded, check.workload);
               !diff.empty()) {
      outcome.baseline_mismatch = fmt::format(
          "baseline {} was recorded with a different workload ({}): record the baseline again",
          options.baseline->path.string(), diff);
      return outcome;
    }
  }
  if (options.baseline != nullptr) {
    outcome.baseline = options.baseline;
    outcome.fingerprint_changes = diff_storage_stacks(options.baseline->fingerprint, stack);
  }
  if (skip && !has_absolute(check)) {
    outcome.verdict.skipped = skip;
    return outcome;
  }

  const MetricSamples* reference = recorded ? &recorded->samples : nullptr;
  const int repeat = options.repeat > 0 ? options.repeat : check.repeat;
  // One run stopped by fail-fast decides nothing when the verdict is the median of several: the
  // check fails fast once more than half its runs were stopped (the median is then certainly
  // beyond the bound); fewer stopped runs stay in the samples with their partial figures.
  int stopped = 0;
  std::optional<Shortfall> first_stop;
  for (int i = 0; i < repeat; ++i) {
    FailFast fail_fast(check, reference);
    RunOptions run;
    if (options.make_backend) run.backend = options.make_backend();
    run.on_interval = [&](const RunResult& so_far) {
      if (options.on_interval && !options.on_interval(so_far)) return false;
      return fail_fast.on_interval(so_far);
    };
    outcome.runs.push_back(run_workload(check.workload, test_file, std::move(run)));
    if (fail_fast.stopped() && !first_stop) first_stop = fail_fast.stopped();
    if (fail_fast.stopped() && ++stopped * 2 > repeat) {
      // The verdict is certain: no point repeating runs that cannot change it.
      outcome.verdict = evaluate(check, outcome.runs, reference);
      auto& shortfalls = outcome.verdict.shortfalls;
      std::erase_if(shortfalls,
                    [&](const Shortfall& s) { return s.expectation == first_stop->expectation; });
      shortfalls.insert(shortfalls.begin(), *first_stop);
      outcome.verdict.unstable.clear();
      outcome.fail_fast_elapsed_s = outcome.runs.back().elapsed_s;
      outcome.result = outcome.runs.back();
      if (skip) outcome.verdict.skipped = skip;
      return outcome;
    }
  }
  outcome.verdict = evaluate(check, outcome.runs, reference);
  if (skip) outcome.verdict.skipped = skip;
  outcome.result = outcome.runs[median_run(check, outcome.runs)];
  return outcome;
}

CheckOutcome CheckSession::judge(const JudgeOptions& options) const {
  return judge_check(check_, test_file_, stack_, options);
}

}  // namespace iogate
