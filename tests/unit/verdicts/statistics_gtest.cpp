// The spread figures and the U distribution, against values worked out by hand.
#include "iogate/verdicts/statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace iogate {
namespace {

TEST(Statistics, MedianOfOddAndEvenCounts) {
  EXPECT_DOUBLE_EQ(median(std::vector<double>{3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
  EXPECT_TRUE(std::isnan(median(std::vector<double>{})));
}

// Against the tables (Abramowitz and Stegun 26.7, to the digits printed there).
TEST(Statistics, StudentTQuantilesMatchTheTables) {
  EXPECT_NEAR(student_t_quantile(0.975, 1), 12.706, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.975, 2), 4.303, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.99, 5), 3.365, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.995, 10), 3.169, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.95, 30), 1.697, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.9995, 120), 3.373, 1e-3);
  EXPECT_NEAR(student_t_quantile(0.05, 30), -1.697, 1e-3);  // the lower tail mirrors the upper
  EXPECT_NEAR(student_t_quantile(0.975, 1e6), normal_quantile(0.975), 1e-9);
  EXPECT_TRUE(std::isnan(student_t_quantile(0.9, 0.5)));
}

TEST(Statistics, MeanAndSampleDeviation) {
  EXPECT_DOUBLE_EQ(mean(std::vector<double>{9, 11, 13}), 11);
  EXPECT_TRUE(std::isnan(mean(std::vector<double>{})));
  EXPECT_DOUBLE_EQ(sample_stddev(std::vector<double>{9, 11, 13}), 2);  // (4 + 0 + 4) / (3 - 1)
  EXPECT_EQ(sample_stddev(std::vector<double>{5}), 0);
}

TEST(Statistics, CoefficientOfVariationUsesTheSampleDeviation) {
  // mean 10, sample variance ((1+1)/1) = 2 -> sd sqrt(2)
  EXPECT_NEAR(coefficient_of_variation(std::vector<double>{9, 11}), std::sqrt(2.0) / 10, 1e-12);
  EXPECT_EQ(coefficient_of_variation(std::vector<double>{5}), 0);
}

TEST(Statistics, MannWhitneyCriticalValuesMatchACountByHand) {
  // n = m = 2: six interleavings with U = 0,1,2,2,3,4; P(U <= 0) = 1/6, P(U <= 1) = 2/6.
  EXPECT_EQ(mann_whitney_critical(2, 2, 1.0 / 6), 0);
  EXPECT_EQ(mann_whitney_critical(2, 2, 2.0 / 6), 1);
  EXPECT_EQ(mann_whitney_critical(2, 2, 0.1), -1);  // even U = 0 is likelier than 10%
  // 5 and 5: complete separation has P = 1/C(10, 5) = 1/252, the smallest there is.
  EXPECT_EQ(mann_whitney_critical(5, 5, 1.0 / 252), 0);
  EXPECT_EQ(mann_whitney_critical(5, 5, 1.0 / 253), -1);
  EXPECT_EQ(mann_whitney_critical(0, 5, 0.5), -1);
}

TEST(Statistics, MannWhitneyCriticalValuesOfLargeSamplesFollowTheNormalApproximation) {
  // Beyond the exact tables: the 5% critical value of 60 and 60 runs, mean 1800, sd 190.5.
  const long c = mann_whitney_critical(60, 60, 0.05);
  EXPECT_NEAR(static_cast<double>(c), 1800 - 1.645 * 190.53 - 0.5, 2.0);
  // The exact and approximate sides agree where they meet (50 and 50).
  const long exact = mann_whitney_critical(50, 50, 0.05);
  EXPECT_NEAR(static_cast<double>(exact), 1250 - 1.645 * std::sqrt(2500 * 101 / 12.0), 3.0);
}

}  // namespace
}  // namespace iogate
