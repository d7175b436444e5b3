// One sample: an adaptive sequence of runs of a check on its test file, the loop that judging a
// check (adaptive_runs.cpp) and recording a baseline (baseline_recording.cpp) share. Each run
// starts from the layout the workload asked for (JudgeOptions::before_rerun), reports its
// intervals (JudgeOptions::on_interval) and, when the rule asks, may be stopped by fail-fast
// (verdicts/fail_fast.hpp). After min_runs, the rule's `done` says whether the sample is
// complete (every expectation decided; every bounded median pinned); beyond min_runs a run starts
// only while it is not and the next run fits the budget, up to max_runs.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "check_session.hpp"

namespace iogate::detail {

struct SampleRule {
  int min_runs = 1;
  int max_runs = 1;
  std::optional<Nanoseconds> budget;  // all of the sample's runs; none: no limit
  bool fail_fast = false;
  const MetricSamples* reference = nullptr;  // fail-fast's: the baseline's samples
  std::function<bool(const std::vector<RunResult>& runs, const MetricSamples& samples)> done;
};

// The first run fail-fast stopped, and how many it stopped.
struct Stops {
  std::optional<Shortfall> first;
  int count = 0;
  int of_runs = 0;  // in a sample of this many runs
};

struct Sample {
  std::vector<RunResult> runs;
  MetricSamples samples;  // the runs' figures as judged: fail-fast's certain ones in place
  Verdict verdict;        // when judged (adaptive_runs.cpp)
  Stops stops;
  bool budget_spent = false;  // it ended incomplete because the next run did not fit
  std::string started_at;     // utc_millis
  Nanoseconds took{};
  Nanoseconds longest_run{};
};

// `first`: the test file is as laid out, unused yet (no before_rerun before the first run).
Sample run_sample(const Check& check, const FileRef& test_file, const JudgeOptions& options,
                  const SampleRule& rule, bool first);

// The sample's verdict and figures become the outcome's (`result` its median run by the check's
// first figure); its runs follow any already there.
void adopt(Sample&& sample, const Check& check, CheckOutcome& outcome);

// The pause before another sample: through options.pause when set, else pause_unless_stopped().
void pause_for(const JudgeOptions& options, const Pause& pause);

}  // namespace iogate::detail
