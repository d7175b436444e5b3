// The intervals and levels behind the verdicts hold what evidence.hpp says they hold: coverage of
// the median and ratio intervals on skewed noise, and the whole adaptive sequence's false-fail
// rate at the boundary, where it is largest. Seeded: the counts are exact.
#include "iogate/verdicts/evidence.hpp"

#include <gtest/gtest.h>

#include <random>

namespace iogate {
namespace {

// A skewed, heavy-tailed figure whose median is exactly 1: lognormal with sigma 0.5.
double skewed(std::mt19937_64& rng) {
  return std::exp(0.5 * std::normal_distribution<>(0, 1)(rng));
}

TEST(Evidence, MedianBoundsMissTheMedianAtMostTheirLevel) {
  std::mt19937_64 rng(21);
  for (std::size_t n : {5u, 9u, 20u}) {
    int below = 0, above = 0;
    constexpr int kTrials = 20000;
    for (int t = 0; t < kTrials; ++t) {
      std::vector<double> x;
      for (std::size_t i = 0; i < n; ++i) x.push_back(skewed(rng));
      const Interval i = median_interval(x, 0.05);
      below += i.lo > 1.0;
      above += i.hi < 1.0;
    }
    EXPECT_LE(below, kTrials * 0.05 * 1.1) << n;
    EXPECT_LE(above, kTrials * 0.05 * 1.1) << n;
    EXPECT_GT(below, 0) << n;  // the bound is used, not vacuous
  }
}

TEST(Evidence, OneRunGivesABoundOnlyAtOneHalf) {
  const std::vector<double> one{42};
  EXPECT_EQ(median_interval(one, 0.5).lo, 42);
  EXPECT_TRUE(std::isnan(median_interval(one, 0.25).lo));
}

TEST(Evidence, RatioIntervalCoversOneWhenNothingChanged) {
  std::mt19937_64 rng(22);
  int missed = 0;
  constexpr int kTrials = 5000;
  for (int t = 0; t < kTrials; ++t) {
    std::vector<double> now, base;
    for (int i = 0; i < 7; ++i) now.push_back(skewed(rng));
    for (int i = 0; i < 6; ++i) base.push_back(skewed(rng));
    const RatioEstimate r = ratio_interval(now, base, 0.01);
    missed += r.bounds.hi < 1.0;
  }
  EXPECT_LE(missed, kTrials * 0.01 * 1.3);
}

TEST(Evidence, ARatioIntervalFindsAFactorOnEveryRun) {
  const std::vector<double> base{100, 104, 98, 101, 99, 103};
  std::vector<double> now;
  for (double b : base) now.push_back(b / 7);
  const RatioEstimate r = ratio_interval(now, base, 0.01);
  EXPECT_NEAR(r.estimate, 1.0 / 7, 0.01);
  EXPECT_LT(r.bounds.hi, 0.2);
}

TEST(Evidence, AbsoluteLevelKeepsTheWholeSequenceWithinOnePercent) {
  const RunPlan plan{1, 20};
  const double level = absolute_fail_level(plan);
  EXPECT_GT(level, 0.005);
  EXPECT_LT(level, 0.0065);
  // Played out: a bound exactly at the true median, every look from run 1 to run 20.
  std::mt19937_64 rng(23);
  const Expectation e{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{1.0}};
  EvidenceLevels levels;
  levels.fail = level;
  levels.pass = 0;  // never stop on a pass: the worst case for false fails
  int failed = 0;
  constexpr int kTrials = 20000;
  for (int t = 0; t < kTrials; ++t) {
    std::vector<double> x;
    while (static_cast<int>(x.size()) < plan.max_runs) {
      x.push_back(skewed(rng));
      if (judge_absolute(e, x, 1.0, levels).decision == Decision::broken) {
        ++failed;
        break;
      }
    }
  }
  EXPECT_LE(failed, kTrials / 100);
  EXPECT_GT(failed, kTrials / 400);  // it spends its error, it does not waste it
}

TEST(Evidence, EightRunsAllBelowAFloorBreakIt) {
  const Expectation e{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{100}};
  EvidenceLevels levels;
  levels.fail = absolute_fail_level({1, 20});
  levels.pass = pass_level({1, 20});
  EXPECT_EQ(judge_absolute(e, std::vector<double>(7, 50), 100, levels).decision,
            Decision::undecided);
  EXPECT_EQ(judge_absolute(e, std::vector<double>(8, 50), 100, levels).decision, Decision::broken);
}

TEST(Evidence, RelativeLevelsSumToOnePercent) {
  const RunPlan plan{5, 20};
  double sum = 0;
  for (int n = plan.min_runs; n <= plan.max_runs; ++n) sum += fail_level(plan, n);
  EXPECT_NEAR(sum, kFalseFailRate, 1e-12);
  EXPECT_DOUBLE_EQ(fail_level(plan, 20), kFalseFailRate / 2);
}

TEST(Evidence, PassLevelIsTwoToTheMinusRepeatNeverStricterThanFivePercent) {
  EXPECT_DOUBLE_EQ(pass_level({1, 20}), 0.5);
  EXPECT_DOUBLE_EQ(pass_level({3, 20}), 0.125);
  EXPECT_DOUBLE_EQ(pass_level({8, 20}), 0.05);
}

}  // namespace
}  // namespace iogate
