// Graceful stopping in a process that opted in: the first signal only requests a stop and leaves
// the scratch area to the process; a second signal, or a stop that takes longer than the grace
// period, takes the hard path (registry cleanup, death by the signal); preallocation gives up on
// a stop request. Signals are sent to forked children, as in signal_cleanup_gtest.cpp.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <string>

#include "common/interrupt.hpp"
#include "datastore/graceful_stop.hpp"
#include "file_allocation.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "iogate_test/forked_child.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using test::TempDir;

void write_line(int fd, const std::string& text) {
  const std::string line = text + "\n";
  if (write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) _exit(3);
}

std::string read_line(int fd) {
  std::string line;
  char c;
  while (read(fd, &c, 1) == 1 && c != '\n') line.push_back(c);
  return line;
}

// The child opts in (after `setup`), makes a scratch area with a file, reports the file's path,
// waits for the stop request, reports "stopping <signal>" and then runs `stopping` — which in
// these tests never ends by itself, as a run on a stuck device would not.
struct Child {
  pid_t pid = -1;
  int fd = -1;  // the child's reports
};

Child start_child(
    const fs::path& datastore, std::chrono::milliseconds grace,
    const std::function<void()>& setup = [] {}) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(fds[0]);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    setup();
    try {
      enable_graceful_stop(grace);
      ScratchArea area(datastore, 1 << 20);
      write_line(fds[1], area.preallocate("t.dat", 1 << 20).string());
      // Blocked between the check and the wait, so a signal that lands right after the check
      // still ends sigsuspend() (a bare pause() there would sleep through it forever).
      sigset_t stops, before;
      sigemptyset(&stops);
      sigaddset(&stops, SIGINT);
      sigaddset(&stops, SIGTERM);
      sigprocmask(SIG_BLOCK, &stops, &before);
      while (stop_requested() == 0) sigsuspend(&before);
      sigprocmask(SIG_SETMASK, &before, nullptr);
      write_line(fds[1], "stopping " + signal_name(stop_requested()));
      for (;;) pause();  // stuck: only the hard path ends this process
    } catch (const std::exception& e) {
      write_line(fds[1], std::string("ERROR ") + e.what());
      _exit(2);
    }
  }
  close(fds[1]);
  return {pid, fds[0]};
}

int reap(const Child& child) {
  int status = 0;
  waitpid(child.pid, &status, 0);
  close(child.fd);
  return status;
}

TEST(GracefulStop, TheFirstSignalLeavesTheScratchAreaToTheProcessTheSecondRemovesItAndKills) {
  const TempDir tmp;
  const Child child = start_child(tmp.path(), 1h);
  const fs::path file = read_line(child.fd);
  ASSERT_TRUE(file.string().starts_with(tmp.path().string())) << file;
  kill(child.pid, SIGTERM);
  EXPECT_EQ(read_line(child.fd), "stopping SIGTERM");
  EXPECT_TRUE(fs::exists(file));  // graceful: nothing removed behind the process's back
  kill(child.pid, SIGINT);
  const int status = reap(child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGINT);
  EXPECT_EQ(test::listing(tmp.path()), std::vector<std::string>{});
}

TEST(GracefulStop, AStopThatHangsIsEndedByTheWatchdogAfterTheGracePeriod) {
  const TempDir tmp;
  const Child child = start_child(tmp.path(), 100ms);
  ASSERT_FALSE(read_line(child.fd).empty());
  kill(child.pid, SIGTERM);
  EXPECT_EQ(read_line(child.fd), "stopping SIGTERM");
  const int status = reap(child);  // no second signal: the watchdog must end it
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_EQ(test::listing(tmp.path()), std::vector<std::string>{});
}

TEST(GracefulStop, AnIgnoredSignalStaysIgnored) {
  const TempDir tmp;
  const Child child = start_child(tmp.path(), 100ms, [] { signal(SIGINT, SIG_IGN); });
  ASSERT_FALSE(read_line(child.fd).empty());
  kill(child.pid, SIGINT);  // ignored: no stop request; the SIGTERM after it makes one
  kill(child.pid, SIGTERM);
  EXPECT_EQ(read_line(child.fd), "stopping SIGTERM");
  const int status = reap(child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(GracefulStop, FinishReRaisesTheRequestedSignalAfterTheProcessCleanedUp) {
  const TempDir tmp;
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    signal(SIGTERM, SIG_DFL);
    try {
      enable_graceful_stop(1h);
      {
        ScratchArea area(tmp.path(), 1 << 20);
        area.preallocate("t.dat", 1 << 20);
        raise(SIGTERM);  // graceful: returns, with the stop requested
        if (stop_requested() != SIGTERM || fs::is_empty(tmp.path())) _exit(4);
      }
      finish_graceful_stop();
      _exit(5);  // still alive: not re-raised
    } catch (...) {
      _exit(2);
    }
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

// In a forked child that opted in and keeps a scratch area: were finish_graceful_stop() to raise
// a signal or clean up without a stop request, the child would die of it or report a missing
// file, instead of leaving with status 0.
TEST(GracefulStop, FinishWithoutAStopRequestReturns) {
  const TempDir tmp;
  const test::ChildOutcome out = test::run_forked([&tmp](int report_fd) {
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    try {
      enable_graceful_stop(1h);
      clear_stop_request();
      ScratchArea area(tmp.path(), 1 << 20);
      area.preallocate("t.dat", 1 << 20);
      finish_graceful_stop();
      test::write_all(report_fd, fs::is_empty(tmp.path()) ? "scratch removed\n" : "returned\n");
      _exit(0);
    } catch (...) {
      _exit(2);
    }
  });
  EXPECT_EQ(out.report, "returned");
  ASSERT_TRUE(WIFEXITED(out.status)) << "status " << out.status;
  EXPECT_EQ(WEXITSTATUS(out.status), 0);
}

class StopRequested : public ::testing::Test {
 protected:
  StopRequested() { request_stop(SIGTERM); }
  ~StopRequested() override { clear_stop_request(); }
};

TEST_F(StopRequested, WriteThroughGivesUpNamingTheSignalAndTheFile) {
  const TempDir tmp;
  const fs::path path = tmp.path() / "w.dat";
  const int fd = open(path.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
  ASSERT_GE(fd, 0);
  try {
    detail::write_through(fd, 4 << 20, path);
    ADD_FAILURE() << "write_through ignored the stop request";
  } catch (const Interrupted& e) {
    EXPECT_EQ(e.signal(), SIGTERM);
    const std::string what = e.what();
    EXPECT_NE(what.find("interrupted by SIGTERM while preallocating " + path.string()),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("0 B of 4 MiB"), std::string::npos) << what;
  }
  close(fd);
}

TEST_F(StopRequested, AnInterruptedPreallocationLeavesNoFile) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), 4 << 20);
  EXPECT_THROW(area.preallocate("r.dat", 4 << 20, FileLayout::written), Interrupted);
  EXPECT_FALSE(fs::exists(area.dir() / "r.dat"));
}

}  // namespace
}  // namespace iogate
