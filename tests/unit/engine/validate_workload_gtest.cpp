#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

#include "iogate/engine/engine.hpp"

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
              HasSubstr("block_size = 0: must be a positive multiple of 512"));
  EXPECT_THAT(rejection([](auto& s) { s.block_size = 1000; }), HasSubstr("block_size = 1000"));
  EXPECT_THAT(rejection([](auto& s) { s.block_size = std::uint64_t{2} << 30; }),
              HasSubstr("block_size = 2147483648: must be at most 1 GiB"));
}

TEST(ValidateWorkload, RejectsBadFileSizes) {
  EXPECT_THAT(rejection([](auto& s) { s.file_size = 4096; }),
              HasSubstr("file_size = 4096: must be at least block_size (8192 bytes)"));
  EXPECT_THAT(rejection([](auto& s) { s.file_size = (64 << 20) + 100; }),
              HasSubstr("file_size = 67108964: must be a multiple of 512 bytes with direct I/O"));
}

TEST(ValidateWorkload, RejectsPercentagesOutsideZeroToHundred) {
  EXPECT_THAT(rejection([](auto& s) { s.read_pct = -1; }), HasSubstr("read_pct"));
  EXPECT_THAT(rejection([](auto& s) { s.read_pct = 100.5; }), HasSubstr("must be in [0, 100]"));
  EXPECT_THAT(rejection([](auto& s) { s.random_pct = 101; }), HasSubstr("random_pct"));
  EXPECT_THAT(rejection([](auto& s) { s.random_pct = std::nan(""); }), HasSubstr("random_pct"));
}

TEST(ValidateWorkload, RejectsQueueDepthOutsideRange) {
  EXPECT_THAT(rejection([](auto& s) { s.queue_depth = 0; }),
              HasSubstr("queue_depth = 0: must be in [1, 4096]"));
  EXPECT_THAT(rejection([](auto& s) { s.queue_depth = 4097; }), HasSubstr("queue_depth = 4097"));
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
              HasSubstr("io_size = 8704: must be a multiple of block_size (8192 bytes)"));
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
              HasSubstr("workers = 0: must be in [1, 256]"));
  EXPECT_THAT(rejection([](auto& s) { s.workers = 257; }), HasSubstr("workers = 257"));
  EXPECT_THAT(rejection([](auto& s) {
                s.workers = 4;
                s.file_size = 3 * 8192;
              }),
              HasSubstr("at least one block (8192 bytes) per worker (4 workers)"));
  EXPECT_THAT(rejection([](auto& s) {
                s.workers = 4;
                s.io_size = 2 * 8192;
              }),
              HasSubstr("io_size = 16384: must be at least one block"));
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

}  // namespace
}  // namespace iogate
