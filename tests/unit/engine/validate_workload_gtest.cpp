#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

#include "iogate/engine/engine.hpp"
#include "iogate/engine/workload_rules.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

WorkloadSpec good_spec() {
  WorkloadSpec spec;
  spec.block_size = 8192;
  spec.read_pct = 70;
  spec.random_pct = 30;
  spec.queue_depth = 4;
  spec.file_size = 64 << 20;
  spec.io_size = 8 << 20;
  return spec;
}

std::string rejection(const std::function<void(WorkloadSpec&)>& change) {
  WorkloadSpec spec = good_spec();
  change(spec);
  try {
    validate_workload(spec);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << "spec was accepted";
  return {};
}

TEST(ValidateWorkload, AcceptsAGoodSpec) { EXPECT_NO_THROW(validate_workload(good_spec())); }

TEST(ValidateWorkload, AcceptsEdgeValues) {
  WorkloadSpec spec = good_spec();
  spec.block_size = 512;  // direct I/O needs 512, not 4096
  spec.file_size = 512;
  spec.io_size = 0;
  spec.duration = 1ms;
  spec.read_pct = 0;
  spec.random_pct = 100;
  spec.queue_depth = 4096;
  EXPECT_NO_THROW(validate_workload(spec));
  spec.direct = false;
  spec.file_size = 1000;  // no sector multiple needed through the page cache
  EXPECT_NO_THROW(validate_workload(spec));
}

TEST(ValidateWorkload, RejectsBadBlockSizes) {
  EXPECT_THAT(rejection([](auto& s) { s.block_size = 0; }),
              HasSubstr("block_size: expected a positive multiple of 512 bytes, got 0"));
  EXPECT_THAT(rejection([](auto& s) { s.block_size = 1000; }),
              HasSubstr("block_size: expected a positive multiple of 512 bytes"));
  EXPECT_THAT(rejection([](auto& s) { s.block_size = std::uint64_t{2} << 30; }),
              HasSubstr("block_size: expected a block size of at most 64 MiB, got 2 GiB"));
}

TEST(ValidateWorkload, RejectsBadFileSizes) {
  EXPECT_THAT(rejection([](auto& s) { s.file_size = 4096; }),
              HasSubstr("file_size: must hold at least one block (8 KiB), got 4 KiB"));
  EXPECT_THAT(rejection([](auto& s) { s.file_size = (64 << 20) + 100; }),
              HasSubstr("file_size: must be a multiple of 512 bytes with direct I/O, got"));
}

TEST(ValidateWorkload, RejectsPercentagesOutsideZeroToHundred) {
  EXPECT_THAT(rejection([](auto& s) { s.read_pct = -1; }), HasSubstr("workload read:"));
  EXPECT_THAT(rejection([](auto& s) { s.read_pct = 100.5; }),
              HasSubstr("expected a percentage from 0 to 100"));
  EXPECT_THAT(rejection([](auto& s) { s.random_pct = 101; }), HasSubstr("workload random:"));
  EXPECT_THAT(rejection([](auto& s) { s.random_pct = std::nan(""); }),
              HasSubstr("workload random:"));
}

TEST(ValidateWorkload, RejectsQueueDepthOutsideRange) {
  EXPECT_THAT(rejection([](auto& s) { s.queue_depth = 0; }),
              HasSubstr("queue_depth: expected a queue depth from 1 to 4096, got 0"));
  EXPECT_THAT(rejection([](auto& s) { s.queue_depth = 4097; }), HasSubstr("got 4097"));
}

TEST(ValidateWorkload, RejectsAWorkloadThatNeverStops) {
  EXPECT_THAT(rejection([](auto& s) {
                s.io_size = 0;
                s.duration = 0s;
              }),
              HasSubstr("one of io_size (size-based) or duration (time-based)"));
}

TEST(ValidateWorkload, RejectsIoSizeNotAMultipleOfBlockSize) {
  EXPECT_THAT(rejection([](auto& s) { s.io_size = 8192 + 512; }),
              HasSubstr("workload size: must be a multiple of block_size (8 KiB), got"));
}

TEST(ValidateWorkload, RejectsNegativeDurations) {
  EXPECT_THAT(rejection([](auto& s) { s.duration = -1s; }), HasSubstr("duration"));
  EXPECT_THAT(rejection([](auto& s) { s.ramp = -1ms; }), HasSubstr("ramp"));
}

}  // namespace
}  // namespace iogate

