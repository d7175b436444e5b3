#include "iogate/engine/histogram.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace iogate {
namespace {

constexpr std::uint64_t kMaxValue = std::numeric_limits<std::uint64_t>::max();

// A percentile as an exact fraction num/den of 100, so the expected rank needs no floating point.
struct Quantile {
  double q;
  std::uint64_t num;
  std::uint64_t den;
};
constexpr Quantile kQuantiles[] = {
    {50, 50, 100}, {90, 90, 100}, {99, 99, 100}, {99.9, 999, 1000},      {99.99, 9999, 10000},
    {1, 1, 100},   {25, 25, 100}, {75, 75, 100}, {99.999, 99999, 100000}};

// The value of rank ceil(num/den * n) in a sorted sample (ranks are 1-based).
std::uint64_t exact_percentile(const std::vector<std::uint64_t>& sorted, std::uint64_t num,
                               std::uint64_t den) {
  const std::uint64_t n = sorted.size();
  const std::uint64_t rank = std::max<std::uint64_t>(1, (num * n + den - 1) / den);
  return sorted[rank - 1];
}

void expect_within_bound(double reported, std::uint64_t exact, const char* what, double q) {
  const double e = static_cast<double>(exact);
  EXPECT_LE(std::abs(reported - e), LatencyHistogram::kRelativeErrorBound * e)
      << what << " p" << q << ": reported " << reported << ", exact " << exact;
}

void check_against_sorted(std::vector<std::uint64_t> values, const char* what) {
  LatencyHistogram h;
  long double sum = 0;
  for (const auto v : values) {
    h.record(v);
    sum += static_cast<long double>(v);
  }
  std::sort(values.begin(), values.end());
  ASSERT_EQ(h.count(), values.size());
  EXPECT_EQ(h.min_ns(), values.front());
  EXPECT_EQ(h.max_ns(), values.back());
  EXPECT_DOUBLE_EQ(h.mean_ns(), static_cast<double>(sum / static_cast<long double>(values.size())));
  EXPECT_EQ(h.percentile_ns(0), static_cast<double>(values.front()));
  EXPECT_EQ(h.percentile_ns(100), static_cast<double>(values.back()));
  for (const auto& q : kQuantiles) {
    expect_within_bound(h.percentile_ns(q.q), exact_percentile(values, q.num, q.den), what, q.q);
  }
  for (std::uint64_t q = 1; q < 100; ++q) {  // every whole percentile too
    expect_within_bound(h.percentile_ns(static_cast<double>(q)), exact_percentile(values, q, 100),
                        what, static_cast<double>(q));
  }
}

constexpr std::size_t kSamples = 1'000'000;

TEST(LatencyHistogram, UniformMicrosecondsToMillisecondsWithinBound) {
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<std::uint64_t> dist(1'000, 10'000'000);
  std::vector<std::uint64_t> values(kSamples);
  for (auto& v : values) v = dist(rng);
  check_against_sorted(std::move(values), "uniform");
}

TEST(LatencyHistogram, ExponentialWithinBound) {
  std::mt19937_64 rng(2);
  std::exponential_distribution<double> dist(1.0 / 100'000.0);  // mean 100 us
  std::vector<std::uint64_t> values(kSamples);
  for (auto& v : values) v = static_cast<std::uint64_t>(dist(rng));
  check_against_sorted(std::move(values), "exponential");
}

TEST(LatencyHistogram, LognormalSpanningMicrosecondsToSecondsWithinBound) {
  std::mt19937_64 rng(3);
  std::lognormal_distribution<double> dist(std::log(1e6), 2.5);  // median 1 ms, ~1 us .. ~10 s
  std::vector<std::uint64_t> values(kSamples);
  for (auto& v : values) v = static_cast<std::uint64_t>(dist(rng));
  check_against_sorted(std::move(values), "lognormal");
}

TEST(LatencyHistogram, SmallValuesAreExact) {
  LatencyHistogram h;
  for (std::uint64_t v = 0; v < 256; ++v) h.record(v);
  for (std::uint64_t q = 1; q <= 100; ++q) {
    const std::uint64_t rank = (q * 256 + 99) / 100;
    EXPECT_EQ(h.percentile_ns(static_cast<double>(q)), static_cast<double>(rank - 1)) << q;
  }
}

TEST(LatencyHistogram, PercentilesAreClampedIntoMinMax) {
  LatencyHistogram h;
  for (int i = 0; i < 10; ++i) h.record(1000);  // bucket [1000, 1004): midpoint 1001.5
  EXPECT_EQ(h.percentile_ns(50), 1000.0);
  h.record(1'000'003);
  EXPECT_EQ(h.percentile_ns(99.99), 1'000'003.0);  // above the top bucket's midpoint: max
}

// Every value's own bucket midpoint is within the bound: v between 0 and the maximum, so that
// the clamp into [min, max] does not help.
TEST(LatencyHistogram, EachValueWithinBoundAcrossAllMagnitudes) {
  std::vector<std::uint64_t> values;
  for (std::uint64_t v = 1; v < 5000; ++v) values.push_back(v);
  std::mt19937_64 rng(4);
  for (int bits = 13; bits < 64; ++bits) {
    values.push_back(std::uint64_t{1} << bits);
    values.push_back((std::uint64_t{1} << bits) - 1);
    for (int i = 0; i < 200; ++i) values.push_back(rng() >> (64 - bits));
  }
  LatencyHistogram h;
  for (const auto v : values) {
    if (v == 0) continue;
    h.reset();
    h.record(0);
    h.record(v);
    h.record(kMaxValue);
    expect_within_bound(h.percentile_ns(50), v, "single", 50);
    const auto buckets = h.nonempty_buckets();
    ASSERT_EQ(buckets.size(), 3u);
    EXPECT_LE(buckets[1].low_ns, v);
    EXPECT_LT(v, buckets[1].high_ns);
  }
}

TEST(LatencyHistogram, MergeEqualsRecordingEverything) {
  std::mt19937_64 rng(5);
  std::lognormal_distribution<double> dist(std::log(2e5), 1.5);
  LatencyHistogram all, left, right, empty;
  for (int i = 0; i < 100'000; ++i) {
    const auto v = static_cast<std::uint64_t>(dist(rng));
    all.record(v);
    (i % 3 == 0 ? left : right).record(v);
  }
  left.merge(right);
  left.merge(empty);
  EXPECT_EQ(left.count(), all.count());
  EXPECT_EQ(left.min_ns(), all.min_ns());
  EXPECT_EQ(left.max_ns(), all.max_ns());
  EXPECT_DOUBLE_EQ(left.mean_ns(), all.mean_ns());
  for (const auto& q : kQuantiles) EXPECT_EQ(left.percentile_ns(q.q), all.percentile_ns(q.q));
  const auto a = all.nonempty_buckets();
  const auto b = left.nonempty_buckets();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].low_ns, b[i].low_ns);
    EXPECT_EQ(a[i].count, b[i].count);
  }

