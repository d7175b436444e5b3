// block_align (fio's blockalign): the rules it must meet, random offsets on its multiples for one
// size, a mix and a skewed distribution, sequential I/O left alone, and workers' regions in whole
// multiples of it so that offsets are aligned in the file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "iogate/engine/workload_rules.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/workload_problem.hpp"
#include "offset_generator.hpp"
#include "worker_set.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint64_t kMiB = 1024 * kKiB;
constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};

// 512-byte reads at random offsets aligned to 4 KiB, over 1 MiB: JESD219's grain and pages.
WorkloadSpec aligned_spec() {
  WorkloadSpec s;
  s.block_size = 512;
  s.block_align = 4 * kKiB;
  s.file_size = kMiB;
  s.io_size = kMiB;
  s.read_pct = 100;
  s.random_pct = 100;
  s.direct = false;
  return s;
}

TEST(BlockAlign, Rules) {
  WorkloadSpec s = aligned_spec();
  EXPECT_EQ(test::broken_field(s), std::nullopt);
  s.block_align = 1536;  // a multiple of 512, yet not of a 1 KiB block
  s.block_size = kKiB;
  s.io_size = kMiB;
  ASSERT_EQ(test::broken_field(s), WorkloadField::block_align);
  EXPECT_THAT(find_workload_problem(s)->expected,
              HasSubstr("expected a multiple of block_size (1 KiB)"));
  s = aligned_spec();
  s.random_pct = 0;
  ASSERT_EQ(test::broken_field(s), WorkloadField::block_align);
  EXPECT_THAT(find_workload_problem(s)->expected, HasSubstr("issues none (random 0%)"));
  s.block_align = s.block_size;  // the grain itself aligns nothing more: harmless
  EXPECT_EQ(test::broken_field(s), std::nullopt);
  s = aligned_spec();
  s.workers = 4;
  s.block_align = 512 * kKiB;  // a region of 256 KiB holds no multiple of it
  ASSERT_EQ(test::broken_field(s), WorkloadField::block_align);
  EXPECT_THAT(find_workload_problem(s)->expected, HasSubstr("a worker's share of file_size"));
  s.block_align = 256 * kKiB;
  EXPECT_EQ(test::broken_field(s), std::nullopt);
}

TEST(BlockAlign, RandomOffsetsLandOnItsMultiplesAndCoverThem) {
  OffsetGenerator gen(aligned_spec(), 5);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 20'000; ++i) {
    const IoChoice c = gen.next();
    ASSERT_EQ(c.offset % (4 * kKiB), 0u);
    ASSERT_LE(c.offset + c.length, kMiB);
    seen.insert(c.offset);
  }
  EXPECT_EQ(seen.size(), kMiB / (4 * kKiB));  // every page, the last one included
}

TEST(BlockAlign, SequentialIOsStillFollowOnInTheGrain) {
  WorkloadSpec s = aligned_spec();
  s.random_pct = 50;
  OffsetGenerator gen(s, 6);
  std::uint64_t unaligned = 0;
  for (int i = 0; i < 10'000; ++i) unaligned += gen.next().offset % (4 * kKiB) != 0;
  EXPECT_GT(unaligned, 1000u);  // a sequential I/O continues where the last ended
}

TEST(BlockAlign, AMixAndASkewedDrawAlignToIt) {
  WorkloadSpec s = aligned_spec();
  s.block_mix = {{512, 50}, {8 * kKiB, 30}, {64 * kKiB, 20}};
  s.random_distribution = *parse_random_distribution("zoned:50/5:50/95").distribution;
  ASSERT_EQ(test::broken_field(s), std::nullopt);
  OffsetGenerator gen(s, 7);
  std::uint64_t first_zone = 0;
  constexpr int kDraws = 20'000;
  for (int i = 0; i < kDraws; ++i) {
    const IoChoice c = gen.next_mixed(kNoLimit);
    ASSERT_EQ(c.offset % (4 * kKiB), 0u);
    ASSERT_LE(c.offset + c.length, kMiB);
    first_zone += c.offset < kMiB / 20;
  }
  // Zones count pages of 4 KiB, as fio's count blockalign's blocks: half the I/Os in the first 5%
  // (a larger size drawn past its last fit wraps to the start, so a little more).
  EXPECT_GT(first_zone, kDraws * 45 / 100);
}

TEST(BlockAlign, WorkersRegionsAreWholeMultiplesOfIt) {
  WorkloadSpec s = aligned_spec();
  s.file_size = kMiB + 6 * kKiB;
  s.workers = 3;
  s.block_align = 16 * kKiB;
  ASSERT_EQ(test::broken_field(s), std::nullopt);
  RunOptions options;
  std::vector<test::FakeStats> stats(3);
  options.backend_factory = [&stats](unsigned i) -> std::unique_ptr<IoBackend> {
    return std::make_unique<test::FakeBackend>(stats[i]);
  };
  const std::vector<Worker> workers = make_workers(s, 4096, options);
  for (const Worker& w : workers) {
    EXPECT_EQ(w.region_offset % (16 * kKiB), 0u) << w.index;
    EXPECT_EQ(w.spec.file_size % (16 * kKiB), 0u) << w.index;
  }
}

}  // namespace
}  // namespace iogate
