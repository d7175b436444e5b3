// I/O priority classes in a run (Linux's: the Windows engine refuses them): a share drawn per I/O
// and carried on each request, each side's latency kept apart, an engine that cannot carry a class
// per I/O refused; the job's class taken by the thread for the run and given back after, and a
// class the kernel refuses named, by key and class.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

#include "iogate/engine/engine.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"
#include "thread_io_priority.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

int own_ioprio() { return static_cast<int>(::syscall(SYS_ioprio_get, 1, 0)); }

class PriorityRun : public ::testing::Test {
 protected:
  PriorityRun() : file_(dir_.make_file("data", 1 << 20)), stats_(2) {}

  // 1024 random 4 KiB I/Os, half reads, a fifth of them at best effort 0 (a class any user may
  // take: the real-time one needs root).
  static WorkloadSpec share_spec() {
    WorkloadSpec s = test::fake_spec(4 << 20);
    s.read_pct = 50;
    s.random_pct = 100;
    s.engine = "io_uring";  // a name the rules let carry a class; the fakes stand in for it
    s.cmd_priority = *parse_priority("be:0");
    s.cmd_priority_pct = 20;
    return s;
  }

  RunResult run(const WorkloadSpec& s, bool carries, test::FakeBackend::Script script = {}) {
    RunOptions options;
    options.backend_factory = [this, carries, script](unsigned i) -> std::unique_ptr<IoBackend> {
      auto b = std::make_unique<test::FakeBackend>(stats_[i], 16, true);
      b->log_requests = true;
      b->priorities = carries;
      b->script = script;
      return b;
    };
    return run_workload(s, file_, std::move(options));
  }

  test::TempDir dir_;
  std::filesystem::path file_;
  std::vector<test::FakeStats> stats_;
};

TEST_F(PriorityRun, EachIOIsDrawnIntoTheShareAndCarriesItsClass) {
  WorkloadSpec s = share_spec();
  s.workers = 2;
  s.queue_depth = 8;
  s.seed = 17;
  const RunResult r = run(s, true);
  const std::uint16_t be0 = ioprio_value(s.cmd_priority);
  std::uint64_t carried = 0, others = 0;
  for (const test::FakeStats& st : stats_) {
    for (const IoRequest& req : st.log) {
      if (req.ioprio == be0) {
        ++carried;
      } else {
        EXPECT_EQ(req.ioprio, 0) << "the rest carry none: the thread's class";
        ++others;
      }
    }
  }
  ASSERT_EQ(r.ios(), 1024u);
  ASSERT_EQ(carried + others, r.ios());  // no retries or remainders in this run
  EXPECT_EQ(r.prioritized_latency.count(), carried);
  EXPECT_EQ(r.unprioritized_latency.count(), others);
  // 1024 draws at p = 0.2: the standard deviation is 12.8 I/Os; 5 of them is 64.
  EXPECT_NEAR(static_cast<double>(carried), 204.8, 64.0);
}

TEST_F(PriorityRun, AFixedSeedDrawsTheSameShare) {
  WorkloadSpec s = share_spec();
  s.seed = 5;
  const std::uint64_t first = run(s, true).prioritized_latency.count();
  EXPECT_GT(first, 0u);
  EXPECT_EQ(run(s, true).prioritized_latency.count(), first);
}

TEST_F(PriorityRun, WithoutAShareNothingIsKeptApartAndNoRequestCarriesAClass) {
  WorkloadSpec s = share_spec();
  s.cmd_priority = {};
  s.cmd_priority_pct = 0;
  const RunResult r = run(s, true);
  EXPECT_EQ(r.prioritized_latency.count() + r.unprioritized_latency.count(), 0u);
  ASSERT_FALSE(stats_[0].log.empty());
  for (const IoRequest& req : stats_[0].log) ASSERT_EQ(req.ioprio, 0);
}

TEST_F(PriorityRun, AnEngineThatCannotCarryAClassPerIOIsRefusedBeforeAnyIO) {
  try {
    (void)run(share_spec(), false);
    FAIL() << "ran";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("cmd_priority be:0: engine fake-async cannot give an I/O a "
                                    "class of its own"));
  }
  EXPECT_EQ(stats_[0].submits, 0u);
}

TEST_F(PriorityRun, TheThreadTakesTheJobsClassForTheRunAndGivesItsOwnBack) {
  const int before = own_ioprio();
  ASSERT_GE(before, 0);
  WorkloadSpec s = share_spec();
  s.cmd_priority = {};
  s.cmd_priority_pct = 0;
  s.priority = *parse_priority("idle");
  int during = -1;
  (void)run(s, false, [&during](const IoRequest& req, std::uint64_t) {
    during = own_ioprio();  // the single worker submits on this very thread
    return static_cast<std::int64_t>(req.length);
  });
  EXPECT_EQ(during, ioprio_value(s.priority));
  EXPECT_EQ(own_ioprio(), before);
}

// Real time needs CAP_SYS_ADMIN or CAP_SYS_NICE: an unprivileged thread is told so, by key and
// class, when it takes the run's classes (before its backend is set up), and keeps its own.
TEST(ThreadIoPriority, AClassTheKernelRefusesIsNamedAndTheThreadKeepsItsOwn) {
  const auto refused = [](const char* key) {
    if (::geteuid() == 0 && ::setuid(65534) != 0) _exit(3);
    const int before = own_ioprio();
    WorkloadSpec s;
    (std::string_view(key) == "priority" ? s.priority : s.cmd_priority) = *parse_priority("rt:0");
    try {
      const ThreadIoPriority taken(s);
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      if (what.find(std::string(key) + " rt:0: the kernel refused the class") == std::string::npos)
        _exit(4);
      if (what.find("needs CAP_SYS_ADMIN or CAP_SYS_NICE") == std::string::npos) _exit(5);
      _exit(own_ioprio() == before ? 0 : 6);
    }
    _exit(7);
  };
  EXPECT_EXIT(refused("priority"), ::testing::ExitedWithCode(0), "");
  EXPECT_EXIT(refused("cmd_priority"), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace iogate
