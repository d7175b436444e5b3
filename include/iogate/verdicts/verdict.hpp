// A check's verdict: every expectation of a threshold file held against the figures of its runs,
// and, for bounds like "90% of baseline", against the samples of a recorded baseline.
//
// Absolute bounds judge the median of the repeated runs (one run: its figure). The median, not the
// mean, so that one disturbed run on a shared machine moves nothing.
//
// Relative bounds: why Mann-Whitney U. Here the same fio run varies from 150k to 270k IOPS between
// runs; samples are few (5 to 10 per side), skewed and sometimes bimodal (a cache warm or not), so
// a t-test's normality is not there. The U test assumes nothing about the shape, is exact for small
// samples, and its false-alarm rate is the chosen level whatever the noise; a bootstrap interval
// on 5 samples is too coarse to trust (it can only resample what it saw). Google Benchmark's
// compare.py uses the same test for the same reasons.
//
// How the tolerance combines: for iops_min = "90% of baseline" the baseline samples are scaled by
// 0.9 and the one-sided U test asks whether the current samples are smaller than those. The check
// FAILS only when p < alpha (0.01) AND the current median is below 0.9 x the baseline median; a
// ceiling ("150% of baseline") is the mirror image. So with the tolerance at 100% a healthy
// datastore fails at most 1% of the time, and with any real tolerance (90%) far less: the 10%
// margin has to be eaten by noise in every repetition at once. alpha = 0.01 is reachable from 5 vs
// 5 samples (the smallest p is 1/252) and from 4 vs 5 (1/126); with fewer samples no p can reach
// it, and the verdict falls back to comparing medians, which is as noisy as the single run it is.
// Record baselines with --repeat 5 or more and give relative checks `repeat = 5`.
//
// Unstable: when repeated samples of a throughput figure (iops, MB/s, duration, average latency)
// spread more than cv_max (coefficient of variation, default 10%) — in this run or in the
// baseline — the check is "unstable": neither a pass nor a fail, reported as such (never a silent
// pass). A clear failure still wins: a 7x slowdown is a failure however noisy the runs are.
// Latency maxima and percentiles are tails, noisy by nature; they are not held to cv_max.
//
// stall_max = "50%": each full one-second interval of each run must move at least 50% of the
// run's median interval (MB/s); fewer than 3 intervals are not judged.
//
// Baseline missing: see include/iogate/runner/check_session.hpp.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "iogate/engine/run_result.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {

inline constexpr double kVerdictAlpha = 0.01;

// Samples of each metric a check's expectations can use, keyed by sample_key(): "iops", "mbps",
// "duration_s", "latency_avg_ms", "latency_max_ms", "latency_p99_ms", "latency_p99.9_ms".
using MetricSamples = std::map<std::string, std::vector<double>>;

struct Shortfall {
  const Expectation* expectation;  // points into the Check judged; null for a stall
  double measured;                 // the median in the metric's unit (IOPS, MiB/s, s, ms)
  double bound;                    // absolute, or the relative bound resolved on the baseline
  double p_value = -1;             // the U test's, when one was made
  std::string note;                // fail fast: "stopped at 3m00s after ...; projected 18m40s"
};

// One relative expectation compared: what the baseline and this run measured (medians).
struct Comparison {
  const Expectation* expectation;
  double baseline;
  double current;
  double p_value;
};

struct Verdict {
  std::vector<Shortfall> shortfalls;
  std::vector<std::string> unstable;  // why the samples are too spread to judge
  std::vector<Comparison> compared;
  std::optional<std::string> skipped;  // a relative bound had nothing to compare with
  bool passed() const { return shortfalls.empty() && unstable.empty() && !skipped; }
};

std::string sample_key(const Expectation& e);
// The metric's value in its unit: IOPS, MiB/s, seconds (duration) or milliseconds (latencies).
double measured_value(const Expectation& e, const RunResult& r);
// Every sample_key the check's expectations use, over all runs.
MetricSamples collect_samples(const Check& check, const std::vector<RunResult>& runs);

// `baseline` null: relative bounds cannot be judged and the verdict says skipped (absolute ones
// are still judged).
Verdict evaluate(const Check& check, const std::vector<RunResult>& runs,
                 const MetricSamples* baseline = nullptr);
inline Verdict evaluate(const Check& check, const RunResult& result) {
  return evaluate(check, std::vector<RunResult>{result});
}

// The bound's value in the metric's unit; a relative one needs the baseline (NaN without).
double resolve_bound(const Expectation& e, const MetricSamples* baseline);

// "seq_write_8k_8g: duration 14m12s > duration_max 3m (8 GiB at 9.6 MB/s)"
std::string failure_line(const Check& check, const RunResult& result, const Shortfall& s);

// "iops 1392.61", "duration 2m06s", "latency_p99 12.40ms": a figure as the verdict line shows it.
std::string format_metric(const Expectation& e, double value);
std::string format_value(Metric metric, double value);

}  // namespace iogate
