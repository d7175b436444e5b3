// cpu_affinity in a run on Linux: every worker's thread runs only on its CPU while it issues, the
// calling thread's own mask is given back after, and a CPU outside the process's mask is refused
// before any I/O.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sched.h>

#include <mutex>
#include <set>

#include "iogate/engine/engine.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"
#include "thread_affinity.hpp"

namespace iogate {
namespace {

std::vector<unsigned> mask_of_this_thread() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  EXPECT_EQ(::sched_getaffinity(0, sizeof mask, &mask), 0);
  std::vector<unsigned> cpus;
  for (unsigned cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &mask)) cpus.push_back(cpu);
  return cpus;
}

class AffinityRun : public ::testing::Test {
 protected:
  AffinityRun() : file_(dir_.make_file("data", 1 << 20)), stats_(4) {}

  // What each worker's thread was allowed to run on while it submitted.
  std::vector<std::set<std::vector<unsigned>>> run(const WorkloadSpec& s) {
    std::vector<std::set<std::vector<unsigned>>> seen(s.workers);
    std::mutex m;
    RunOptions options;
    options.backend_factory = [&](unsigned i) -> std::unique_ptr<IoBackend> {
      auto b = std::make_unique<test::FakeBackend>(stats_[i]);
      b->script = [&, i](const IoRequest& req, std::uint64_t) {
        const std::vector<unsigned> mask = mask_of_this_thread();
        const std::lock_guard lock(m);
        seen[i].insert(mask);
        return static_cast<std::int64_t>(req.length);
      };
      return b;
    };
    (void)run_workload(s, file_, std::move(options));
    return seen;
  }

  test::TempDir dir_;
  std::filesystem::path file_;
  std::vector<test::FakeStats> stats_;
};

TEST_F(AffinityRun, EachWorkerRunsOnlyOnItsCpuAndTheCallerGetsItsMaskBack) {
  const std::vector<unsigned> usable = usable_cpus();
  ASSERT_FALSE(usable.empty());
  const std::vector<unsigned> before = mask_of_this_thread();
  WorkloadSpec s = test::fake_spec(1 << 20);
  s.workers = 3;
  s.cpu_affinity = *parse_cpu_affinity("round-robin").affinity;
  const auto seen = run(s);
  for (unsigned w = 0; w < 3; ++w) {
    SCOPED_TRACE(w);
    const std::set<std::vector<unsigned>> expected{{usable[w % usable.size()]}};
    EXPECT_EQ(seen[w], expected);
  }
  EXPECT_EQ(mask_of_this_thread(), before);

  // One worker runs on the caller's thread: pinned for the pass, its own mask back after.
  s.workers = 1;
  s.cpu_affinity = *parse_cpu_affinity(std::to_string(usable.back())).affinity;
  EXPECT_EQ(run(s)[0], (std::set<std::vector<unsigned>>{{usable.back()}}));
  EXPECT_EQ(mask_of_this_thread(), before);
}

TEST_F(AffinityRun, WithoutAffinityTheWorkersKeepTheProcesssMask) {
  WorkloadSpec s = test::fake_spec(1 << 20);
  s.workers = 2;
  const auto seen = run(s);
  for (const auto& masks : seen) EXPECT_EQ(masks, (std::set{usable_cpus()}));
}

TEST_F(AffinityRun, ACpuOutsideTheProcesssMaskIsRefusedBeforeAnyIo) {
  WorkloadSpec s = test::fake_spec(1 << 20);
  s.cpu_affinity = *parse_cpu_affinity(std::to_string(kMaxCpus - 1)).affinity;
  EXPECT_THROW(run(s), std::invalid_argument);
  EXPECT_EQ(stats_[0].submits, 0u);
}

}  // namespace
}  // namespace iogate
