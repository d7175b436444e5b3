// LayoutPool with RunSharing: the checks of one ctest run are processes of their own, and a file
// laid out for the first is kept for the run (its owner, the ctest process) and taken over by the
// later ones. Each pool here stands for one check process; a forked child that only waits stands
// for ctest. What is kept is found only by the run and the suite it was kept for, only where it
// could be nobody else's, and goes with the cleanup step, or as a leftover once the run is gone.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "iogate_test/temp_dir.hpp"
#include "runner/layout_pool.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
constexpr std::uint64_t kMiB = 1 << 20;

// A process that lives until this object goes: the run's owner.
class LiveProcess {
 public:
  LiveProcess() : pid_(fork()) {
    if (pid_ == 0) {
      pause();
      _exit(0);
    }
  }
  ~LiveProcess() { end(); }
  LiveProcess(const LiveProcess&) = delete;
  LiveProcess& operator=(const LiveProcess&) = delete;
  pid_t pid() const { return pid_; }
  void end() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_;
};

Check check(const std::string& name, double read_pct) {
  Check c;
  c.name = name;
  c.workload.block_size = 4096;
  c.workload.file_size = 2 * kMiB;
  c.workload.read_pct = read_pct;
  c.workload.direct = false;
  c.workload.layout = FileLayout::written;
  return c;
}

std::vector<fs::path> scratch_dirs(const fs::path& store) {
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::directory_iterator(store))
    if (entry.path().filename().string().starts_with(ScratchArea::kDirPrefix))
      dirs.push_back(entry.path());
  return dirs;
}

