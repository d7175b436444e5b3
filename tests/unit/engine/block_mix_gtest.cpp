// Block-size mixes (WorkloadSpec::block_mix, fio's bssplit): the rules a mix must meet, the sizes
// the generator draws (shares, alignment, sequential continuity, determinism), the loop's exact
// accounting per size with fake backends, the per-size counts merged across workers and passes,
// and a real psync run whose buffers must hold the largest size.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "iogate/engine/engine.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"
#include "offset_generator.hpp"
#include "worker_set.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint64_t kMiB = 1024 * kKiB;
constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};

// fio's bssplit=4k/60:64k/40 over `file_size`, size-based.
WorkloadSpec mixed_spec(std::uint64_t file_size = 64 * kMiB) {
  WorkloadSpec s;
  s.block_mix = {{4 * kKiB, 60}, {64 * kKiB, 40}};
  s.block_size = 4 * kKiB;
  s.file_size = file_size;
  s.io_size = 4 * kMiB;
  s.read_pct = 50;
  s.random_pct = 50;
  s.direct = false;
  s.seed = 11;
  return s;
}

// IOMeter's "File Server" access specification.
std::vector<BlockSizeShare> file_server_mix() {
  return {{512, 10},     {kKiB, 5},      {2 * kKiB, 5},  {4 * kKiB, 60},
          {8 * kKiB, 2}, {16 * kKiB, 4}, {32 * kKiB, 4}, {64 * kKiB, 10}};
}

std::string rejection(WorkloadSpec spec) {
  try {
    validate_workload(spec);
  } catch (const InvalidWorkload& e) {
    return e.what();
  }
  return "accepted";
}

TEST(BlockMixRules, AGoodMixPasses) {
  EXPECT_EQ(rejection(mixed_spec()), "accepted");
  WorkloadSpec s = mixed_spec();
  s.block_mix = file_server_mix();
  s.block_size = 512;
  EXPECT_EQ(rejection(s), "accepted");
}

TEST(BlockMixRules, EachBrokenRuleSaysWhatWasExpected) {
  const auto with = [](auto change) {
    WorkloadSpec s = mixed_spec();
    change(s);
    return rejection(s);
  };
  EXPECT_EQ(with([](WorkloadSpec& s) { s.block_mix[1].pct = 30; }),
            "workload block_mix: expected the shares of the mix to sum to 100%, got 90%");
  EXPECT_EQ(with([](WorkloadSpec& s) { s.block_mix[1].pct = 39.95; }), "accepted");  // tolerance
  EXPECT_THAT(with([](WorkloadSpec& s) {
                s.block_mix = {{4 * kKiB, 100}, {64 * kKiB, 0}};
              }),
              HasSubstr("size 2 of the mix (64 KiB): expected a share above 0%"));
  EXPECT_THAT(with([](WorkloadSpec& s) { s.block_mix[1].block_size = 4 * kKiB; }),
              HasSubstr("4 KiB is given twice"));
  EXPECT_THAT(with([](WorkloadSpec& s) { s.block_mix[1].block_size = 6 * kKiB; }),
              HasSubstr("expected a multiple of the smallest size, 4 KiB"));
  EXPECT_THAT(with([](WorkloadSpec& s) { s.block_mix[1].block_size = 1000; }),
              HasSubstr("size 2 of the mix: expected a positive multiple of 512 bytes"));
  EXPECT_THAT(with([](WorkloadSpec& s) { s.block_mix[1].block_size = 128 * kMiB; }),
              HasSubstr("at most 64 MiB"));
  EXPECT_THAT(with([](WorkloadSpec& s) {
                s.block_mix.clear();
                for (std::uint64_t i = 1; i <= 65; ++i)
                  s.block_mix.push_back({i * 512, 100.0 / 65});
                s.block_size = 512;
              }),
              HasSubstr("expected at most 64 block sizes in a mix, got 65"));
  EXPECT_THAT(with([](WorkloadSpec& s) { s.block_size = 8 * kKiB; }),
              HasSubstr("workload block_size: expected the block-size mix's smallest size, 4 KiB"));
  EXPECT_THAT(with([](WorkloadSpec& s) { s.verify = true; }),
              HasSubstr("workload block_mix: expected one block size with verify"));
  EXPECT_THAT(with([](WorkloadSpec& s) {
                s.kind = WorkloadKind::integrity;
                s.verify = true;
              }),
              HasSubstr("expected one block size with kind = integrity"));
  // The largest size must fit the file and each worker's region, not just the smallest.
  EXPECT_THAT(with([](WorkloadSpec& s) { s.file_size = 32 * kKiB; }),
              HasSubstr("workload file_size: must hold at least one block (64 KiB)"));
  EXPECT_THAT(with([](WorkloadSpec& s) {
                s.file_size = 256 * kKiB;
                s.workers = 8;
              }),
              HasSubstr("each of 8 workers needs at least one block (64 KiB) of file_size"));
  // The size budget is counted in the smallest size.
  EXPECT_THAT(with([](WorkloadSpec& s) { s.io_size = 6 * kKiB; }),
              HasSubstr("workload size: must be a multiple of block_size (4 KiB)"));
}