  empty.merge(all);  // into an empty one: min must come from the other side
  EXPECT_EQ(empty.min_ns(), all.min_ns());
  EXPECT_EQ(empty.count(), all.count());
}

TEST(LatencyHistogram, EmptyReportsZeros) {
  const LatencyHistogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.min_ns(), 0u);
  EXPECT_EQ(h.max_ns(), 0u);
  EXPECT_EQ(h.mean_ns(), 0.0);
  EXPECT_EQ(h.percentile_ns(50), 0.0);
  EXPECT_EQ(h.percentile_ns(100), 0.0);
  EXPECT_TRUE(h.nonempty_buckets().empty());
}

TEST(LatencyHistogram, ZeroOneAndHugeValues) {
  LatencyHistogram h;
  h.record(0);
  EXPECT_EQ(h.percentile_ns(50), 0.0);
  EXPECT_EQ(h.min_ns(), 0u);
  h.record(1);
  EXPECT_EQ(h.percentile_ns(100), 1.0);

  LatencyHistogram huge;
  const std::uint64_t three_hours = 3ull * 3600 * 1'000'000'000;
  huge.record(three_hours);
  huge.record(kMaxValue);
  EXPECT_EQ(huge.max_ns(), kMaxValue);
  EXPECT_EQ(huge.min_ns(), three_hours);
  expect_within_bound(huge.percentile_ns(50), three_hours, "three hours", 50);
  EXPECT_EQ(huge.percentile_ns(100), static_cast<double>(kMaxValue));
  const auto buckets = huge.nonempty_buckets();
  ASSERT_EQ(buckets.size(), 2u);
  EXPECT_EQ(buckets.back().high_ns, kMaxValue);  // the topmost bucket saturates
  EXPECT_LE(buckets.back().low_ns, kMaxValue);
  EXPECT_DOUBLE_EQ(huge.mean_ns(), (static_cast<double>(three_hours) + 0x1p64) / 2);
}

TEST(LatencyHistogram, ResetForgetsEverything) {
  LatencyHistogram h;
  h.record(123);
  h.record(456789);
  h.reset();
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.max_ns(), 0u);
  EXPECT_TRUE(h.nonempty_buckets().empty());
  h.record(77);
  EXPECT_EQ(h.min_ns(), 77u);
  EXPECT_EQ(h.percentile_ns(50), 77.0);
}

TEST(LatencyHistogram, RejectsPercentilesOutsideZeroToHundred) {
  LatencyHistogram h;
  h.record(5);
  EXPECT_THROW((void)h.percentile_ns(-0.1), std::invalid_argument);
  EXPECT_THROW((void)h.percentile_ns(100.5), std::invalid_argument);
  EXPECT_THROW((void)h.percentile_ns(std::nan("")), std::invalid_argument);
}

}  // namespace
}  // namespace iogate
