// The safe writer on POSIX: symlinks at the target, and root refused a directory others can change.
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <system_error>

#include "iogate/common/output_file.hpp"
#include "output_file_test_files.hpp"

namespace iogate {
namespace {
namespace fs = std::filesystem;
using test::listing;
using test::put;
using test::slurp;
using test::TempDir;

class OutputFileOnPosix : public test::OutputFileFixture {};

TEST_F(OutputFileOnPosix, ASymlinkAtTheTargetIsReplacedNeverFollowed) {
  put(dir() / "victim", "root's file\n");
  fs::create_symlink(dir() / "victim", dir() / "junit.xml");
  fs::create_symlink(dir() / "victim", dir() / "junit.xml.tmp");  // the old writer's temp name
  write_output_text(dir() / "junit.xml", "<testsuites/>\n");
  EXPECT_EQ(slurp(dir() / "victim"), "root's file\n");
  EXPECT_FALSE(fs::is_symlink(dir() / "junit.xml"));
  EXPECT_EQ(slurp(dir() / "junit.xml"), "<testsuites/>\n");
}

TEST_F(OutputFileOnPosix, ASymlinkAtTheTargetCountsAsAFileThere) {
  fs::create_symlink(dir() / "nowhere", dir() / "out.toml");
  EXPECT_THROW(write_output_text(dir() / "out.toml", "x", IfExists::refuse), OutputExistsError);
  EXPECT_TRUE(fs::is_symlink(dir() / "out.toml"));
  EXPECT_FALSE(fs::exists(dir() / "nowhere"));
}

class OutputFileAsRoot : public OutputFileOnPosix {
 protected:
  void SetUp() override {
    if (geteuid() != 0) GTEST_SKIP() << "only root is refused a directory others can change";
    ::unsetenv("IOGATE_ALLOW_SHARED_OUTPUT");
  }
  void TearDown() override { ::unsetenv("IOGATE_ALLOW_SHARED_OUTPUT"); }
};

TEST_F(OutputFileAsRoot, RefusesADirectoryAnotherUserCanChange) {
  const fs::path shared = dir() / "shared";
  fs::create_directory(shared);
  ::chmod(shared.c_str(), 0777);
  try {
    write_output_text(shared / "fleet.md", "x");
    FAIL() << "no error";
  } catch (const UnsafeOutputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("world-writable without the sticky bit"), std::string::npos) << what;
    EXPECT_NE(what.find("IOGATE_ALLOW_SHARED_OUTPUT=1"), std::string::npos) << what;
  }
  EXPECT_TRUE(listing(shared).empty());
  EXPECT_THROW(write_output_text(shared / "sub" / "fleet.md", "x"), UnsafeOutputError);
  EXPECT_TRUE(listing(shared).empty()) << "no directory made below it either";
  ASSERT_EQ(::chown(shared.c_str(), 65534, 65534), 0);
  ::chmod(shared.c_str(), 0755);
  EXPECT_THROW(write_output_text(shared / "fleet.md", "x"), UnsafeOutputError);
  EXPECT_THROW(check_output_allowed(shared / "fleet.md", IfExists::replace), UnsafeOutputError);
}

TEST_F(OutputFileAsRoot, AStickyDirectoryLikeTmpIsFine) {
  const fs::path sticky = dir() / "tmp";
  fs::create_directory(sticky);
  ::chmod(sticky.c_str(), 01777);
  write_output_text(sticky / "junit.xml", "x");
  EXPECT_EQ(slurp(sticky / "junit.xml"), "x");
}

TEST_F(OutputFileAsRoot, SharedOnPurposeIsWrittenWithTheOptIn) {
  const fs::path shared = dir() / "shared";
  fs::create_directory(shared);
  ::chmod(shared.c_str(), 0777);
  ::setenv("IOGATE_ALLOW_SHARED_OUTPUT", "1", 1);
  write_output_text(shared / "fleet.md", "x");
  EXPECT_EQ(slurp(shared / "fleet.md"), "x");
}

// A full disk while a set is written: none of the set appears (what `iogate fleet` left before:
// three of its four files). A 64 KiB tmpfs in this process's own mount namespace.
TEST_F(OutputFileAsRoot, AFullDiskLeavesNoneOfTheSet) {
  if (unshare(CLONE_NEWNS) != 0) GTEST_SKIP() << "no private mount namespace: " << strerror(errno);
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
    GTEST_SKIP() << "cannot make mounts private: " << strerror(errno);
  const fs::path small = dir() / "small";
  fs::create_directory(small);
  if (mount("iogate-test", small.c_str(), "tmpfs", 0, "size=64k,mode=0755") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs: " << strerror(errno);
  const std::string big(256 * 1024, 'x');
  try {
    write_outputs({{small / "fleet.md", [](std::ostream& o) { o << "small\n"; }},
                   {small / "fleet.html", [&](std::ostream& o) { o << big; }}});
    ADD_FAILURE() << "a 256 KiB file fit a 64 KiB filesystem";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), ENOSPC) << e.what();
  }
  EXPECT_TRUE(listing(small).empty());
  umount2(small.c_str(), MNT_DETACH);
}

}  // namespace
}  // namespace iogate