// Draws `n` I/Os and returns how many of each size.
std::map<std::uint64_t, std::uint64_t> draw_sizes(OffsetGenerator& gen, std::uint64_t n,
                                                  std::uint64_t file_size, std::uint64_t grain) {
  std::map<std::uint64_t, std::uint64_t> counts;
  for (std::uint64_t i = 0; i < n; ++i) {
    const IoChoice c = gen.next_mixed(kNoLimit);
    EXPECT_LE(c.offset + c.length, file_size);
    if (c.offset % grain != 0) ADD_FAILURE() << "offset " << c.offset << " off the grain";
    ++counts[c.length];
  }
  return counts;
}

TEST(BlockMixGenerator, DrawnSharesAreWithinOnePointOfTheAskedOnes) {
  constexpr std::uint64_t kDraws = 200'000;
  for (const auto& mix :
       {std::vector<BlockSizeShare>{{4 * kKiB, 60}, {64 * kKiB, 40}}, file_server_mix()}) {
    WorkloadSpec s = mixed_spec(std::uint64_t{1} << 30);
    s.block_mix = mix;
    s.block_size = block_size_of_mix(mix);
    s.random_pct = 100;  // every offset on the grain
    OffsetGenerator gen(s, 42);
    ASSERT_TRUE(gen.mixed());
    const auto counts = draw_sizes(gen, kDraws, s.file_size, s.block_size);
    ASSERT_EQ(counts.size(), mix.size());
    for (const BlockSizeShare& share : mix) {
      const double measured =
          100.0 * static_cast<double>(counts.at(share.block_size)) / static_cast<double>(kDraws);
      EXPECT_NEAR(measured, share.pct, 1.0) << share.block_size;
    }
  }
}

TEST(BlockMixGenerator, TheSameSeedDrawsTheSameSequence) {
  const WorkloadSpec s = mixed_spec();
  OffsetGenerator a(s, 9), b(s, 9), c(s, 10);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const IoChoice x = a.next_mixed(kNoLimit), y = b.next_mixed(kNoLimit);
    const IoChoice z = c.next_mixed(kNoLimit);
    ASSERT_EQ(x.offset, y.offset);
    ASSERT_EQ(x.length, y.length);
    ASSERT_EQ(x.direction, y.direction);
    differs = differs || x.offset != z.offset || x.length != z.length;
  }
  EXPECT_TRUE(differs) << "another seed drew the same 1000 I/Os";
}

