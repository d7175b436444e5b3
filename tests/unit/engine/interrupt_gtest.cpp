// The stop request and Interrupted: a fake backend requests the stop from inside the run (as the
// signal handler would, from whatever the process was doing) and the run must stop, drain what
// is in flight, skip the flush and name the signal. No real signal here: see
// graceful_run_gtest.cpp for SIGTERM itself.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <system_error>

#include "common/interrupt.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate_test/counting_backend.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kStopAt = 50;  // the submit during which the stop is requested

class InterruptRun : public ::testing::Test {
 protected:
  InterruptRun() : file_(dir_.make_file("data", 1 << 20)) { clear_stop_request(); }
  ~InterruptRun() override { clear_stop_request(); }

  static WorkloadSpec spec(std::uint64_t io_size) { return test::fake_spec(io_size); }

  static test::FakeBackend::Script stop_at(std::uint64_t call_number, int sig) {
    return [call_number, sig](const IoRequest& req, std::uint64_t call) {
      if (call == call_number) request_stop(sig);
      return static_cast<std::int64_t>(req.length);
    };
  }

  // Runs `s` and returns what it threw (fails the test when it did not throw Interrupted).
  Interrupted run_interrupted(const WorkloadSpec& s, RunOptions options) {
    try {
      run_workload(s, file_, std::move(options));
    } catch (const Interrupted& e) {
      return e;
    }
    ADD_FAILURE() << "the run was not interrupted";
    return Interrupted(0, {});
  }

  test::TempDir dir_;
  std::filesystem::path file_;
  test::FakeStats stats_;
};

TEST(StopRequest, TheFirstSignalIsKept) {
  clear_stop_request();
  EXPECT_EQ(stop_requested(), 0);
  EXPECT_TRUE(request_stop(SIGTERM));
  EXPECT_FALSE(request_stop(SIGINT));
  EXPECT_EQ(stop_requested(), SIGTERM);
  clear_stop_request();
  EXPECT_EQ(stop_requested(), 0);
}

TEST(StopRequest, InterruptedSaysWhatWasDoneAndNamesTheSignal) {
  InterruptProgress p;
  p.elapsed = 3200ms;
  p.bytes = 41u << 20;
  p.bytes_planned = 1u << 30;
  const Interrupted sized(SIGTERM, p);
  EXPECT_STREQ(sized.what(), "interrupted by SIGTERM after 3.20s, 41 MiB of 1 GiB");
  EXPECT_EQ(sized.signal(), SIGTERM);
  p.bytes_planned = 0;
  p.planned = 60s;
  const Interrupted timed(SIGINT, p);
  EXPECT_STREQ(timed.what(), "interrupted by SIGINT after 3.20s of 1m, 41 MiB transferred");
  p.doing = "preallocating /d/a.dat";
  p.elapsed = 2100ms;
  const Interrupted prealloc(SIGTERM, p);
  EXPECT_THAT(prealloc.what(), HasSubstr("SIGTERM while preallocating /d/a.dat after 2.10s"));
  EXPECT_EQ(not_run_reason(SIGINT), "not run: interrupted by SIGINT");
  EXPECT_EQ(signal_name(SIGABRT), "signal " + std::to_string(SIGABRT));
}

TEST_F(InterruptRun, ASynchronousRunStopsAtTheNextIssueAndSkipsTheFlush) {
  auto backend = std::make_unique<test::FakeBackend>(stats_);
  backend->script = stop_at(kStopAt, SIGTERM);
  RunOptions options;
  options.backend = std::move(backend);
  const Interrupted e = run_interrupted(spec(1u << 30), std::move(options));
  EXPECT_EQ(e.signal(), SIGTERM);
  EXPECT_EQ(stats_.submits, kStopAt + 1);  // the I/O in progress completes, nothing after it
  EXPECT_EQ(stats_.flushes, 0u);           // nothing was measured: nothing to flush for
  EXPECT_EQ(e.progress().bytes, (kStopAt + 1) * kBlock);
  EXPECT_EQ(e.progress().bytes_planned, 1u << 30);
  EXPECT_THAT(e.what(), HasSubstr("interrupted by SIGTERM after "));
  EXPECT_THAT(e.what(), HasSubstr(" of 1 GiB"));
}

