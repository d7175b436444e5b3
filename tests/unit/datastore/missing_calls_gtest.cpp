// The scratch area's fallbacks where the kernel lacks a call (the ESXi shell's userworld): each
// test runs in a forked child under a seccomp filter that answers ENOSYS for the call
// (iogate_test/deny_syscalls.hpp), so the code meets the platform it falls back for. What the
// static build does with all of them at once, in an empty root, is tests/esxi's.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "common/platform_fallbacks.hpp"
#include "datastore_lock_posix.hpp"
#include "file_allocation.hpp"
#include "iogate_test/deny_syscalls.hpp"
#include "iogate_test/forked_child.hpp"
#include "iogate_test/temp_dir.hpp"
#include "marker.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using detail::DatastoreLock;
using test::run_forked;
using test::TempDir;
using test::write_all;

const fs::path kLockFile = ".iogate-lock";

std::string text_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// In the child: the filter, or a report saying why not (a kernel without seccomp).
void deny_or_report(int report_fd, int call) {
  if (!test::deny_syscalls({call})) {
    write_all(report_fd, "no seccomp\n");
    _exit(0);
  }
}

TEST(MissingCalls, WithoutFlockALockFileNamesTheHolderAndGoesWithTheLock) {
  const TempDir dir;
  const test::ChildOutcome out = run_forked([&](int report) {
    deny_or_report(report, SYS_flock);
    const detail::FallbackWindow window;
    std::string said;
    {
      const DatastoreLock lock(dir.path());
      const auto marker = detail::parse_marker(text_of(dir.path() / kLockFile));
      said += lock.held() ? "held" : "not held";
      said += marker && marker->pid == ::getpid() ? ", the file names this pid" : ", no marker";
      {
        const DatastoreLock again(dir.path());  // a second scratch area of this process shares it
        said += again.held() ? ", shared" : ", not shared";
      }
      said += fs::exists(dir.path() / kLockFile) ? ", kept while held" : ", gone while held";
    }
    said += fs::exists(dir.path() / kLockFile) ? ", left behind" : ", removed";
    for (const std::string& note : window.noted()) said += "; noted: " + note;
    write_all(report, said + "\n");
    _exit(0);
  });
  if (out.report == "no seccomp") GTEST_SKIP() << "this kernel refuses a seccomp filter";
  EXPECT_EQ(out.report,
            "held, the file names this pid, shared, kept while held, removed; noted: flock: "
            "Function not implemented; a lock file (.iogate-lock, made with O_EXCL) keeps other "
            "runs out");
  EXPECT_FALSE(fs::exists(dir.path() / kLockFile));
}

// A second run waits for a live holder's lock file, naming it; once the holder is gone without
// removing it (SIGKILL), the file is refused with its path and kept: not this run's to delete.
TEST(MissingCalls, ALockFileOfALiveRunIsWaitedForAndADeadRunsIsRefusedNotRemoved) {
  const TempDir dir;
  int holder_status = 0;
  std::string waiter_said;
  int waiter_status = 0;
  pid_t holder_pid = 0;
  run_forked(
      [&](int report) {
        deny_or_report(report, SYS_flock);
        const DatastoreLock lock(dir.path());
        write_all(report, "holding\n");
        for (;;) ::pause();
      },
      [&](pid_t holder) {
        const test::ChildOutcome waiter = run_forked(
            [&, holder](int report) {
              deny_or_report(report, SYS_flock);
              // Its wait message is its first line; the test reads no further, so what comes
              // after goes nowhere and the outcome is the exit status.
              ::signal(SIGPIPE, SIG_IGN);
              ::dup2(report, STDERR_FILENO);
              try {
                const DatastoreLock lock(dir.path());
                _exit(1);  // took a lock a dead run's file still names
              } catch (const std::runtime_error& e) {
                const std::string names = "names pid " + std::to_string(holder) + " on this host";
                _exit(std::string(e.what()).find(names) != std::string::npos ? 0 : 2);
              }
            },
            [&](pid_t) {
              // The waiter has said whom it waits for: the holder dies without releasing, and is
              // reaped so that it no longer counts as a live process.
              ::kill(holder, SIGKILL);
              ::waitpid(holder, &holder_status, 0);
            });
        holder_pid = holder;
        waiter_said = waiter.report;
        waiter_status = waiter.status;
      });
  if (waiter_said == "no seccomp") GTEST_SKIP() << "this kernel refuses a seccomp filter";
  EXPECT_TRUE(WIFSIGNALED(holder_status));
  EXPECT_NE(waiter_said.find("is locked (.iogate-lock) by pid "), std::string::npos) << waiter_said;
  EXPECT_TRUE(WIFEXITED(waiter_status) && WEXITSTATUS(waiter_status) == 0);
  EXPECT_TRUE(fs::exists(dir.path() / kLockFile)) << "the dead run's lock file was removed";
}

TEST(MissingCalls, ADeadRunsLockFileIsRefusedWithItsPath) {
  const TempDir dir;
  const test::ChildOutcome out = run_forked([&](int report) {
    deny_or_report(report, SYS_flock);
    std::string said;
    // A pid of this host that no longer runs: a child already reaped.
    const pid_t gone = ::fork();
    if (gone == 0) _exit(0);
    ::waitpid(gone, nullptr, 0);
    { std::ofstream(dir.path() / kLockFile) << detail::marker_text(gone, detail::this_host(), 0); }
    try {
      const DatastoreLock lock(dir.path());
      said = "took it";
    } catch (const std::runtime_error& e) {
      said = e.what();
    }
    write_all(report, said + "\n");
    _exit(0);
  });
  if (out.report == "no seccomp") GTEST_SKIP() << "this kernel refuses a seccomp filter";
  EXPECT_NE(out.report.find("its lock file " + (dir.path() / kLockFile).string() + " names pid"),
            std::string::npos)
      << out.report;
  EXPECT_TRUE(fs::exists(dir.path() / kLockFile));
}

TEST(MissingCalls, WithoutFallocateTheFileIsWrittenThroughAndSaysSo) {
  const TempDir dir;
  const fs::path file = dir.path() / "test-file";
  constexpr std::uint64_t kSize = 3u << 20;
  const test::ChildOutcome out = run_forked([&](int report) {
    deny_or_report(report, SYS_fallocate);
    const detail::FallbackWindow window;
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    detail::allocate_file(fd, kSize, file);
    ::close(fd);
    std::string said = "allocated";
    for (const std::string& note : window.noted()) said += "; noted: " + note;
    write_all(report, said + "\n");
    _exit(0);
  });
  if (out.report == "no seccomp") GTEST_SKIP() << "this kernel refuses a seccomp filter";
  EXPECT_EQ(out.report,
            "allocated; noted: fallocate: Function not implemented; the test file was written "
            "through instead");
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(static_cast<std::uint64_t>(st.st_size), kSize);
  EXPECT_GE(static_cast<std::uint64_t>(st.st_blocks) * 512, kSize) << "the file is not sparse";
  EXPECT_NE(text_of(file).find_first_not_of('\0'), std::string::npos) << "written, not zeros";
}

}  // namespace
}  // namespace iogate
