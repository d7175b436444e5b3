// The U test and the spread figures, against values worked out by hand.
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

TEST(Statistics, CoefficientOfVariationUsesTheSampleDeviation) {
  // mean 10, sample variance ((1+1)/1) = 2 -> sd sqrt(2)
  EXPECT_NEAR(coefficient_of_variation(std::vector<double>{9, 11}), std::sqrt(2.0) / 10, 1e-12);
  EXPECT_EQ(coefficient_of_variation(std::vector<double>{5}), 0);
}

TEST(Statistics, CompleteSeparationGivesTheSmallestExactP) {
  const std::vector<double> low{1, 2, 3, 4, 5}, high{6, 7, 8, 9, 10};
  const UTest t = mann_whitney_less(low, high);
  EXPECT_TRUE(t.exact);
  EXPECT_EQ(t.u, 0);
  EXPECT_NEAR(t.p, 1.0 / 252, 1e-12);
  EXPECT_NEAR(smallest_p(5, 5), 1.0 / 252, 1e-12);
  EXPECT_NEAR(mann_whitney_less(high, low).p, 1.0, 1e-12);
}

TEST(Statistics, ExactDistributionMatchesACountByHand) {
  // n = m = 2: six interleavings with U = 0,1,2,2,3,4; P(U <= 1) = 2/6.
  const UTest t = mann_whitney_less(std::vector<double>{1, 3}, std::vector<double>{2, 4});
  EXPECT_EQ(t.u, 1);
  EXPECT_NEAR(t.p, 2.0 / 6, 1e-12);
}

TEST(Statistics, TiesUseTheCorrectedNormalApproximation) {
  const std::vector<double> x{1, 1, 2, 2, 3}, y{2, 3, 3, 4, 4};
  const UTest t = mann_whitney_less(x, y);
  EXPECT_FALSE(t.exact);
  EXPECT_GT(t.p, 0);
  EXPECT_LT(t.p, 0.05);
  // All equal: no evidence, and no division by a zero variance.
  EXPECT_EQ(mann_whitney_less(std::vector<double>{1, 1}, std::vector<double>{1, 1}).p, 1.0);
}

TEST(Statistics, LargeSamplesUseTheApproximation) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> a(100, 10), b(110, 10);
  std::vector<double> x, y, x2;
  for (int i = 0; i < 60; ++i) x.push_back(a(rng)), y.push_back(b(rng)), x2.push_back(a(rng));
  const UTest shifted = mann_whitney_less(x, y);
  EXPECT_FALSE(shifted.exact);
  EXPECT_LT(shifted.p, 0.001);                  // one standard deviation apart, 60 each
  EXPECT_GT(mann_whitney_less(x, x2).p, 0.01);  // same distribution (this seed)
}

TEST(Statistics, EmptySampleIsNoEvidence) {
  EXPECT_EQ(mann_whitney_less(std::vector<double>{}, std::vector<double>{1}).p, 1.0);
}

}  // namespace
}  // namespace iogate
