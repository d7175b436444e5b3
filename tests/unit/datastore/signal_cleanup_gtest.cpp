// A child process makes a scratch area, reports its path through a pipe and waits; the parent
// signals it and checks how it died and what it left. The child never returns into gtest: it
// either dies of the signal or leaves through _exit.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <functional>
#include <string>

#include "iogate_test/forked_child.hpp"

#include "cleanup_registry.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

constexpr int kChainedExit = 42;
int g_report_fd = -1;

// Runs in the child: never returns.
[[noreturn]] void child_main(const fs::path& datastore, int report_fd,
                             const std::function<void()>& setup) {
  signal(SIGINT, SIG_DFL);  // a known start, whatever the test runner inherited
  signal(SIGTERM, SIG_DFL);
  setup();
  try {
    ScratchArea area(datastore, 1024 * 1024);
    const fs::path file = area.preallocate("t.dat", 1024 * 1024);
    test::write_all(report_fd, file.string() + "\n");
    for (;;) pause();
  } catch (const std::exception& e) {
    test::write_all(report_fd, std::string("ERROR ") + e.what() + "\n");
    _exit(2);
  }
}

using test::ChildOutcome;

// Starts the child, waits for its report, sends each of `signals`, and reaps it.
ChildOutcome run_and_signal(
    const fs::path& datastore, std::initializer_list<int> signals,
    const std::function<void()>& setup = [] {}) {
  return test::run_forked([&](int fd) { child_main(datastore, fd, setup); },
                          [&](pid_t pid) {
                            for (int sig : signals) kill(pid, sig);
                          });
}

void expect_killed_clean(int sig) {
  const TempDir tmp;
  const ChildOutcome out = run_and_signal(tmp.path(), {sig});
  EXPECT_TRUE(out.report.starts_with(tmp.path().string() + "/iogate-scratch-")) << out.report;
  ASSERT_TRUE(WIFSIGNALED(out.status)) << "status " << out.status;
  EXPECT_EQ(WTERMSIG(out.status), sig);
  EXPECT_EQ(test::listing(tmp.path()), std::vector<std::string>{});
}

TEST(SignalCleanup, SigtermRemovesTheScratchAreaAndKillsWithSigterm) {
  expect_killed_clean(SIGTERM);
}

TEST(SignalCleanup, SigintRemovesTheScratchAreaAndKillsWithSigint) { expect_killed_clean(SIGINT); }

void chained_handler(int) {
  const bool reported = write(g_report_fd, "chained\n", 8) == 8;
  _exit(reported ? kChainedExit : 3);
}

TEST(SignalCleanup, AHandlerInstalledEarlierRunsAfterTheCleanup) {
  const TempDir tmp;
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const ChildOutcome out = run_and_signal(tmp.path(), {SIGTERM}, [&] {
    close(fds[0]);
    g_report_fd = fds[1];
    signal(SIGTERM, chained_handler);
  });
  close(fds[1]);
  char buffer[16] = {};
  EXPECT_GT(read(fds[0], buffer, sizeof buffer - 1), 0);
  close(fds[0]);
  EXPECT_STREQ(buffer, "chained\n");
  ASSERT_TRUE(WIFEXITED(out.status)) << "status " << out.status;
  EXPECT_EQ(WEXITSTATUS(out.status), kChainedExit);
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(SignalCleanup, AnIgnoredSignalStaysIgnored) {
  const TempDir tmp;
  // SIGINT is ignored (as for `cmd &` in a script): it must neither clean up nor kill; the
  // SIGTERM sent after it does both.
  const ChildOutcome out =
      run_and_signal(tmp.path(), {SIGINT, SIGTERM}, [] { signal(SIGINT, SIG_IGN); });
  ASSERT_TRUE(WIFSIGNALED(out.status)) << "status " << out.status;
  EXPECT_EQ(WTERMSIG(out.status), SIGTERM);
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(SignalCleanup, RegistryCleanupRemovesWhatIsRegisteredInReverse) {
  const TempDir tmp;
  // Run in a child so that the process-wide registry of this test process is not disturbed.
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    try {
      ScratchArea area(tmp.path(), 1024);
      area.preallocate("a.dat", 4096);
      area.preallocate("b.dat", 4096);
      detail::cleanup_all_registered();
      _exit(fs::is_empty(tmp.path()) ? 0 : 1);
    } catch (...) {
      _exit(2);
    }
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace iogate
