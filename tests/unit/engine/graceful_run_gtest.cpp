// A real SIGTERM or SIGINT in the middle of a run, in a process that opted in to graceful
// stopping: the run stops and throws Interrupted naming the signal, the scratch area is still
// there for the destructors to remove (the hard path would already have removed it), and
// finish_graceful_stop() then kills the process with that signal. Each case runs in a forked
// child, so the signal handlers and the stop request of the test process stay untouched.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <string>
#include <thread>

#include "common/interrupt.hpp"
#include "datastore/graceful_stop.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/forked_child.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

constexpr std::uint64_t kBlock = 4096;

WorkloadSpec endless_write() {
  WorkloadSpec s;
  s.block_size = kBlock;
  s.file_size = 1 << 20;
  s.duration = 1h;  // only the signal ends it
  s.direct = false;
  s.seed = 5;
  return s;
}

// In the child: opts in, makes a scratch area with a test file, runs `spec` on it with a fake
// backend driven by `script`, and reports on `fd` one line: "<what()>|<file still there>".
// Then leaves through finish_graceful_stop(), which must not return.
[[noreturn]] void child_main(const fs::path& datastore, int fd,
                             const test::FakeBackend::Script& script) {
  signal(SIGINT, SIG_DFL);  // a known start, whatever the test runner inherited
  signal(SIGTERM, SIG_DFL);
  std::string report = "not interrupted";
  try {
    enable_graceful_stop();
    ScratchArea area(datastore, 1 << 20);
    const fs::path file = area.preallocate("t.dat", 1 << 20);
    test::FakeStats stats;
    RunOptions options;
    auto backend = std::make_unique<test::FakeBackend>(stats);
    backend->script = script;
    options.backend = std::move(backend);
    try {
      run_workload(endless_write(), file, std::move(options));
    } catch (const Interrupted& e) {
      report = std::string(e.what()) + "|" + (fs::exists(file) ? "present" : "gone");
    }
  } catch (const std::exception& e) {
    report = std::string("ERROR ") + e.what();
  }
  test::write_all(fd, report + "\n");
  finish_graceful_stop();
  _exit(99);  // still alive: the signal was not re-raised
}

using test::ChildOutcome;

ChildOutcome run_child(const fs::path& datastore, const test::FakeBackend::Script& script) {
  return test::run_forked([&](int fd) { child_main(datastore, fd, script); });
}

void expect_stopped_by(const ChildOutcome& out, int sig, const fs::path& datastore) {
  EXPECT_TRUE(out.report.starts_with("interrupted by " + signal_name(sig) + " after "))
      << out.report;
  EXPECT_TRUE(out.report.ends_with(" transferred|present")) << out.report;
  ASSERT_TRUE(WIFSIGNALED(out.status)) << "status " << out.status;
  EXPECT_EQ(WTERMSIG(out.status), sig);
  EXPECT_TRUE(fs::is_empty(datastore)) << "scratch left in " << datastore;
}

TEST(GracefulRun, SigtermRaisedDuringAnIoStopsTheRunThenKillsWithSigterm) {
  const test::TempDir tmp;
  const ChildOutcome out = run_child(tmp.path(), [](const IoRequest& req, std::uint64_t call) {
    if (call == 100) raise(SIGTERM);  // the handler runs here, inside the run
    return static_cast<std::int64_t>(req.length);
  });
  expect_stopped_by(out, SIGTERM, tmp.path());
}

TEST(GracefulRun, SigintFromAnotherThreadStopsTheRunThenKillsWithSigint) {
  const test::TempDir tmp;
  // The shared state lives in the child only (fork copies it); the thread starts with the run.
  static std::atomic<bool> running{false};
  static std::atomic<bool> thread_started{false};
  const ChildOutcome out =
      run_child(tmp.path(), [](const IoRequest& req, std::uint64_t call) -> std::int64_t {
        if (call == 0 && !thread_started.exchange(true)) {
          std::thread([] {
            while (!running.load()) std::this_thread::yield();
            kill(getpid(), SIGINT);
          }).detach();
        }
        if (call == 1000) running.store(true);
        return static_cast<std::int64_t>(req.length);
      });
  expect_stopped_by(out, SIGINT, tmp.path());
}

}  // namespace
}  // namespace iogate
