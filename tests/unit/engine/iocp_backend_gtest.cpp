// The IOCP backend in process: it keeps the workload's queue depth outstanding (seen at submit
// time by the backend itself, not inferred from timing), reaps in batches, and says what the
// kernel did with its requests. The behaviour it shares with every engine (order, mixes, verify,
// errors) is proved in backend_matrix_gtest.cpp.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "backends/iocp_backend.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kMiB = 1 << 20;

// Lends the test's backend to a run, which would otherwise own (and destroy) it.
class Lent final : public IoBackend {
 public:
  explicit Lent(IoBackend& inner) : inner_(inner) {}
  std::string_view name() const override { return inner_.name(); }
  unsigned max_in_flight(unsigned requested) const override {
    return inner_.max_in_flight(requested);
  }
  void setup(const BackendSetup& setup) override { inner_.setup(setup); }
  std::string setup_note() const override { return inner_.setup_note(); }
  SubmitStatus submit(IoRequest& req) override {
    const auto start = std::chrono::steady_clock::now();
    const SubmitStatus status = inner_.submit(req);
    in_submit += std::chrono::steady_clock::now() - start;
    return status;
  }
  void commit() override { inner_.commit(); }
  std::size_t reap(std::span<IoRequest*> out, std::size_t min) override {
    const auto start = std::chrono::steady_clock::now();
    const std::size_t n = inner_.reap(out, min);
    in_reap += std::chrono::steady_clock::now() - start;
    return n;
  }
  void flush() override { inner_.flush(); }
  void release() noexcept override { inner_.release(); }

  std::chrono::steady_clock::duration in_submit{}, in_reap{};

 private:
  IoBackend& inner_;
};

WorkloadSpec random_reads(unsigned depth, bool direct) {
  WorkloadSpec s;
  s.block_size = kBlock;
  s.file_size = 16 * kMiB;
  s.io_size = 4000 * kBlock;
  s.read_pct = 100;
  s.random_pct = 100;
  s.queue_depth = depth;
  s.direct = direct;
  s.engine = "iocp";
  s.seed = 5;
  return s;
}

class IocpDepth : public ::testing::TestWithParam<unsigned> {};

TEST_P(IocpDepth, KeepsTheQueueDepthOutstanding) {
  const unsigned depth = GetParam();
  const test::TempDir dir(IOGATE_TEST_SCRATCH_DIR);
  const auto file = dir.make_file("data", 16 * kMiB);
  for (const bool direct : {false, true}) {
    IocpBackend backend;
    auto lent = std::make_unique<Lent>(backend);
    Lent& timing = *lent;
    RunOptions options;
    options.backend = std::move(lent);
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = run_workload(random_reads(depth, direct), file, std::move(options));
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const IocpStats& st = backend.stats();
    EXPECT_EQ(r.engine, "iocp");
    EXPECT_EQ(r.queue_depth, depth);
    EXPECT_EQ(r.ios_read, 4000u);
    EXPECT_EQ(st.submitted, 4000u);
    EXPECT_EQ(st.max_outstanding, depth) << (direct ? "direct" : "buffered");
    EXPECT_EQ(st.reaped, st.pending + st.done_at_submit);
    EXPECT_LE(st.max_batch, depth);
    // What the kernel (or wine) did with the requests: figures for the record, not assertions.
    const double submit_s = std::chrono::duration<double>(timing.in_submit).count();
    const double reap_s = std::chrono::duration<double>(timing.in_reap).count();
    std::printf(
        "iocp QD %2u %-8s: %llu submitted, %llu pending at submit, %llu done at submit, "
        "max outstanding %zu, %llu reaps (%.2f per reap, max batch %zu); "
        "%.1f%% of %.3fs in ReadFile, %.1f%% waiting for packets\n",
        depth, direct ? "direct" : "buffered", static_cast<unsigned long long>(st.submitted),
        static_cast<unsigned long long>(st.pending),
        static_cast<unsigned long long>(st.done_at_submit), st.max_outstanding,
        static_cast<unsigned long long>(st.reap_calls),
        static_cast<double>(st.reaped) / static_cast<double>(st.reap_calls), st.max_batch,
        100 * submit_s / wall, wall, 100 * reap_s / wall);
    RecordProperty((direct ? "direct_pending_qd" : "buffered_pending_qd") + std::to_string(depth),
                   std::to_string(st.pending));
  }
}

INSTANTIATE_TEST_SUITE_P(QueueDepths, IocpDepth, ::testing::Values(1u, 4u, 16u));

TEST(IocpBackend, IsTheFirstChoiceOfAutoOnWindows) {
  const BackendChoice choice = select_backend("auto");
  EXPECT_EQ(choice.backend->name(), "iocp");
  EXPECT_EQ(choice.note, "auto: iocp, the first choice");
  EXPECT_EQ(backend_unavailable("iocp"), std::nullopt);
  EXPECT_TRUE(engine_built_in("iocp"));
  EXPECT_FALSE(engine_built_in("io_uring"));
}

TEST(IocpBackend, AnEngineOfAnotherPlatformIsRefusedByName) {
  try {
    (void)make_backend("io_uring");
    FAIL() << "made io_uring on Windows";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("unknown engine \"io_uring\""));
    EXPECT_THAT(e.what(), ::testing::HasSubstr("\"iocp\""));
  }
}

}  // namespace
}  // namespace iogate