namespace iogate {
namespace {

TEST(ValidateWorkload, RejectsWorkersOutsideRangeOrWithoutABlockEach) {
  EXPECT_THAT(rejection([](auto& s) { s.workers = 0; }),
              HasSubstr("workers: expected a number of workers from 1 to 256, got 0"));
  EXPECT_THAT(rejection([](auto& s) { s.workers = 257; }), HasSubstr("got 257"));
  EXPECT_THAT(rejection([](auto& s) {
                s.workers = 4;
                s.file_size = 3 * 8192;
              }),
              HasSubstr("each of 4 workers needs at least one block (8 KiB) of file_size"));
  EXPECT_THAT(
      rejection([](auto& s) {
        s.workers = 4;
        s.io_size = 2 * 8192;
      }),
      HasSubstr("each of 4 workers needs at least one block (8 KiB) of the size to transfer"));
}

TEST(ValidateWorkload, RejectsNegativeOrNonFiniteRates) {
  EXPECT_THAT(rejection([](auto& s) { s.rate_iops = -1; }), HasSubstr("rate_iops"));
  EXPECT_THAT(rejection([](auto& s) { s.rate_mbps = std::nan(""); }), HasSubstr("rate_mbps"));
}

TEST(ValidateWorkload, AnIntegrityWorkloadNeedsNoSizeOrDuration) {
  WorkloadSpec spec = good_spec();
  spec.kind = WorkloadKind::integrity;
  spec.io_size = 0;
  EXPECT_NO_THROW(validate_workload(spec));
}

TEST(ThinkTime, ThinkBlocksWithoutAPauseAndAPausedIntegrityPassAreRefused) {
  WorkloadSpec spec;
  spec.file_size = spec.io_size = 1 << 20;
  spec.think_blocks = 4;
  const auto alone = find_workload_problem(spec);
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->field, WorkloadField::think_blocks);
  spec.think_time = std::chrono::milliseconds(2);
  EXPECT_FALSE(find_workload_problem(spec));
  spec.think_blocks = 0;
  ASSERT_TRUE(find_workload_problem(spec));
  EXPECT_EQ(find_workload_problem(spec)->field, WorkloadField::think_blocks);
  spec.think_blocks = 1;
  spec.kind = WorkloadKind::integrity;
  spec.verify = true;
  ASSERT_TRUE(find_workload_problem(spec));
  EXPECT_EQ(find_workload_problem(spec)->field, WorkloadField::think_time);
}

TEST(RateProcess, PoissonWithoutARateCapIsRefused) {
  WorkloadSpec spec;
  spec.file_size = spec.io_size = 1 << 20;
  spec.rate_process = RateProcess::poisson;
  const auto alone = find_workload_problem(spec);
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->field, WorkloadField::rate_process);
  EXPECT_THAT(alone->expected, HasSubstr("give rate_iops or rate_mbps"));
  spec.rate_mbps = 10;
  EXPECT_FALSE(find_workload_problem(spec));
  spec.rate_mbps = 0;
  spec.rate_iops = 100;
  EXPECT_FALSE(find_workload_problem(spec));
  EXPECT_EQ(kRateProcesses.parse("poisson"), RateProcess::poisson);
  EXPECT_EQ(kRateProcesses.parse("Poisson"), std::nullopt);
}

}  // namespace
}  // namespace iogate
