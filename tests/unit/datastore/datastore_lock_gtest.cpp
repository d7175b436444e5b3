// The datastore lock keeps scratch areas of different processes apart. Every test proves the
// order of events through pipes (the waiting process's own stderr says it waits), never by time.
#include "datastore_lock_posix.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <system_error>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using detail::DatastoreLock;
using test::TempDir;

// A child process running `body` (its exit status is what body returns) with its stderr on a
// pipe the parent reads.
struct Child {
  pid_t pid = -1;
  int err = -1;

  explicit Child(const std::function<int()>& body) {
    int fds[2];
    if (pipe(fds) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
    pid = fork();
    if (pid == 0) {
      close(fds[0]);
      dup2(fds[1], STDERR_FILENO);
      int status = 3;
      try {
        status = body();
      } catch (...) {
        status = 4;
      }
      _exit(status);
    }
    close(fds[1]);
    err = fds[0];
  }
  ~Child() {
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
    if (err >= 0) close(err);
  }

  // Reads the child's stderr until it contains `text` (true) or the child closes it (false).
  bool says(const std::string& text) {
    std::string seen;
    char buffer[256];
    while (seen.find(text) == std::string::npos) {
      const ssize_t n = read(err, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      seen.append(buffer, static_cast<std::size_t>(n));
    }
    return true;
  }

  int exit_status() {
    int status = 0;
    EXPECT_EQ(waitpid(pid, &status, 0), pid);
    pid = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
};

// What a check waiting for `datastore` says while this test process holds it.
std::string waiting_for(const fs::path& datastore) {
  return "datastore " + datastore.string() + " is locked (flock) by pid " +
         std::to_string(getpid()) + " (";
}

// Appends `what` to the file `log` (O_APPEND: one write, whole).
void append(const fs::path& log, const char* what) {
  const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, what, 1), 1);
  close(fd);
}

std::string read_all(const fs::path& path) {
  std::string text;
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  char buffer[64];
  for (ssize_t n; fd >= 0 && (n = read(fd, buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(n));
  if (fd >= 0) close(fd);
  return text;
}

TEST(DatastoreLock, ASecondProcessWaitsUntilTheFirstReleases) {
  const TempDir store;
  const fs::path log = store.path() / "order";
  auto first = std::make_unique<DatastoreLock>(store.path());
  ASSERT_TRUE(first->held());
  // The child inherits this process's lock registry: it must wait all the same.
  Child child([&] {
    const DatastoreLock second(store.path());
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    return fd >= 0 && write(fd, "C", 1) == 1 && second.held() ? 0 : 2;
  });
  ASSERT_TRUE(child.says(waiting_for(store.path()))) << "the second lock never waited";
  append(log, "P");  // still holding the lock: the child cannot have written yet
  first.reset();
  EXPECT_EQ(child.exit_status(), 0);
  EXPECT_EQ(read_all(log), "PC");
}

TEST(DatastoreLock, LocksOfOneProcessShareItAndTheLastReleasesIt) {
  const TempDir store;
  auto first = std::make_unique<DatastoreLock>(store.path());
  auto second = std::make_unique<DatastoreLock>(store.path());  // shares: returns at once
  EXPECT_TRUE(second->held());
  first.reset();
  {
    Child child([&] { return DatastoreLock(store.path()).held() ? 0 : 2; });
    ASSERT_TRUE(child.says(waiting_for(store.path()))) << "released while one lock was left";
    second.reset();
    EXPECT_EQ(child.exit_status(), 0);
  }
  Child after([&] { return DatastoreLock(store.path()).held() ? 0 : 2; });
  EXPECT_FALSE(after.says("waiting")) << "the lock outlived its last holder";
  EXPECT_EQ(after.exit_status(), 0);
}

TEST(DatastoreLock, DiesWithItsHolder) {
  const TempDir store;
  Child holder([&] {
    const DatastoreLock lock(store.path());
    const char ready[] = "holding\n";
    if (write(STDERR_FILENO, ready, sizeof ready - 1) < 0) return 2;
    pause();
    return 0;
  });
  ASSERT_TRUE(holder.says("holding"));
  kill(holder.pid, SIGKILL);
  EXPECT_EQ(holder.exit_status(), 128 + SIGKILL);
  const DatastoreLock lock(store.path());  // would wait forever if the kernel kept it
  EXPECT_TRUE(lock.held());
}

// Anything that can open the directory can flock it: the waiting check names the holder (here a
// plain flock(2) of another process, no iogate in it) instead of blaming "another iogate check".
TEST(DatastoreLock, AWaitNamesTheHolderWhateverItIs) {
  const TempDir store;
  Child holder([&] {
    const int fd = open(store.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || flock(fd, LOCK_EX) != 0) return 2;
    const char ready[] = "holding\n";
    if (write(STDERR_FILENO, ready, sizeof ready - 1) < 0) return 2;
    pause();
    return 0;
  });
  ASSERT_TRUE(holder.says("holding"));
  Child waiter([&] { return DatastoreLock(store.path()).held() ? 0 : 2; });
  EXPECT_TRUE(waiter.says("datastore " + store.path().string() + " is locked (flock) by pid " +
                          std::to_string(holder.pid) + " ("));
  kill(holder.pid, SIGKILL);
  EXPECT_EQ(holder.exit_status(), 128 + SIGKILL);
  EXPECT_EQ(waiter.exit_status(), 0);
}

TEST(DatastoreLock, OtherDatastoresDoNotWait) {
  const TempDir one, two;
  const DatastoreLock held(one.path());
  Child child([&] { return DatastoreLock(two.path()).held() ? 0 : 2; });
  EXPECT_FALSE(child.says("waiting"));
  EXPECT_EQ(child.exit_status(), 0);
}

TEST(DatastoreLock, AMissingDatastoreIsAnErrorNamingIt) {
  const TempDir store;
  const fs::path missing = store.path() / "missing";
  try {
    const DatastoreLock lock(missing);
    FAIL() << "no error";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), ENOENT);
    EXPECT_NE(std::string(e.what()).find("open " + missing.string()), std::string::npos)
        << e.what();
  }
}

// Two processes' scratch areas on one datastore never exist at once: the second is made only
// after the first is removed.
TEST(DatastoreLock, ScratchAreasOfTwoProcessesNeverOverlap) {
  const TempDir store;
  auto count_areas = [&] {
    int n = 0;
    for (const auto& entry : fs::directory_iterator(store.path()))
      n += entry.path().filename().string().rfind(ScratchArea::kDirPrefix, 0) == 0 ? 1 : 0;
    return n;
  };
  auto mine = std::make_unique<ScratchArea>(store.path(), 4096);
  Child child([&] {
    const ScratchArea theirs(store.path(), 4096);
    return count_areas() == 1 ? 0 : 2;
  });
  ASSERT_TRUE(child.says(waiting_for(store.path())));
  EXPECT_EQ(count_areas(), 1);
  mine.reset();
  EXPECT_EQ(child.exit_status(), 0);
  EXPECT_EQ(count_areas(), 0);
}

}  // namespace
}  // namespace iogate
