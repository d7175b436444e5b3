#include "offset_generator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace iogate {
namespace {

WorkloadSpec spec_with(double read_pct, double random_pct, std::uint64_t file_size,
                       std::uint64_t block_size = 4096) {
  WorkloadSpec spec;
  spec.block_size = block_size;
  spec.read_pct = read_pct;
  spec.random_pct = random_pct;
  spec.file_size = file_size;
  spec.io_size = block_size;
  return spec;
}

// |observed - n p| within 5 standard deviations of a binomial(n, p).
void expect_binomial(std::uint64_t observed, std::uint64_t n, double p, const char* what) {
  const double mean = static_cast<double>(n) * p;
  const double sigma = std::sqrt(static_cast<double>(n) * p * (1 - p));
  EXPECT_LE(std::abs(static_cast<double>(observed) - mean), 5 * sigma)
      << what << ": " << observed << " of " << n << ", expected " << mean;
}

TEST(OffsetGenerator, ReadAndRandomSharesFollowTheirProbabilities) {
  constexpr std::uint64_t kBlock = 4096;
  constexpr std::uint64_t kFile = std::uint64_t{1} << 30;  // 262144 blocks: chance repeats are rare
  const auto spec = spec_with(70, 60, kFile);
  OffsetGenerator gen(spec, 42);
  constexpr std::uint64_t kDraws = 100'000;
  std::uint64_t reads = 0;
  std::uint64_t sequential = 0;
  std::uint64_t expected_next = 0;
  for (std::uint64_t i = 0; i < kDraws; ++i) {
    const IoChoice c = gen.next();
    ASSERT_EQ(c.offset % kBlock, 0u);
    ASSERT_LE(c.offset + kBlock, kFile);
    if (c.direction == IoDirection::read) ++reads;
    // A random I/O lands on the sequential successor only by chance (p = 1/262144).
    if (i > 0 && c.offset == expected_next) ++sequential;
    expected_next = c.offset + kBlock == kFile ? 0 : c.offset + kBlock;
  }
  expect_binomial(reads, kDraws, 0.70, "reads");
  expect_binomial(sequential, kDraws - 1, 0.40, "sequential");
}

TEST(OffsetGenerator, ZeroRandomIsOneSequentialStreamThatWraps) {
  constexpr std::uint64_t kBlock = 8192;
  const auto spec =
      spec_with(0, 0, 10 * kBlock + 100, kBlock);  // a tail too short for a whole block
  OffsetGenerator gen(spec, 7);
  for (std::uint64_t i = 0; i < 35; ++i) {
    const IoChoice c = gen.next();
    EXPECT_EQ(c.offset, (i % 10) * kBlock) << i;
    EXPECT_EQ(c.direction, IoDirection::write);
  }
}

TEST(OffsetGenerator, FileOfExactlyOneBlockAlwaysAddressesZero) {
  const auto spec = spec_with(50, 50, 4096);
  OffsetGenerator gen(spec, 9);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(gen.next().offset, 0u);
}

TEST(OffsetGenerator, FullyRandomIsAlignedInRangeAndUniform) {
  constexpr std::uint64_t kBlock = 512;
  constexpr std::uint64_t kBlocks = 16;
  const auto spec = spec_with(100, 100, kBlocks * kBlock + kBlock / 2, kBlock);
  OffsetGenerator gen(spec, 11);
  std::vector<std::uint64_t> hits(kBlocks, 0);
  constexpr std::uint64_t kDraws = 100'000;
  for (std::uint64_t i = 0; i < kDraws; ++i) {
    const IoChoice c = gen.next();
    EXPECT_EQ(c.direction, IoDirection::read);
    ASSERT_EQ(c.offset % kBlock, 0u);
    ASSERT_LT(c.offset / kBlock, kBlocks);
    ++hits[c.offset / kBlock];
  }
  for (std::uint64_t b = 0; b < kBlocks; ++b) {
    expect_binomial(hits[b], kDraws, 1.0 / kBlocks, "block share");
  }
}

TEST(OffsetGenerator, SameSeedSameSequenceOtherSeedOtherSequence) {
  const auto spec = spec_with(50, 50, std::uint64_t{1} << 24);
  OffsetGenerator a(spec, 1234), b(spec, 1234), c(spec, 1235);
  EXPECT_EQ(a.seed(), 1234u);
  int differences = 0;
  for (int i = 0; i < 1000; ++i) {
    const IoChoice x = a.next();
    const IoChoice y = b.next();
    const IoChoice z = c.next();
    ASSERT_EQ(x.offset, y.offset);
    ASSERT_EQ(x.direction, y.direction);
    if (x.offset != z.offset || x.direction != z.direction) ++differences;
  }
  EXPECT_GT(differences, 100);
}

TEST(OffsetGenerator, SeedZeroDrawsAFreshSeedItCanReport) {
  const auto spec = spec_with(50, 100, std::uint64_t{1} << 30);
  OffsetGenerator a(spec, 0), b(spec, 0);
  EXPECT_NE(a.seed(), 0u);
  EXPECT_NE(a.seed(), b.seed());
  OffsetGenerator replay(spec, a.seed());
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next().offset, replay.next().offset);
}

TEST(Xoshiro256, ExponentialDrawsHaveMeanAndSpreadOne) {
  Xoshiro256 rng(7);
  double sum = 0, squares = 0, smallest = 1;
  constexpr int kDraws = 1'000'000;
  for (int i = 0; i < kDraws; ++i) {
    const double x = rng.exponential();
    sum += x;
    squares += x * x;
    smallest = std::min(smallest, x);
  }
  const double mean = sum / kDraws;
  EXPECT_NEAR(mean, 1.0, 0.005);
  EXPECT_NEAR(std::sqrt(squares / kDraws - mean * mean), 1.0, 0.01);
  EXPECT_GT(smallest, 0.0);
}

TEST(Xoshiro256, BelowStaysInRangeAndCoversIt) {
  Xoshiro256 rng(99);
  EXPECT_EQ(rng.below(1), 0u);
  std::vector<int> seen(3, 0);
  for (int i = 0; i < 30'000; ++i) {
    const auto v = rng.below(3);
    ASSERT_LT(v, 3u);
    ++seen[v];
  }
  for (const int s : seen)
    expect_binomial(static_cast<std::uint64_t>(s), 30'000, 1.0 / 3, "below(3)");
  const std::uint64_t huge = (std::uint64_t{1} << 63) + 12345;
  for (int i = 0; i < 1000; ++i) ASSERT_LT(rng.below(huge), huge);
}

}  // namespace
}  // namespace iogate
