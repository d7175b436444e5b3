// fio's random_distribution spelling, its rules, and the offsets the engine draws under it.
#include "iogate/engine/random_distribution.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "iogate/engine/workload_rules.hpp"
#include "offset_generator.hpp"
#include "skewed_blocks.hpp"

namespace iogate {
namespace {

RandomDistribution parsed(std::string_view text) {
  const ParsedDistribution p = parse_random_distribution(text);
  EXPECT_TRUE(p.distribution) << text << ": " << p.problem;
  return p.distribution.value_or(RandomDistribution{});
}

std::string refusal(std::string_view text) {
  const ParsedDistribution p = parse_random_distribution(text);
  EXPECT_FALSE(p.distribution) << text << " was accepted";
  return p.problem;
}

TEST(RandomDistribution, ReadsFiosSpellingAndWritesItBack) {
  EXPECT_TRUE(parsed("random").uniform());
  const RandomDistribution zipf = parsed("zipf:1.2");
  EXPECT_EQ(zipf.model, DistributionModel::zipf);
  EXPECT_DOUBLE_EQ(zipf.parameter, 1.2);
  EXPECT_FALSE(zipf.center);
  EXPECT_EQ(distribution_text(zipf), "zipf:1.2");
  // fio's defaults for a model named alone.
  EXPECT_DOUBLE_EQ(parsed("zipf").parameter, 1.1);
  EXPECT_DOUBLE_EQ(parsed("pareto").parameter, 0.2);
  const RandomDistribution pareto = parsed("pareto:0.9:0.25");
  EXPECT_DOUBLE_EQ(*pareto.center, 0.25);
  EXPECT_EQ(distribution_text(pareto), "pareto:0.9:0.25");
  EXPECT_EQ(distribution_text(parsed("normal:10")), "normal:10");
  // A size left empty takes what the others leave, as in fio's rand-zones example.
  const RandomDistribution zoned = parsed("zoned:50/5:30/15:20/");
  ASSERT_EQ(zoned.zones.size(), 3u);
  EXPECT_DOUBLE_EQ(zoned.zones[2].size_pct, 80);
  EXPECT_EQ(distribution_text(zoned), "zoned:50/5:30/15:20/80");
  for (const char* text : {"random", "zipf:0.8", "zipf:1.2:0.5", "normal:0", "zoned:60/10:40/90"})
    EXPECT_EQ(distribution_text(parsed(text)), text);
}

TEST(RandomDistribution, RefusesWhatFioRefusesAndSaysWhatItExpected) {
  EXPECT_EQ(refusal("zipf:1"), "zipf: expected a theta above 0 and not 1, got 1");
  EXPECT_NE(refusal("zipf:-0.5").find("above 0"), std::string::npos);
  EXPECT_EQ(refusal("pareto:1"), "pareto: expected an H between 0 and 1, got 1");
  EXPECT_NE(refusal("normal:100").find("from 0 up to 100"), std::string::npos);
  EXPECT_EQ(refusal("zipf:1.2:2"), "zipf: expected a center from 0 to 1, got 2");
  EXPECT_NE(refusal("zipf:x").find("with numbers"), std::string::npos);
  EXPECT_NE(refusal("zipf:1.2:0.5:1").find("with numbers"), std::string::npos);
  EXPECT_EQ(refusal("zoned:50/10:30/90"),
            "zoned: expected the zones' access shares to sum to 100%, got 80%");
  EXPECT_EQ(refusal("zoned:50/10:50/10"),
            "zoned: expected the zones' sizes to sum to 100%, got 20%");
  EXPECT_NE(refusal("zoned:60/10:40").find("ACCESS/SIZE"), std::string::npos);
  EXPECT_NE(refusal("zoned:").find("zones like"), std::string::npos);
  EXPECT_NE(refusal("gaussian:3").find("expected random, zipf:THETA"), std::string::npos);
  EXPECT_NE(refusal("random:1").find("expected random"), std::string::npos);
  // What it echoes of a bad value is bounded and printable.
  const std::string echoed = refusal(std::string(500, 'z') + "\x1b[2J");
  EXPECT_LT(echoed.size(), 300u);
  EXPECT_EQ(echoed.find('\x1b'), std::string::npos);
}

TEST(RandomDistribution, AWorkloadWithoutRandomIosOrAnIntegrityPassRefusesIt) {
  WorkloadSpec spec;
  spec.file_size = spec.io_size = 1 << 20;
  spec.random_distribution = parsed("zipf:1.2");
  const auto sequential = find_workload_problem(spec);
  ASSERT_TRUE(sequential);
  EXPECT_EQ(sequential->field, WorkloadField::random_distribution);
  EXPECT_NE(sequential->expected.find("issues none (random 0%)"), std::string::npos);
  spec.random_pct = 50;
  EXPECT_FALSE(find_workload_problem(spec));
  spec.kind = WorkloadKind::integrity;
  spec.verify = true;
  const auto integrity = find_workload_problem(spec);
  ASSERT_TRUE(integrity);
  EXPECT_EQ(integrity->field, WorkloadField::random_distribution);
  spec.kind = WorkloadKind::mixed;
  spec.verify = false;
  spec.random_distribution.zones = {{100, 100}};  // built in code: zones on a zipf
  EXPECT_TRUE(find_workload_problem(spec));
}

TEST(SkewedBlocks, ItsClosedFormSumMatchesTheSumTermByTerm) {
  for (const double theta : {0.8, 1.2, 2.5}) {
    for (const std::uint64_t n :
         {std::uint64_t{999}, std::uint64_t{1001}, std::uint64_t{1'000'000}}) {
      double direct = 0;
      for (std::uint64_t i = 1; i <= n; ++i) direct += std::pow(static_cast<double>(i), -theta);
      EXPECT_NEAR(generalized_harmonic(n, theta), direct, direct * 1e-10) << theta << " " << n;
    }
  }
}

// |observed - n p| within 5 standard deviations of a binomial(n, p).
void expect_binomial(std::uint64_t observed, std::uint64_t n, double p, const char* what) {
  const double mean = static_cast<double>(n) * p;
  const double sigma = std::sqrt(static_cast<double>(n) * p * (1 - p));
  EXPECT_LE(std::abs(static_cast<double>(observed) - mean), 5 * sigma)
      << what << ": " << observed << " of " << n << ", expected " << mean;
}

std::vector<std::uint64_t> hits(const WorkloadSpec& spec, std::uint64_t draws) {
  OffsetGenerator gen(spec, 7);
  std::vector<std::uint64_t> count(spec.file_size / spec.block_size);
  for (std::uint64_t i = 0; i < draws; ++i) {
    const IoChoice c = spec.block_mix.empty() ? gen.next() : gen.next_mixed(~std::uint64_t{0});
    EXPECT_EQ(c.offset % spec.block_size, 0u);
    EXPECT_LE(c.offset + c.length, spec.file_size);
    if (c.offset + c.length > spec.file_size) break;
    ++count[c.offset / spec.block_size];
  }
  return count;
}

WorkloadSpec random_reads(std::uint64_t blocks, std::string_view distribution) {
  WorkloadSpec spec;
  spec.block_size = 4096;
  spec.file_size = blocks * spec.block_size;
  spec.io_size = spec.block_size;
  spec.read_pct = spec.random_pct = 100;
  spec.random_distribution = parsed(distribution);
  return spec;
}

TEST(SkewedBlocks, ZipfsHottestBlockTakesOneOverZetaAtItsCenter) {
  // Rank 1's share is 1 / zeta(n) by construction of the inversion: 20.5% for theta 1.2 over
  // 16384 blocks. With a center of 0.25 it is block 4096.
  constexpr std::uint64_t kBlocks = 16384;
  constexpr std::uint64_t kDraws = 200'000;
  const auto count = hits(random_reads(kBlocks, "zipf:1.2:0.25"), kDraws);
  expect_binomial(count[kBlocks / 4], kDraws, 1 / generalized_harmonic(kBlocks, 1.2),
                  "the hottest block");
}

TEST(SkewedBlocks, ZonedPutsEachZonesShareInItsPartOfTheFile) {
  constexpr std::uint64_t kBlocks = 1000;
  constexpr std::uint64_t kDraws = 100'000;
  const auto count = hits(random_reads(kBlocks, "zoned:60/10:30/20:10/70"), kDraws);
  const auto in = [&](std::uint64_t first, std::uint64_t end) {
    std::uint64_t sum = 0;
    for (std::uint64_t b = first; b < end; ++b) sum += count[b];
    return sum;
  };
  expect_binomial(in(0, 100), kDraws, 0.6, "first 10%");
  expect_binomial(in(100, 300), kDraws, 0.3, "next 20%");
  expect_binomial(in(300, 1000), kDraws, 0.1, "last 70%");
}

TEST(SkewedBlocks, EveryModelStaysInsideFilesOfAnyBlockCount) {
  // Block counts that are not powers of two, where the scatter is not one-to-one, and the
  // smallest files; hits() checks every offset's alignment and end.
  for (const char* model : {"zipf:1.2", "zipf:0.5", "pareto:0.9", "pareto:0.1", "normal:0",
                            "normal:99", "zoned:99/1:1/99", "normal:10:1", "zipf:2:0"}) {
    for (const std::uint64_t blocks : {1, 2, 3, 1000, 12345}) {
      SCOPED_TRACE(::testing::Message() << model << " over " << blocks << " blocks");
      const auto count = hits(random_reads(blocks, model), 5000);
      std::uint64_t total = 0;
      for (const std::uint64_t c : count) total += c;
      EXPECT_EQ(total, 5000u);
    }
  }
}

TEST(SkewedBlocks, AMixOfSizesKeepsEveryIoInsideTheFile) {
  WorkloadSpec spec = random_reads(64, "zipf:1.2");
  spec.block_mix = {{4096, 50}, {65536, 50}};
  hits(spec, 20'000);
}

}  // namespace
}  // namespace iogate
