// Noise-aware verdicts on synthetic samples at one look (a fixed number of runs): healthy noise
// is not flagged, real shifts are, spread alone vetoes nothing. Seeded: the counts are exact.
// The adaptive sequence and its error rates over many noise shapes: verdict_simulation_gtest.cpp.
#include <gtest/gtest.h>

#include <cstdio>

#include "iogate/verdicts/verdict.hpp"
#include "iogate_test/synthetic_runs.hpp"

namespace iogate {
namespace {

Check relative_check(double fraction, int repeat = 5) {
  Check c;
  c.name = "rand_read_4k";
  c.repeat = repeat;
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, RelativeBound{fraction}}};
  return c;
}

// Failures out of `trials` comparisons of 5 current runs with a 5-run baseline, the current one
// running at `speed` x the baseline's rate, both with `noise` relative noise.
int failures(double fraction, double speed, double noise, int trials, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const Check check = relative_check(fraction);
  int failed = 0;
  for (int t = 0; t < trials; ++t) {
    const MetricSamples baseline = collect_samples(check, test::noisy_runs(rng, 10000, noise, 5));
    const Verdict v = evaluate(check, test::noisy_runs(rng, 10000 * speed, noise, 5), &baseline);
    failed += v.shortfalls.empty() ? 0 : 1;
  }
  return failed;
}

TEST(RelativeVerdict, HealthyFivePercentNoiseIsNotFlaggedAtNinetyPercent) {
  const int alarms = failures(0.9, 1.0, 0.05, 1000, 1);
  std::printf("false alarms, 90%% of baseline, 5%% noise: %d / 1000\n", alarms);
  EXPECT_LE(alarms, 10);  // the design bound: at most alpha = 1%, in practice far fewer
}

TEST(RelativeVerdict, AtOneHundredPercentFalseAlarmsStayNearAlpha) {
  const int alarms = failures(1.0, 1.0, 0.05, 1000, 2);
  std::printf("false alarms, 100%% of baseline, 5%% noise: %d / 1000\n", alarms);
  EXPECT_LE(alarms, 20);
}

TEST(RelativeVerdict, TwentyFivePercentSlowdownIsDetected) {
  const int caught = failures(0.9, 0.75, 0.05, 1000, 3);
  std::printf("25%% slowdown caught: %d / 1000\n", caught);
  EXPECT_GE(caught, 950);
}

TEST(RelativeVerdict, SevenfoldSlowdownIsAlwaysDetected) {
  EXPECT_EQ(failures(0.9, 1.0 / 7, 0.05, 1000, 4), 1000);
}

TEST(RelativeVerdict, FailureLineShowsTheResolvedBoundAndP) {
  std::mt19937_64 rng(5);
  const Check check = relative_check(0.9);
  const MetricSamples baseline = collect_samples(check, test::noisy_runs(rng, 10000, 0.01, 5));
  const std::vector<RunResult> runs = test::noisy_runs(rng, 1400, 0.01, 5);
  const Verdict v = evaluate(check, runs, &baseline);
  ASSERT_EQ(v.shortfalls.size(), 1u);
  const std::string line = failure_line(check, runs[0], v.shortfalls[0], 10, "run 1 of 5");
  EXPECT_NE(line.find("< iops_min 90% of baseline = "), std::string::npos) << line;
  EXPECT_NE(line.find(" IOPS (median of 5 runs) < iops_min 90% of baseline = "), std::string::npos)
      << line;
  EXPECT_NE(line.find(" IOPS: now 0.1"), std::string::npos) << line;
  EXPECT_NE(line.find("x baseline (bound 0.90x), after 5 of 10 runs; run 1 of 5: "),
            std::string::npos)
      << line;
  ASSERT_TRUE(v.shortfalls[0].judgement.has_value());
  EXPECT_NEAR(v.shortfalls[0].judgement->estimate, 0.14, 0.01);
  EXPECT_LT(v.shortfalls[0].judgement->interval.hi, 0.9);
  ASSERT_EQ(v.compared.size(), 1u);
  EXPECT_NEAR(v.compared[0].current / v.compared[0].baseline, 0.14, 0.01);
}

TEST(RelativeVerdict, WideSpreadIsNoVetoWhenTheBoundIsClear) {
  Check check = relative_check(0.3);
  const std::vector<RunResult> runs{test::run_at_iops(5000), test::run_at_iops(10000),
                                    test::run_at_iops(15000), test::run_at_iops(9000),
                                    test::run_at_iops(11000)};
  const MetricSamples baseline = collect_samples(check, runs);
  // A cv of 35% says nothing about whether "at least 30% of baseline" holds: it clearly does.
  const Verdict v = evaluate(check, runs, &baseline);
  EXPECT_TRUE(v.passed()) << (v.unstable.empty() ? "" : v.unstable[0]);
}

