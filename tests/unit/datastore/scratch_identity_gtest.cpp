// The proof that the scratch directory held open is the one just made (scratch_identity.hpp), and
// that a scratch directory swapped for a symlink mid-run sends nothing elsewhere: not the marker,
// not a test file, not a removal, not the signal handler's.
#include "scratch_identity.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <string>
#include <system_error>

#include "cleanup_registry.hpp"
#include "common/unique_fd.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::listing;
using test::TempDir;

class MadeDir : public ::testing::Test {
 protected:
  void SetUp() override {
    store = detail::UniqueFd(open(tmp.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    ASSERT_TRUE(store.valid());
    ASSERT_EQ(mkdirat(store.get(), "s", 0700), 0);
    dir = detail::UniqueFd(openat(store.get(), "s", O_RDONLY | O_DIRECTORY | O_NOFOLLOW));
    ASSERT_TRUE(dir.valid());
  }
  // The failed test's reason, or "" when the directory passes.
  std::string why() {
    try {
      detail::verify_made_dir(store.get(), "s", dir.get(), tmp.path() / "s");
    } catch (const std::system_error& e) {
      EXPECT_EQ(e.code().value(), EEXIST);
      return e.what();
    }
    return "";
  }
  TempDir tmp;
  detail::UniqueFd store;
  detail::UniqueFd dir;
};

TEST_F(MadeDir, TheFreshDirectoryPasses) { EXPECT_EQ(why(), ""); }

TEST_F(MadeDir, ADirectorySwappedInUnderTheNameFails) {
  fs::rename(tmp.path() / "s", tmp.path() / "moved");
  fs::create_directory(tmp.path() / "s");
  EXPECT_NE(why().find("is not the directory iogate made: its name now names another entry"),
            std::string::npos)
      << why();
}

TEST_F(MadeDir, ARenamedAwayDirectoryFails) {
  fs::rename(tmp.path() / "s", tmp.path() / "moved");
  EXPECT_NE(why().find("renamed away"), std::string::npos) << why();
}

TEST_F(MadeDir, AnOpenModeFails) {
  ASSERT_EQ(fchmod(dir.get(), 0777), 0);
  EXPECT_NE(why().find("mode 0777, not private"), std::string::npos) << why();
}

TEST_F(MadeDir, ANonEmptyDirectoryFails) {
  std::ofstream(tmp.path() / "s" / "planted") << "x";
  EXPECT_NE(why().find("not empty"), std::string::npos) << why();
}

TEST_F(MadeDir, AnotherOwnerFails) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to give the directory away";
  ASSERT_EQ(fchown(dir.get(), 65534, 65534), 0);
  EXPECT_NE(why().find("owned by uid 65534, not 0"), std::string::npos) << why();
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// After the scratch directory exists, a user who can write the datastore renames it and puts a
// symlink to a victim directory in its place. Before, the marker, the test files and the signal
// handler's removal went through that path.
struct Swapped {
  TempDir tmp;
  fs::path store = tmp.path() / "store";
  fs::path victim = tmp.path() / "victim";
  Swapped() {
    fs::create_directories(store);
    fs::create_directories(victim);
    // Files of the names iogate uses, which a path-based removal would take.
    std::ofstream(victim / "t.dat") << "keep";
    std::ofstream(victim / ScratchArea::kMarkerName) << "keep";
  }
  void swap(const ScratchArea& area) const {
    fs::rename(area.dir(), store / "moved");
    fs::create_directory_symlink(victim, area.dir());
  }
  void expect_victim_untouched() const {
    EXPECT_EQ(listing(victim), (std::vector<std::string>{".iogate-scratch", "t.dat"}));
    EXPECT_EQ(read_text(victim / "t.dat"), "keep");
    EXPECT_EQ(read_text(victim / ScratchArea::kMarkerName), "keep");
  }
};

TEST(ScratchSwap, FilesAreCreatedInTheDirectoryHeldOpenAndRemovedFromIt) {
  const Swapped s;
  fs::path name;
  {
    ScratchArea area(s.store, 1 << 20);
    name = area.dir();
    s.swap(area);
    area.preallocate("u.dat", 4096);
    EXPECT_TRUE(fs::is_regular_file(s.store / "moved" / "u.dat"));
    s.expect_victim_untouched();
  }
  s.expect_victim_untouched();
  EXPECT_TRUE(fs::is_empty(s.store / "moved"));  // everything of ours is gone from it
  EXPECT_TRUE(fs::is_symlink(name));             // theirs is left alone
}

TEST(ScratchSwap, TheSignalHandlersRemovalFollowsNoSymlink) {
  const Swapped s;
  // In a child: the registry is process-wide.
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    try {
      ScratchArea area(s.store, 1 << 20);
      area.preallocate("t.dat", 4096);
      s.swap(area);
      detail::cleanup_all_registered();
      _exit(fs::is_empty(s.store / "moved") ? 0 : 1);
    } catch (...) {
      _exit(2);
    }
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  s.expect_victim_untouched();
}

}  // namespace
}  // namespace iogate
