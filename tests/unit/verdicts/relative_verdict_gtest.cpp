// Noise-aware verdicts on synthetic samples: healthy noise is not flagged, real shifts are, and
// spread beyond cv_max is reported unstable rather than passed. Seeded: the counts are exact.
#include <gtest/gtest.h>

#include <cstdio>

#include "iogate/verdicts/verdict.hpp"
#include "synthetic_runs.hpp"

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
  const std::string line = failure_line(check, runs[0], v.shortfalls[0]);
  EXPECT_NE(line.find("< iops_min 90% of baseline = "), std::string::npos) << line;
  EXPECT_NE(line.find("p = 0.00397"), std::string::npos) << line;
  ASSERT_EQ(v.compared.size(), 1u);
  EXPECT_NEAR(v.compared[0].current / v.compared[0].baseline, 0.14, 0.01);
}

TEST(RelativeVerdict, WideSpreadIsUnstableNotPass) {
  Check check = relative_check(0.5);
  const std::vector<RunResult> runs{test::run_at_iops(5000), test::run_at_iops(10000),
                                    test::run_at_iops(15000), test::run_at_iops(9000),
                                    test::run_at_iops(11000)};
  const MetricSamples baseline = collect_samples(check, runs);
  const Verdict v = evaluate(check, runs, &baseline);
  EXPECT_TRUE(v.shortfalls.empty());
  ASSERT_FALSE(v.unstable.empty());
  EXPECT_NE(v.unstable[0].find("cv_max 10%"), std::string::npos) << v.unstable[0];
  EXPECT_FALSE(v.passed());
  check.cv_max = 0.5;
  EXPECT_TRUE(evaluate(check, runs, &baseline).passed());
}

TEST(RelativeVerdict, NoBaselineIsASkipWithItsReason) {
  const Check check = relative_check(0.9);
  const Verdict v = evaluate(check, {test::run_at_iops(100)}, nullptr);
  ASSERT_TRUE(v.skipped.has_value());
  EXPECT_NE(v.skipped->find("needs a baseline with iops samples"), std::string::npos);
}

TEST(RelativeVerdict, AbsoluteBoundsJudgeTheMedianOfRepeats) {
  Check check;
  check.name = "abs";
  check.cv_max = 10;  // not under test here
  check.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{100}}};
  // One disturbed run out of five moves nothing.
  const std::vector<RunResult> runs{test::run_at_iops(150), test::run_at_iops(20),
                                    test::run_at_iops(160), test::run_at_iops(140),
                                    test::run_at_iops(155)};
  EXPECT_TRUE(evaluate(check, runs).passed());
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
  EXPECT_NE(failure_line(check, r, v.shortfalls[0]).find("stall: second 4 of run 1 moved 10.00"),
            std::string::npos);
}

}  // namespace
}  // namespace iogate