TEST(RelativeVerdict, AnAskedForCvMaxFailsAWideSpread) {
  Check check = relative_check(0.3);
  check.cv_max = 0.10;
  const std::vector<RunResult> runs{test::run_at_iops(5000), test::run_at_iops(10000),
                                    test::run_at_iops(15000), test::run_at_iops(9000),
                                    test::run_at_iops(11000)};
  const MetricSamples baseline = collect_samples(check, runs);
  const Verdict v = evaluate(check, runs, &baseline);
  ASSERT_EQ(v.shortfalls.size(), 1u);
  EXPECT_NE(v.shortfalls[0].note.find("iops varies 36.1% between runs > cv_max 10% (5 runs)"),
            std::string::npos)
      << v.shortfalls[0].note;
}

TEST(RelativeVerdict, NoBaselineIsASkipWithItsReason) {
  const Check check = relative_check(0.9);
  const Verdict v = evaluate(check, {test::run_at_iops(100)}, nullptr);
  ASSERT_TRUE(v.skipped.has_value());
  EXPECT_NE(v.skipped->find("needs a baseline with iops samples"), std::string::npos);
}

// A baseline of one figure (another tool's result imported): taken as exact, so a regression
// fails from the runs' own evidence, as against an absolute floor at fraction x the figure.
TEST(RelativeVerdict, OneFigureBaselineIsTakenAsExact) {
  const Check check = relative_check(0.8, 1);
  const MetricSamples iometer{{"iops", {12392.23}}};
  // BusLogic's 743.40 IOPS against LSI Logic's figure: broken by 8 runs all below (0.5^8 within
  // the last look's 0.5%), where Mann-Whitney on one figure would need 199.
  std::vector<RunResult> slow;
  for (int i = 0; i < 8; ++i) slow.push_back(test::run_at_iops(743.40 + i));
  const Verdict failed = evaluate(check, slow, collect_samples(check, slow), &iometer, {1, 8});
  ASSERT_EQ(failed.shortfalls.size(), 1u);
  EXPECT_TRUE(failed.judgements[0].ratio);
  EXPECT_NEAR(failed.judgements[0].estimate, 746.90 / 12392.23, 1e-9);
  // One healthy run passes at repeat = 1, as against an absolute floor.
  const std::vector<RunResult> fast{test::run_at_iops(20000)};
  EXPECT_TRUE(evaluate(check, fast, collect_samples(check, fast), &iometer, {1, 8}).passed());
  // A run just below the bound is neither: more runs decide it.
  const std::vector<RunResult> near{test::run_at_iops(0.79 * 12392.23)};
  const Verdict open = evaluate(check, near, collect_samples(check, near), &iometer, {1, 8});
  EXPECT_FALSE(open.decided());
  EXPECT_TRUE(open.shortfalls.empty());
}

TEST(RelativeVerdict, OneDisturbedRunBuysRunsButCannotFailOrPassAlone) {
  Check check;
  check.name = "abs";
  check.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{100}}};
  std::vector<RunResult> runs{test::run_at_iops(150), test::run_at_iops(20), test::run_at_iops(160),
                              test::run_at_iops(140), test::run_at_iops(155)};
  // Five runs, one of them disturbed: a 95% pass would need all five above the floor.
  const RunPlan plan{5, 10};
  Verdict v = evaluate(check, runs, collect_samples(check, runs), nullptr, plan);
  EXPECT_TRUE(v.shortfalls.empty());
  EXPECT_FALSE(v.decided());
  // Three more healthy runs pin the median above it at 95% (the lowest run may be an outlier).
  for (double iops : {145.0, 150.0, 158.0}) runs.push_back(test::run_at_iops(iops));
  v = evaluate(check, runs, collect_samples(check, runs), nullptr, plan);
  EXPECT_TRUE(v.passed()) << (v.unstable.empty() ? "" : v.unstable[0]);
}

TEST(RelativeVerdict, StallBelowShareOfMedianIntervalFails) {
  Check check;
  check.name = "stream";
  check.stall_max = 0.5;
  RunResult r = test::run_at_iops(1000);
  for (int i = 0; i < 6; ++i)
    r.intervals.push_back({double(i), 1.0, std::uint64_t(i == 3 ? 10 : 100) << 20, 100});
  const Verdict v = evaluate(check, {r});
  ASSERT_EQ(v.shortfalls.size(), 1u);
  EXPECT_NE(failure_line(check, r, v.shortfalls[0], 1, "the run")
                .find("stall: second 4 of run 1 moved 10.00"),
            std::string::npos);
}

}  // namespace
}  // namespace iogate
