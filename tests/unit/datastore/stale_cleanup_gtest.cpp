#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <iterator>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate_test/temp_dir.hpp"
#include "marker.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::listing;
using test::TempDir;

// The pid of a process that has exited and been reaped.
pid_t dead_pid() {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  int status = 0;
  waitpid(child, &status, 0);
  return child;
}

std::string marker_for(pid_t pid, const std::string& host = detail::this_host()) {
  return detail::marker_text(pid, host, std::time(nullptr));
}

// A scratch directory as a run of iogate leaves it: marker (if any) and a test file.
fs::path fake_scratch(const fs::path& parent, const std::string& name, const std::string& marker) {
  const fs::path dir = parent / name;
  fs::create_directory(dir);
  if (!marker.empty()) std::ofstream(dir / ScratchArea::kMarkerName) << marker;
  std::ofstream(dir / "t.dat") << "data";
  return dir;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(StaleCleanup, RemovesTheDirectoryOfADeadRunOnThisHost) {
  const TempDir tmp;
  const fs::path stale = fake_scratch(tmp.path(), "iogate-scratch-dead", marker_for(dead_pid()));
  EXPECT_EQ(ScratchArea::remove_stale(tmp.path()), std::vector<fs::path>{stale});
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(StaleCleanup, KeepsALiveRunsDirectory) {
  const TempDir tmp;
  fake_scratch(tmp.path(), "iogate-scratch-live", marker_for(getpid()));
  const auto before = listing(tmp.path());
  EXPECT_TRUE(ScratchArea::remove_stale(tmp.path()).empty());
  EXPECT_EQ(listing(tmp.path()), before);
}

TEST(StaleCleanup, KeepsADirectoryFromAnotherHost) {
  const TempDir tmp;
  fake_scratch(tmp.path(), "iogate-scratch-far", marker_for(dead_pid(), "some-other-host"));
  const auto before = listing(tmp.path());
  EXPECT_TRUE(ScratchArea::remove_stale(tmp.path()).empty());
  EXPECT_EQ(listing(tmp.path()), before);
}

TEST(StaleCleanup, NeverTouchesADirectoryWithoutAMarker) {
  const TempDir tmp;
  fake_scratch(tmp.path(), "iogate-scratch-x", "");
  fake_scratch(tmp.path(), "iogate-scratch-foreign", "not an iogate marker\npid=1\n");
  const auto before = listing(tmp.path());
  EXPECT_TRUE(ScratchArea::remove_stale(tmp.path()).empty());
  EXPECT_EQ(listing(tmp.path()), before);
  EXPECT_EQ(read_text(tmp.path() / "iogate-scratch-x" / "t.dat"), "data");
}

TEST(StaleCleanup, KeepsDirectoriesNotNamedLikeOurs) {
  const TempDir tmp;
  fake_scratch(tmp.path(), "scratch-dead", marker_for(dead_pid()));
  const auto before = listing(tmp.path());
  EXPECT_TRUE(ScratchArea::remove_stale(tmp.path()).empty());
  EXPECT_EQ(listing(tmp.path()), before);
}

TEST(StaleCleanup, DoesNotFollowASymlinkNamedLikeOurs) {
  const TempDir tmp;
  const fs::path elsewhere = tmp.path() / "elsewhere";
  fs::create_directory(elsewhere);
  const fs::path target = fake_scratch(elsewhere, "target", marker_for(dead_pid()));
  const fs::path store = tmp.path() / "store";
  fs::create_directory(store);
  fs::create_directory_symlink(target, store / "iogate-scratch-y");
  const auto before = listing(tmp.path());
  EXPECT_TRUE(ScratchArea::remove_stale(store).empty());
  EXPECT_EQ(listing(tmp.path()), before);
  EXPECT_TRUE(fs::is_symlink(store / "iogate-scratch-y"));
}

TEST(StaleCleanup, DoesNotTrustAMarkerThatIsASymlink) {
  const TempDir tmp;
  std::ofstream(tmp.path() / "real-marker") << marker_for(dead_pid());
  const fs::path dir = fake_scratch(tmp.path(), "iogate-scratch-z", "");
  fs::create_symlink(tmp.path() / "real-marker", dir / ScratchArea::kMarkerName);
  const auto before = listing(tmp.path());
  EXPECT_TRUE(ScratchArea::remove_stale(tmp.path()).empty());
  EXPECT_EQ(listing(tmp.path()), before);
}

TEST(StaleCleanup, UnlinksSymlinksInsideWithoutFollowingThem) {
  const TempDir tmp;
  const fs::path victim = tmp.path() / "victim";
  std::ofstream(victim) << "keep me";
  const fs::path store = tmp.path() / "store";
  fs::create_directory(store);
  const fs::path stale = fake_scratch(store, "iogate-scratch-dead", marker_for(dead_pid()));
  fs::create_symlink(victim, stale / "link");
  EXPECT_EQ(ScratchArea::remove_stale(store), std::vector<fs::path>{stale});
  EXPECT_TRUE(fs::is_empty(store));
  EXPECT_EQ(read_text(victim), "keep me");
}

TEST(StaleCleanup, LeavesADirectoryHoldingASubdirectory) {
  const TempDir tmp;
  const fs::path stale = fake_scratch(tmp.path(), "iogate-scratch-dead", marker_for(dead_pid()));
  fs::create_directory(stale / "sub");
  std::ofstream(stale / "sub" / "file") << "x";
  const auto before = listing(tmp.path());
  ::testing::internal::CaptureStderr();
  EXPECT_TRUE(ScratchArea::remove_stale(tmp.path()).empty());
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(listing(tmp.path()), before);
  EXPECT_NE(err.find(stale.string()), std::string::npos) << err;
}

TEST(StaleCleanup, ANewScratchAreaRemovesStaleOnes) {
  const TempDir tmp;
  fake_scratch(tmp.path(), "iogate-scratch-dead", marker_for(dead_pid()));
  {
    const ScratchArea area(tmp.path(), 1024);
    EXPECT_EQ(listing(tmp.path()).size(), 2u);  // its own directory and marker
  }
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(StaleCleanup, UnreadableDatastoreIsAnError) {
  const TempDir tmp;
  EXPECT_THROW(ScratchArea::remove_stale(tmp.path() / "absent"), std::system_error);
}

}  // namespace
}  // namespace iogate
