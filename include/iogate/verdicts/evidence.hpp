// Evidence: whether the samples of a check say an expectation holds, is broken, or cannot tell
// yet. A check runs `repeat` times at least; while any expectation is undecided it runs again, up
// to `repeat_max` runs or its time budget (src/runner/adaptive_runs.cpp); only then is it
// "unstable", and the line says what was seen: "iops 0.86-1.04x baseline after 10 of 10 runs (bound
// 0.90x)".
//
// What is judged. A run's figure (IOPS, MB/s, duration, mean latency, max latency, a percentile of
// a relative bound) is one sample of the datastore's behaviour under the machine's noise; the
// expectation is about the median of that distribution: "the typical run reaches 300 IOPS". The
// median, not the mean, because one disturbed run must move nothing. An absolute latency
// percentile bound (latency_p99_max = "50ms") is about the percentile of every I/O of every run
// pooled: one run's tail spike is then one run's share of the I/Os, not a verdict.
//
// How. Every interval is distribution-free: it holds whatever the noise's shape (skewed, bimodal,
// heavy-tailed), which is what a shared machine gives (statistics.hpp has the mathematics):
//   absolute bound    order-statistic bounds on the median of the runs
//   relative bound    Hodges-Lehmann ratio now/baseline with its Mann-Whitney interval: exact
//                     whatever the shape when nothing changed (the healthy case), and when the
//                     change is a factor on every run
//   relative bound    against a baseline of one figure (one run, or another tool's result
//   on one figure     imported as a baseline): the figure is taken as exact, and the runs' ratios
//                     to it are judged as an absolute bound on their median. Mann-Whitney would
//                     treat it as one draw of its own noise and could call a regression only after
//                     1/level - 1 runs (99 at 1%): in practice a check that never fails. The error
//                     rates below then cover this run's noise only, not the figure's.
//   pooled percentile binomial rank bounds on the quantile of all I/Os (I/Os are treated as
//                     exchangeable; they are not quite, so keep such bounds for tails)
// A floor holds when its lower bound is at or above it and is broken when its upper bound is
// below it; a ceiling is the mirror. The two sides are held to different levels:
//
//   broken  at most kFalseFailRate (1%) over the whole adaptive sequence: a FAIL says the storage
//           got worse, and a gate that cries wolf gets switched off. Looking again after every
//           run would multiply the error by the number of looks, so the 1% is spent over them.
//           Absolute bounds: the count of runs below a true median is a fair coin whatever the
//           noise, so the whole sequence's error is computed exactly and the per-look level is
//           the largest that keeps it within 1% (absolute_fail_level: 0.59% for 1..20 runs, a
//           failure from 8 runs all below). Relative and pooled bounds: Bonferroni (fail_level),
//           half for the last look, where the sample is largest and a regression near the bound
//           is decided, half shared by the earlier ones, which a clear regression passes easily.
//   holds   at 2^-repeat, and never stricter than 5% (pass_level): `repeat` is what the user pays
//           at least, and it buys its confidence: with repeat = 1 a pass is one run on the right
//           side of the bound (a single run's verdict, as ever), with 3 runs 87.5%, from 5 runs
//           on 95%; more runs then only sharpen the interval. A pass is
//           not corrected for repeated looks: it ends the sequence only where the evidence sits
//           on the good side, which for a regression of the size the bound was set for it does
//           not; the miss rate is measured by simulation (tests/unit/verdicts).
//
// All of this is one sample, taken within seconds. A sample that breaks an expectation or leaves
// one undecided is weighed again after a pause before the check fails (confirmation.hpp): a
// neighbour's burst comes and goes, a regression stays.
//
// A run stopped by fail-fast (fail_fast.hpp) enters the samples as the best figure it could still
// have reached, which is beyond the bound: fail-fast's certainty becomes one certain sample, and
// enough of them decide "broken" as any other samples do.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "iogate/checks/check.hpp"
#include "iogate/engine/histogram.hpp"
#include "iogate/verdicts/statistics.hpp"

namespace iogate {

inline constexpr double kFalseFailRate = 0.01;
inline constexpr double kStrictestPassLevel = 0.05;

// fleet: a bound relative to the host's peers ("70% of peers"), which one host cannot weigh: left
// to `iogate fleet`, it neither passes nor fails the check here.
enum class Decision { holds, broken, undecided, fleet };
const char* decision_name(Decision d);  // "holds", "broken", "undecided", "fleet"

// The runs a check may make: it first looks after min_runs, then after every further run.
// false_fail: what the whole sequence may spend on calling a healthy datastore broken (a sample
// that confirms another spends more, confirmation.hpp).
struct RunPlan {
  int min_runs = 1;
  int max_runs = 1;
  double false_fail = kFalseFailRate;
  // The level for "holds" when the plan sets its own (a confirmation's joint look,
  // confirmation.hpp); 0: pass_level()'s rule.
  double pass = 0;
};

struct EvidenceLevels {
  double fail = kFalseFailRate;  // per look, for "broken"
  double pass = 0.5;             // for "holds"
};

double pass_level(const RunPlan& plan);
// The level for "broken" at the look after `runs` runs of a relative or pooled bound: the plan's
// looks share its false_fail, half of it for the last look, half evenly for the others.
double fail_level(const RunPlan& plan, int runs);
// The one level, at every look, for "broken" on an absolute bound: the largest whose whole
// sequence calls a bound that sits exactly at the median broken at most the plan's false_fail of
// the time (exact: the runs below a median are a fair coin whatever the noise).
double absolute_fail_level(const RunPlan& plan);

// One expectation weighed. For a floor, `interval` is [lower bound at the pass level, upper bound
// at the fail level]; for a ceiling [lower at the fail level, upper at the pass level]; either
// end NaN when the sample cannot give it. Relative bounds are judged, and shown, as ratios.
struct Judgement {
  const Expectation* expectation = nullptr;
  Decision decision = Decision::undecided;
  double estimate = NAN;  // the median run, the pooled percentile, or the ratio now/baseline
  Interval interval;
  double bound = NAN;  // what the estimate is held to: the metric's value, or the fraction
  bool ratio = false;  // estimate, interval and bound are ratios to the baseline
  bool pooled = false;
  int runs = 0;
  // 2: the runs of a confirmation's two samples judged together (confirmation.hpp).
  int samples = 1;
};

// `samples` in the metric's unit; NaNs count as beyond the bound.
Judgement judge_absolute(const Expectation& e, std::span<const double> samples, double bound,
                         const EvidenceLevels& levels);
Judgement judge_relative(const Expectation& e, std::span<const double> now,
                         std::span<const double> baseline, double fraction,
                         const EvidenceLevels& levels);
Judgement judge_pooled_percentile(const Expectation& e, const LatencyHistogram& pooled, int runs,
                                  double bound_ms, const EvidenceLevels& levels);

// Figures made fit for a ratio: zero and NaN become a tiny or huge one on the bound's bad side.
std::vector<double> positive_samples(const Expectation& e, std::span<const double> samples);

// "iops 0.86-1.04x baseline (bound 0.90x)", "iops 95.20-104.10 (iops_min 100.00)"; an end the
// sample cannot give yet is "?" (verdict_format.cpp, beside the other figures' spelling).
std::string describe_interval(const Judgement& j);

}  // namespace iogate