TEST(BlockMixGenerator, SequentialIosContinueWhereTheLastEndedAndWrapBeforeTheEnd) {
  WorkloadSpec s = mixed_spec(1 * kMiB + 8 * kKiB);  // a tail no 64 KiB I/O fits in
  s.random_pct = 0;
  OffsetGenerator gen(s, 3);
  std::uint64_t expected = 0;
  int wraps = 0;
  for (int i = 0; i < 5000; ++i) {
    const IoChoice c = gen.next_mixed(kNoLimit);
    if (c.offset != expected) {
      ASSERT_EQ(c.offset, 0u) << "I/O " << i << " neither continued nor wrapped";
      ASSERT_GT(expected + c.length, s.file_size) << "wrapped while the I/O still fit";
      ++wraps;
    }
    ASSERT_LE(c.offset + c.length, s.file_size);
    expected = c.offset + c.length;
  }
  EXPECT_GT(wraps, 10);
}

TEST(BlockMixGenerator, ASizeThatDoesNotFitTheBudgetGivesWayToTheLargestThatDoes) {
  WorkloadSpec s = mixed_spec();
  s.block_mix = {{4 * kKiB, 10}, {16 * kKiB, 10}, {64 * kKiB, 80}};
  OffsetGenerator gen(s, 5);
  for (int i = 0; i < 200; ++i) {
    const IoChoice c = gen.next_mixed(20 * kKiB);
    ASSERT_TRUE(c.length == 4 * kKiB || c.length == 16 * kKiB) << c.length;
    ASSERT_EQ(gen.mix_sizes().at(c.size_index), c.length);
  }
  EXPECT_EQ(gen.next_mixed(4 * kKiB).length, 4 * kKiB);
}

TEST(BlockMixGenerator, OneSizeIsNotMixed) {
  WorkloadSpec s = mixed_spec();
  s.block_mix.clear();
  EXPECT_FALSE(OffsetGenerator(s, 1).mixed());
}

class BlockMixLoop : public ::testing::Test {
 protected:
  BlockMixLoop() : file_(dir_.make_file("data", 64 * kMiB)) {}

  RunResult run(const WorkloadSpec& s, unsigned depth, bool async) {
    RunOptions options;
    auto backend = std::make_unique<test::FakeBackend>(stats_, depth, async);
    backend->log_requests = true;
    options.backend = std::move(backend);
    return run_workload(s, file_, std::move(options));
  }

  test::TempDir dir_;
  std::filesystem::path file_;
  test::FakeStats stats_;
};

void expect_counts_add_up(const RunResult& r) {
  std::uint64_t ios = 0, bytes = 0;
  for (const BlockSizeCount& c : r.block_sizes) {
    EXPECT_EQ(c.bytes, c.ios * c.block_size) << c.block_size;
    ios += c.ios;
    bytes += c.bytes;
  }
  EXPECT_EQ(ios, r.ios());
  EXPECT_EQ(bytes, r.bytes());
}

TEST_F(BlockMixLoop, ASizeBasedRunCountsExactlyItsSizeAndEachSize) {
  WorkloadSpec s = mixed_spec();
  s.io_size = 4 * kMiB + 4 * kKiB;  // no whole number of 64 KiB I/Os
  s.queue_depth = 8;
  s.ramp = 20ms;  // I/Os of both sizes in flight across the boundary
  const RunResult r = run(s, 8, true);
  EXPECT_EQ(r.bytes(), s.io_size);
  ASSERT_EQ(r.block_sizes.size(), 2u);
  EXPECT_EQ(r.block_sizes[0].block_size, 4 * kKiB);
  EXPECT_EQ(r.block_sizes[1].block_size, 64 * kKiB);
  expect_counts_add_up(r);
  for (const IoRequest& req : stats_.log) {
    ASSERT_TRUE(req.length == 4 * kKiB || req.length == 64 * kKiB) << req.length;
    ASSERT_EQ(req.offset % (4 * kKiB), 0u);
  }
}

