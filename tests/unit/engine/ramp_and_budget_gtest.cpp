// Accounting through the loop with fake backends, synchronous and asynchronous: ramp-up
// exclusion, exact size budgets across the ramp boundary, depth limits and backend busy.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>

#include "iogate/engine/engine.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;

constexpr std::uint64_t kBlock = 4096;

class LoopAccounting : public ::testing::Test {
 protected:
  LoopAccounting() : file_(dir_.make_file("data", 4 << 20)) {}

  static WorkloadSpec spec(std::uint64_t io_size, unsigned depth = 1) {
    WorkloadSpec s;
    s.block_size = kBlock;
    s.file_size = 4 << 20;
    s.io_size = io_size;
    s.queue_depth = depth;
    s.read_pct = 50;
    s.random_pct = 50;
    s.direct = false;
    s.seed = 5;
    return s;
  }

  RunResult run(const WorkloadSpec& s, std::unique_ptr<test::FakeBackend> backend) {
    RunOptions options;
    options.backend = std::move(backend);
    return run_workload(s, file_, std::move(options));
  }

  std::unique_ptr<test::FakeBackend> sync_fake() {
    return std::make_unique<test::FakeBackend>(stats_);
  }
  std::unique_ptr<test::FakeBackend> async_fake(unsigned max_in_flight) {
    return std::make_unique<test::FakeBackend>(stats_, max_in_flight, true);
  }

  test::TempDir dir_;
  std::filesystem::path file_;
  test::FakeStats stats_;
};

TEST_F(LoopAccounting, RampIsExcludedFromASizeBasedRun) {
  WorkloadSpec s = spec(256 * kBlock);
  s.ramp = 100ms;
  const RunResult r = run(s, sync_fake());
  EXPECT_EQ(r.ios(), 256u);
  EXPECT_EQ(r.bytes(), 256 * kBlock);
  EXPECT_EQ(r.latency.count(), 256u);
  EXPECT_GT(stats_.submits, 256u) << "the ramp issued nothing";
  EXPECT_TRUE(r.completed);
}

TEST_F(LoopAccounting, RampIsExcludedFromATimeBasedRun) {
  WorkloadSpec s = spec(0);
  s.duration = 100ms;
  s.ramp = 100ms;
  const RunResult r = run(s, sync_fake());
  EXPECT_GT(r.ios(), 0u);
  EXPECT_LT(r.ios(), stats_.submits);
  std::uint64_t interval_ios = 0;
  for (const auto& i : r.intervals) interval_ios += i.ios;
  EXPECT_EQ(interval_ios, r.ios());
}

TEST_F(LoopAccounting, AsyncBackendKeepsTheRequestedDepthInFlight) {
  const RunResult r = run(spec(1000 * kBlock, 8), async_fake(64));
  EXPECT_EQ(r.queue_depth, 8u);
  EXPECT_EQ(stats_.setup_depth, 8u);
  EXPECT_EQ(stats_.max_queued, 8u);
  EXPECT_EQ(r.ios(), 1000u);
  EXPECT_EQ(r.bytes(), 1000 * kBlock);
  EXPECT_EQ(stats_.submits, 1000u);
  EXPECT_GT(stats_.commits, 0u);
}

TEST_F(LoopAccounting, DepthIsCappedByTheBackend) {
  const RunResult r = run(spec(100 * kBlock, 32), async_fake(4));
  EXPECT_EQ(r.queue_depth, 4u);
  EXPECT_EQ(stats_.max_queued, 4u);
  EXPECT_EQ(r.ios(), 100u);
}

TEST_F(LoopAccounting, SizeBudgetIsExactAcrossTheRampBoundaryWithIosInFlight) {
  WorkloadSpec s = spec(999 * kBlock, 16);
  s.ramp = 50ms;
  auto backend = async_fake(16);
  backend->reap_batch = 3;  // partial reaps keep I/Os in flight across the boundary
  const RunResult r = run(s, std::move(backend));
  EXPECT_EQ(r.bytes(), 999 * kBlock);
  EXPECT_EQ(r.ios(), 999u);
  EXPECT_EQ(r.latency.count(), 999u);
}

TEST_F(LoopAccounting, SizeBudgetSmallerThanWhatIsInFlightAtTheRampBoundary) {
  WorkloadSpec s = spec(2 * kBlock, 16);
  s.ramp = 20ms;
  auto backend = async_fake(16);
  backend->reap_batch = 1;
  const RunResult r = run(s, std::move(backend));
  EXPECT_EQ(r.ios(), 2u);
  EXPECT_EQ(r.bytes(), 2 * kBlock);
}

TEST_F(LoopAccounting, BackendBusyIsWaitedOut) {
  auto backend = async_fake(8);
  backend->capacity = 3;
  const RunResult r = run(spec(200 * kBlock, 8), std::move(backend));
  EXPECT_EQ(r.ios(), 200u);
  EXPECT_GT(stats_.busy_answers, 0u);
  EXPECT_LE(stats_.max_queued, 3u);
}

TEST_F(LoopAccounting, AsyncShortTransfersAndRetriesStillCountExactly) {
  auto backend = async_fake(8);
  backend->script = [](const IoRequest& req, std::uint64_t call) -> std::int64_t {
    if (call % 7 == 3) return -EINTR;
    return req.length == kBlock && call % 2 == 0 ? 512 : req.length;
  };
  const RunResult r = run(spec(300 * kBlock, 8), std::move(backend));
  EXPECT_EQ(r.ios(), 300u);
  EXPECT_EQ(r.bytes(), 300 * kBlock);
  EXPECT_GT(stats_.submits, stats_.full_length_submits);  // remainders and retries happened
}

TEST_F(LoopAccounting, EachSlotHasItsOwnAlignedBufferEvenForSmallBlocks) {
  WorkloadSpec s = spec(64 * 512, 4);
  s.block_size = 512;
  auto backend = async_fake(4);
  backend->log_requests = true;
  (void)run(s, std::move(backend));
  ASSERT_EQ(stats_.log.size(), 64u);
  std::set<const void*> buffers;
  for (const IoRequest& req : stats_.log) {
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(req.buffer) % 4096, 0u);
    buffers.insert(req.buffer);
  }
  EXPECT_EQ(buffers.size(), 8u);  // 4 slots, each with a read and a write buffer
}

TEST_F(LoopAccounting, FlushOnlyWhenAskedAndSomethingWasWritten) {
  WorkloadSpec s = spec(16 * kBlock);
  s.flush = FlushPolicy::none;
  (void)run(s, sync_fake());
  EXPECT_EQ(stats_.flushes, 0u);

  s.flush = FlushPolicy::end;
  s.read_pct = 100;
  (void)run(s, sync_fake());
  EXPECT_EQ(stats_.flushes, 0u);

  s.read_pct = 0;
  const RunResult r = run(s, sync_fake());
  EXPECT_EQ(stats_.flushes, 1u);
  EXPECT_GE(r.flush_s, 0.0);
}

}  // namespace
}  // namespace iogate