ino_t inode_of(const LayoutLease& lease) {
  struct stat st {};
  EXPECT_EQ(fstatat(lease.file.dir(), lease.file.name().c_str(), &st, AT_SYMLINK_NOFOLLOW), 0);
  return st.st_ino;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// What the first check of a run lays out; the pool (its process) is gone afterwards.
fs::path kept_by_first_check(const fs::path& store, const RunSharing& run) {
  LayoutPool first(store, run);
  const LayoutLease lease = first.acquire(check("a", 100), {});
  EXPECT_EQ(lease.laid_out_for, "a");
  EXPECT_GT(lease.layout_s, 0);
  return fs::path(lease.file.shown()).parent_path();
}

TEST(RunSharing, ALaterProcessOfTheRunTakesTheFileOverAndTheCleanupStepRemovesIt) {
  const test::TempDir store;
  const LiveProcess ctest;
  const RunSharing run{ctest.pid(), "s"};
  const fs::path kept = kept_by_first_check(store.path(), run);
  EXPECT_EQ(scratch_dirs(store.path()), std::vector<fs::path>{kept});
  EXPECT_NE(read_text(kept / ScratchArea::kMarkerName).find("label=layout s 2097152 4096\n"),
            std::string::npos);
  ino_t laid_out = 0;
  {
    LayoutPool writer(store.path(), run);
    const LayoutLease lease = writer.acquire(check("b", 70), {});
    EXPECT_EQ(lease.laid_out_for, "a");
    EXPECT_EQ(lease.layout_s, 0);
    EXPECT_EQ(writer.layouts_made(), 0);
    laid_out = inode_of(lease);
  }
  EXPECT_EQ(scratch_dirs(store.path()), std::vector<fs::path>{kept});
  EXPECT_NE(read_text(kept / "a.dat.layout").find("state overwritten by b\n"), std::string::npos);
  {
    LayoutPool another_writer(store.path(), run);
    const LayoutLease lease = another_writer.acquire(check("c", 50), {});
    EXPECT_EQ(lease.laid_out_for, "a");
    EXPECT_EQ(inode_of(lease), laid_out);
  }
  {
    // A reader after the writers gets a fresh layout; the overwritten file goes first.
    LayoutPool reader(store.path(), run);
    EXPECT_EQ(reader.acquire(check("d", 100), {}).laid_out_for, "d");
    EXPECT_EQ(reader.layouts_made(), 1);
  }
  EXPECT_EQ(scratch_dirs(store.path()).size(), 1u);
  EXPECT_EQ(LayoutPool::remove_kept(store.path(), {}, run), 1);
  EXPECT_TRUE(fs::is_empty(store.path()));
}

TEST(RunSharing, AnotherSuiteOrAnotherRunNeverSeesIt) {
  const test::TempDir store;
  const LiveProcess ctest;
  const LiveProcess other_ctest;
  kept_by_first_check(store.path(), {ctest.pid(), "s"});
  {
    LayoutPool other_suite(store.path(), RunSharing{ctest.pid(), "s2"});
    EXPECT_EQ(other_suite.acquire(check("b", 100), {}).laid_out_for, "b");
    LayoutPool other_run(store.path(), RunSharing{other_ctest.pid(), "s"});
    EXPECT_EQ(other_run.acquire(check("c", 100), {}).laid_out_for, "c");
    LayoutPool this_process_alone(store.path());
    EXPECT_EQ(this_process_alone.acquire(check("e", 100), {}).laid_out_for, "e");
  }
  EXPECT_EQ(scratch_dirs(store.path()).size(), 3u);  // this process's own went with its pool
  EXPECT_EQ(LayoutPool::remove_kept(store.path(), {}, {ctest.pid(), "s"}), 1);
  EXPECT_EQ(LayoutPool::remove_kept(store.path(), {}, {ctest.pid(), "s2"}), 1);
  EXPECT_EQ(LayoutPool::remove_kept(store.path(), {}, {other_ctest.pid(), "s"}), 1);
  EXPECT_TRUE(fs::is_empty(store.path()));
}

// Someone who can write the datastore plants or changes a directory that looks kept: one that is
// not private, not this user's, or a symlink to a kept area moved elsewhere, is not taken over (a
// fresh layout is made) and is left exactly where and as it is.
TEST(RunSharing, ADirectoryThatCouldBeSomebodyElsesIsNeitherTakenNorTouched) {
  const test::TempDir store;
  const test::TempDir elsewhere;
  const LiveProcess ctest;
  const RunSharing run{ctest.pid(), "s"};
  const fs::path kept = kept_by_first_check(store.path(), run);
  const auto fresh_layout = [&](const std::string& name) {
    {
      LayoutPool later(store.path(), run);
      EXPECT_EQ(later.acquire(check(name, 100), {}).laid_out_for, name);
    }
    EXPECT_EQ(LayoutPool::remove_kept(store.path(), {}, run), 1);  // that fresh one alone
  };
  fs::permissions(kept, fs::perms(0755));
  fresh_layout("open");
  EXPECT_TRUE(fs::exists(kept / "a.dat"));
  fs::permissions(kept, fs::perms(0700));
  if (geteuid() == 0) {
    ASSERT_EQ(chown(kept.c_str(), 65534, 65534), 0);
    fresh_layout("foreign");
    EXPECT_TRUE(fs::exists(kept / "a.dat"));
    ASSERT_EQ(chown(kept.c_str(), 0, 0), 0);
  }
  const fs::path moved = elsewhere.path() / "moved";
  fs::rename(kept, moved);
  fs::create_directory_symlink(moved, kept);
  fresh_layout("linked");
  EXPECT_TRUE(fs::is_symlink(kept));
  EXPECT_TRUE(fs::exists(moved / "a.dat"));
  fs::remove(kept);
  EXPECT_TRUE(fs::is_empty(store.path()));
}

TEST(RunSharing, AKeptFileThatIsNoLongerTheOneLaidOutIsRefusedAndRemoved) {
  const test::TempDir store;
  const LiveProcess ctest;
  const RunSharing run{ctest.pid(), "s"};
  const fs::path kept = kept_by_first_check(store.path(), run);
  std::ofstream(kept / "other") << std::string(2 * kMiB, 'x');
  fs::rename(kept / "other", kept / "a.dat");
  LayoutPool later(store.path(), run);
  try {
    later.acquire(check("b", 100), {});
    ADD_FAILURE() << "a swapped file was used";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("is not the one laid out for a (device:inode"),
              std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(fs::is_empty(store.path()));
}

// ctest stopped outright: what its run kept is a dead run's leftover, removed by the next scratch
// area made on the datastore.
TEST(RunSharing, WhatARunThatIsGoneKeptIsRemovedByTheNextRun) {
  const test::TempDir store;
  LiveProcess ctest;
  const fs::path kept = kept_by_first_check(store.path(), {ctest.pid(), "s"});
  ctest.end();
  const ScratchArea next(store.path(), 0);
  EXPECT_FALSE(fs::exists(kept));
  EXPECT_EQ(scratch_dirs(store.path()), std::vector<fs::path>{next.dir()});
}

TEST(RunSharing, OnlyAnAreaKeptForAnotherProcessCanBeKept) {
  const test::TempDir store;
  ScratchArea own(store.path(), 0);
  EXPECT_THROW(own.keep(), std::logic_error);
}

}  // namespace
}  // namespace iogate