TEST_F(InterruptRun, AnAsynchronousRunReapsEverythingInFlightFirst) {
  test::CountingLog log;
  auto fake = std::make_unique<test::FakeBackend>(stats_, 8, true);
  fake->script = stop_at(kStopAt, SIGINT);
  fake->reap_batch = 1;  // completions trickle in: several I/Os are in flight at the stop
  RunOptions options;
  options.backend = std::make_unique<test::CountingBackend>(std::move(fake), log);
  WorkloadSpec s = spec(1u << 30);
  s.queue_depth = 8;
  const Interrupted e = run_interrupted(s, std::move(options));
  EXPECT_EQ(e.signal(), SIGINT);
  EXPECT_EQ(log.max_in_flight, 8u);
  EXPECT_EQ(log.in_flight, 0u);  // every accepted I/O was reaped before the throw
  EXPECT_LE(stats_.submits, kStopAt + 8);
  EXPECT_EQ(e.progress().bytes, stats_.submits * kBlock);  // the drained ones count
}

TEST_F(InterruptRun, AStopRequestedBeforeTheRunIssuesNothing) {
  request_stop(SIGTERM);
  RunOptions options;
  options.backend = std::make_unique<test::FakeBackend>(stats_);
  WorkloadSpec s = spec(0);
  s.duration = 60s;
  const Interrupted e = run_interrupted(s, std::move(options));
  EXPECT_EQ(stats_.submits, 0u);
  EXPECT_THAT(e.what(), HasSubstr(" of 1m, 0 B transferred"));
}

TEST_F(InterruptRun, WorkersStopTogetherAndReportOneInterruption) {
  std::vector<test::FakeStats> stats(2);
  RunOptions options;
  options.backend_factory = [&stats](unsigned worker) {
    auto backend = std::make_unique<test::FakeBackend>(stats[worker]);
    // Worker 1 takes the signal; worker 0 must see the same request and stop as well.
    backend->script = worker == 1 ? stop_at(kStopAt, SIGTERM) : test::FakeBackend::Script{};
    return backend;
  };
  // A share far larger than worker 0 could finish before worker 1 has made 50 I/Os.
  constexpr std::uint64_t kPlanned = std::uint64_t{1} << 40;
  WorkloadSpec s = spec(kPlanned);
  s.workers = 2;
  const Interrupted e = run_interrupted(s, std::move(options));
  EXPECT_EQ(e.signal(), SIGTERM);
  EXPECT_EQ(e.progress().bytes_planned, kPlanned);
  EXPECT_EQ(e.progress().bytes, (stats[0].submits + stats[1].submits) * kBlock);
  EXPECT_LT(stats[0].submits * kBlock, kPlanned / 2);  // stopped, did not finish its share
  EXPECT_EQ(stats[0].flushes + stats[1].flushes, 0u);
}

TEST_F(InterruptRun, AnIoErrorWinsOverTheInterruptionOfTheOtherWorker) {
  std::vector<test::FakeStats> stats(2);
  RunOptions options;
  options.backend_factory = [&stats](unsigned worker) {
    auto backend = std::make_unique<test::FakeBackend>(stats[worker]);
    // Worker 0's I/O fails while the stop is requested: worker 1 ends interrupted, worker 0 with
    // the I/O error, which says more than the signal does.
    if (worker == 0) {
      backend->script = [](const IoRequest& req, std::uint64_t call) -> std::int64_t {
        if (call != kStopAt) return static_cast<std::int64_t>(req.length);
        request_stop(SIGTERM);
        return -EIO;
      };
    }
    return backend;
  };
  WorkloadSpec s = spec(1u << 30);
  s.workers = 2;
  try {
    run_workload(s, file_, std::move(options));
    ADD_FAILURE() << "the run did not fail";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), EIO) << e.what();
  }
  EXPECT_EQ(stop_requested(), SIGTERM);
}

}  // namespace
}  // namespace iogate
