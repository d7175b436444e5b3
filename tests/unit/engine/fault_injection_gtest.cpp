// Faults injected through a fake backend: short transfers, EINTR, EIO, and an early stop.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cerrno>
#include <system_error>

#include "iogate/engine/engine.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

constexpr std::uint64_t kBlock = 4096;

class FaultInjection : public ::testing::Test {
 protected:
  FaultInjection() : file_(dir_.make_file("data", 1 << 20)) {}

  static WorkloadSpec spec(std::uint64_t io_size) { return test::fake_spec(io_size); }

  RunResult run(const WorkloadSpec& s, test::FakeBackend::Script script, IntervalHook hook = {}) {
    auto backend = std::make_unique<test::FakeBackend>(stats_);
    backend->script = std::move(script);
    backend->log_requests = true;
    RunOptions options;
    options.backend = std::move(backend);
    options.on_interval = std::move(hook);
    return run_workload(s, file_, std::move(options));
  }

  test::TempDir dir_;
  std::filesystem::path file_;
  test::FakeStats stats_;
};

TEST_F(FaultInjection, ShortWriteIsCompletedByResubmittingTheRemainder) {
  // Every new I/O moves only 1000 bytes at first; the loop must send the other 3096.
  const RunResult r = run(spec(64 * kBlock), [](const IoRequest& req, std::uint64_t) {
    return static_cast<std::int64_t>(req.length == kBlock ? 1000 : req.length);
  });
  EXPECT_EQ(r.bytes_written, 64 * kBlock);
  EXPECT_EQ(r.ios_written, 64u);
  EXPECT_EQ(stats_.submits, 128u);
  ASSERT_GE(stats_.log.size(), 2u);
  const IoRequest& first = stats_.log[0];
  const IoRequest& rest = stats_.log[1];
  EXPECT_EQ(rest.offset, first.offset + 1000);
  EXPECT_EQ(rest.length, kBlock - 1000);
  EXPECT_EQ(static_cast<const char*>(rest.buffer), static_cast<const char*>(first.buffer) + 1000);
  EXPECT_EQ(rest.issued_ns, first.issued_ns);  // latency covers the whole I/O
  EXPECT_EQ(stats_.flushes, 1u);               // FlushPolicy::end with writes
}

TEST_F(FaultInjection, EintrAndEagainAreRetried) {
  const RunResult r = run(spec(16 * kBlock), [](const IoRequest& req, std::uint64_t call) {
    if (call == 0) return std::int64_t{-EINTR};
    if (call == 5) return std::int64_t{-EAGAIN};
    return static_cast<std::int64_t>(req.length);
  });
  EXPECT_EQ(r.ios(), 16u);
  EXPECT_EQ(r.bytes(), 16 * kBlock);
  EXPECT_EQ(stats_.submits, 18u);
}

TEST_F(FaultInjection, EndlessEintrGivesUpInsteadOfHanging) {
  EXPECT_THROW(
      (void)run(spec(kBlock), [](const IoRequest&, std::uint64_t) { return std::int64_t{-EINTR}; }),
      std::system_error);
}

TEST_F(FaultInjection, EioBecomesASystemErrorNamingOperationOffsetAndPath) {
  try {
    (void)run(spec(64 * kBlock), [](const IoRequest& req, std::uint64_t) {
      return req.offset == 8 * kBlock ? std::int64_t{-EIO} : static_cast<std::int64_t>(req.length);
    });
    FAIL() << "EIO was ignored";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), EIO);
    EXPECT_THAT(e.what(), HasSubstr("write"));
    EXPECT_THAT(e.what(), HasSubstr("offset 32768"));
    EXPECT_THAT(e.what(), HasSubstr("4096 bytes"));
    EXPECT_THAT(e.what(), HasSubstr(file_.string()));
  }
}

TEST_F(FaultInjection, ReadErrorNamesRead) {
  WorkloadSpec s = spec(8 * kBlock);
  s.read_pct = 100;
  try {
    (void)run(s, [](const IoRequest&, std::uint64_t) { return std::int64_t{-ENXIO}; });
    FAIL() << "ENXIO was ignored";
  } catch (const std::system_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("read of 4096 bytes at offset 0 of " + file_.string()));
  }
}

TEST_F(FaultInjection, ZeroByteTransferIsAnErrorNotAnEndlessLoop) {
  EXPECT_THROW(
      (void)run(spec(kBlock), [](const IoRequest&, std::uint64_t) { return std::int64_t{0}; }),
      std::system_error);
}

TEST_F(FaultInjection, IntervalHookReturningFalseStopsEarly) {
  WorkloadSpec s = spec(0);
  s.duration = 60s;
  int calls = 0;
  double seen_elapsed = 0;
  const RunResult r = run(s, {}, [&](const RunResult& so_far) {
    ++calls;
    seen_elapsed = so_far.elapsed_s;
    return false;
  });
  EXPECT_FALSE(r.completed);
  EXPECT_EQ(calls, 1);
  EXPECT_DOUBLE_EQ(seen_elapsed, 1.0);  // the end of the first interval
  ASSERT_GE(r.intervals.size(), 1u);
  EXPECT_EQ(r.intervals[0].length_s, 1.0);
  EXPECT_LT(r.elapsed_s, 60.0);
}

TEST_F(FaultInjection, FlushFailureNamesThePath) {
  class FailingFlush final : public IoBackend {
   public:
    std::string_view name() const override { return "failing-flush"; }
    unsigned max_in_flight(unsigned) const override { return 1; }
    void setup(const BackendSetup&) override {}
    SubmitStatus submit(IoRequest& req) override {
      req.result = req.length;
      return SubmitStatus::completed;
    }
    std::size_t reap(std::span<IoRequest*>, std::size_t) override { return 0; }
    void flush() override { throw std::system_error(EIO, std::generic_category(), "fdatasync"); }
  };
  RunOptions options;
  options.backend = std::make_unique<FailingFlush>();
  try {
    (void)run_workload(spec(kBlock), file_, std::move(options));
    FAIL() << "flush error was ignored";
  } catch (const std::system_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("fdatasync " + file_.string()));
  }
}

}  // namespace
}  // namespace iogate