TEST_F(BlockMixLoop, AsyncShortTransfersStillCountEachIoWholeAtItsSize) {
  WorkloadSpec s = mixed_spec();
  s.queue_depth = 4;
  auto backend = std::make_unique<test::FakeBackend>(stats_, 4, true);
  backend->script = [](const IoRequest& req, std::uint64_t call) -> std::int64_t {
    return call % 3 == 0 && req.length > 512 ? 512 : req.length;
  };
  RunOptions options;
  options.backend = std::move(backend);
  const RunResult r = run_workload(s, file_, std::move(options));
  EXPECT_EQ(r.bytes(), s.io_size);
  expect_counts_add_up(r);
}

TEST_F(BlockMixLoop, ManyIosShareTheMixWithinOnePoint) {
  WorkloadSpec s = mixed_spec();
  s.block_mix = {{512, 60}, {4 * kKiB, 40}};
  s.block_size = 512;
  s.io_size = 200 * kMiB;  // about 110,000 I/Os: one point is 7 standard deviations
  const RunResult r = run(s, 1, false);
  EXPECT_EQ(r.bytes(), s.io_size);
  expect_counts_add_up(r);
  ASSERT_EQ(r.block_sizes.size(), 2u);
  EXPECT_GT(r.ios(), 100'000u);
  const double small =
      100.0 * static_cast<double>(r.block_sizes[0].ios) / static_cast<double>(r.ios());
  EXPECT_NEAR(small, 60.0, 1.0);
}

TEST_F(BlockMixLoop, OneSizeRecordsNoPerSizeCounts) {
  WorkloadSpec s = mixed_spec();
  s.block_mix.clear();
  const RunResult r = run(s, 1, false);
  EXPECT_EQ(r.bytes(), s.io_size);
  EXPECT_TRUE(r.block_sizes.empty());
}

TEST_F(BlockMixLoop, WorkersMergeTheirPerSizeCounts) {
  WorkloadSpec s = mixed_spec();
  s.workers = 4;
  s.queue_depth = 2;
  test::FakeStats stats[4];  // one each: the workers run on their own threads
  RunOptions options;
  options.backend_factory = [&stats](unsigned i) -> std::unique_ptr<IoBackend> {
    return std::make_unique<test::FakeBackend>(stats[i], 2, false);
  };
  const RunResult r = run_workload(s, file_, std::move(options));
  EXPECT_EQ(r.workers, 4u);
  EXPECT_EQ(r.bytes(), s.io_size);
  ASSERT_EQ(r.block_sizes.size(), 2u);
  expect_counts_add_up(r);
}

TEST(BlockMixMerge, CountsAddBySizeSmallestFirst) {
  RunResult a, b;
  a.block_sizes = {{4096, 3, 3 * 4096}, {65536, 1, 65536}};
  b.block_sizes = {{512, 2, 1024}, {65536, 2, 2 * 65536}};
  RunResult concurrent = a;
  merge_concurrent(concurrent, b);
  EXPECT_THAT(concurrent.block_sizes,
              ElementsAre(BlockSizeCount{512, 2, 1024}, BlockSizeCount{4096, 3, 3 * 4096},
                          BlockSizeCount{65536, 3, 3 * 65536}));
  RunResult passes = a;
  append_pass(passes, b);
  EXPECT_EQ(passes.block_sizes, concurrent.block_sizes);
  RunResult one_size;
  append_pass(one_size, RunResult{});
  EXPECT_TRUE(one_size.block_sizes.empty());
}

TEST(BlockMixRun, RealPsyncIosOfEverySizeReachTheFile) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", 8 * kMiB);
  WorkloadSpec s = mixed_spec(8 * kMiB);
  s.block_mix = file_server_mix();
  s.block_size = 512;
  s.io_size = 8 * kMiB;
  s.queue_depth = 4;
  s.engine = "psync";
  const RunResult r = run_workload(s, file);
  EXPECT_EQ(r.bytes(), 8 * kMiB);
  EXPECT_EQ(r.block_sizes.size(), 8u);
  expect_counts_add_up(r);
}

}  // namespace
}  // namespace iogate
