// A check's verdict: every expectation of a threshold file weighed on the samples of its runs, and
// for bounds like "90% of baseline" against the samples of a recorded baseline. How each is
// weighed (holds, broken, undecided) is written at the top of include/iogate/verdicts/evidence.hpp.
//
// The verdict: FAIL when any expectation is broken (or a stall, or an asked-for spread, was
// seen); undecided expectations make it "unstable" — the runner buys more runs while it may, so an
// unstable verdict means the budget was spent undecided; otherwise a pass. This is one sample's
// verdict: the runner weighs a FAIL or an unstable one again later (confirmation.hpp).
//
// cv_max = "10%": an explicit expectation about spread, asked for by the user: the coefficient of
// variation of the runs' IOPS, MB/s, duration or mean latency (those the check bounds) must not
// exceed it. Judged on the samples as they are, from 3 runs on; it buys no runs. There is no
// hidden spread veto: a spread says nothing about whether a bound holds.
//
// stall_max = "50%": each full one-second interval of each run must move at least 50% of the
// run's median interval (MB/s); fewer than 3 intervals are not judged.
//
// Baseline missing: see src/runner/check_session.hpp.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "iogate/checks/check.hpp"
#include "iogate/engine/run_result.hpp"
#include "iogate/verdicts/evidence.hpp"

namespace iogate {

// Samples of each metric a check's expectations can use, keyed by sample_key(): "iops", "mbps",
// "duration_s", "latency_avg_ms", "latency_max_ms", "latency_p99_ms", "latency_p99.9_ms".
using MetricSamples = std::map<std::string, std::vector<double>>;

struct Shortfall {
  const Expectation* expectation;      // points into the Check judged; null for a stall or spread
  double measured;                     // the estimate in the metric's unit (IOPS, MiB/s, s, ms)
  double bound;                        // absolute, or the relative bound resolved on the baseline
  std::string note;                    // fail fast: "stopped at 3m00s after ...; projected 18m40s"
  std::optional<Judgement> judgement;  // the evidence, for a broken expectation
};

// One relative expectation compared: what the baseline and this run measured (medians).
struct Comparison {
  const Expectation* expectation;
  double baseline;
  double current;
};

struct Verdict {
  std::vector<Judgement> judgements;  // one per expectation weighed
  std::vector<Shortfall> shortfalls;
  std::vector<std::string> unstable;  // the undecided expectations, each saying what it saw
  std::vector<Comparison> compared;
  std::optional<std::string> skipped;  // a relative bound had nothing to compare with
  int runs = 0;
  int runs_allowed = 0;
  // Nothing more runs could change: something broke, or everything is decided.
  bool decided() const { return !shortfalls.empty() || unstable.empty(); }
  bool passed() const { return shortfalls.empty() && unstable.empty() && !skipped; }
};

std::string sample_key(const Expectation& e);
// The metric's value in its unit: IOPS, MiB/s, seconds (duration) or milliseconds (latencies).
double measured_value(const Expectation& e, const RunResult& r);
// Every sample_key the check's expectations use, over all runs.
MetricSamples collect_samples(const Check& check, const std::vector<RunResult>& runs);

// `current`: the samples weighed, collect_samples(check, runs) unless the runner put a fail-fast
// run's certain figure in place of its partial one; `runs` give what samples cannot hold, the
// latency histograms pooled for percentile bounds and the one-second intervals for stall_max.
// `baseline` null: relative bounds cannot be judged and the verdict says skipped (absolute ones are
// still judged). `plan`: the runs the check may make, which sets the evidence levels
// (evidence.hpp).
Verdict evaluate(const Check& check, const std::vector<RunResult>& runs,
                 const MetricSamples& current, const MetricSamples* baseline, const RunPlan& plan);
// The runs as they are, as a plan of exactly that many runs.
Verdict evaluate(const Check& check, const std::vector<RunResult>& runs,
                 const MetricSamples* baseline = nullptr);
inline Verdict evaluate(const Check& check, const RunResult& result) {
  return evaluate(check, std::vector<RunResult>{result});
}

// The bound's value in the metric's unit; a relative one needs the baseline (NaN without).
double resolve_bound(const Expectation& e, const MetricSamples* baseline);

// Each figure named: "seq_write_8k_8g: duration 14m12s (median of 10 runs) > duration_max 3m:
// interval 14m02s-14m20s, after 10 of 10 runs; run 6 of 10: duration 14m10s, 8 GiB at 9.63 MB/s".
// The figure it leads with is the verdict's statistic, named beside it; `shown` says which run
// `result` is, the run the table's row shows ("run 6 of 10", "the run"), and the tail gives that
// run's figure of the same metric, as the row prints it.
std::string failure_line(const Check& check, const RunResult& result, const Shortfall& s,
                         int runs_allowed, const std::string& shown);
// "iops 0.86-1.04x baseline (bound 0.90x) after 10 of 10 runs: undecided"
std::string undecided_line(const Judgement& j, int runs_allowed);

// "iops 1392.61 IOPS", "duration 2m06s", "latency_p99 12.40ms": a figure as the verdict line
// shows it, always with its unit.
std::string format_metric(const Expectation& e, double value);
std::string format_value(Metric metric, double value);

}  // namespace iogate
