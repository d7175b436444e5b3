// The one output writer (iogate/output_file.hpp): whole or nothing, sets all or none, never
// through a symlink, and root refuses a directory another user can change.
#include "iogate/output_file.hpp"

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <system_error>

#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::listing;
using test::TempDir;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void put(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

class OutputFileTest : public ::testing::Test {
 protected:
  TempDir tmp_;
  const fs::path& dir() const { return tmp_.path(); }
};

TEST_F(OutputFileTest, WritesAFileWholeAndMakesItsDirectory) {
  write_output_text(dir() / "a" / "b" / "r.md", "hello\n");
  EXPECT_EQ(slurp(dir() / "a" / "b" / "r.md"), "hello\n");
  EXPECT_EQ(listing(dir() / "a" / "b"), std::vector<std::string>{"r.md"}) << "no temporary left";
}

TEST_F(OutputFileTest, ReplacesOnlyWhenAsked) {
  put(dir() / "t.toml", "mine\n");
  EXPECT_THROW(write_output_text(dir() / "t.toml", "new\n", IfExists::refuse), OutputExistsError);
  EXPECT_EQ(slurp(dir() / "t.toml"), "mine\n");
  EXPECT_EQ(listing(dir()), std::vector<std::string>{"t.toml"});
  write_output_text(dir() / "t.toml", "new\n", IfExists::replace);
  EXPECT_EQ(slurp(dir() / "t.toml"), "new\n");
}

TEST_F(OutputFileTest, ASymlinkAtTheTargetIsReplacedNeverFollowed) {
  put(dir() / "victim", "root's file\n");
  fs::create_symlink(dir() / "victim", dir() / "junit.xml");
  fs::create_symlink(dir() / "victim", dir() / "junit.xml.tmp");  // the old writer's temp name
  write_output_text(dir() / "junit.xml", "<testsuites/>\n");
  EXPECT_EQ(slurp(dir() / "victim"), "root's file\n");
  EXPECT_FALSE(fs::is_symlink(dir() / "junit.xml"));
  EXPECT_EQ(slurp(dir() / "junit.xml"), "<testsuites/>\n");
}

TEST_F(OutputFileTest, ASymlinkAtTheTargetCountsAsAFileThere) {
  fs::create_symlink(dir() / "nowhere", dir() / "out.toml");
  EXPECT_THROW(write_output_text(dir() / "out.toml", "x", IfExists::refuse), OutputExistsError);
  EXPECT_TRUE(fs::is_symlink(dir() / "out.toml"));
  EXPECT_FALSE(fs::exists(dir() / "nowhere"));
}

TEST_F(OutputFileTest, ADirectoryInTheWayIsRefusedBeforeAnythingIsWritten) {
  fs::create_directory(dir() / "report.html");
  try {
    write_output_text(dir() / "report.html", "x");
    FAIL() << "no error";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), EISDIR);
    EXPECT_NE(std::string(e.what()).find("report.html"), std::string::npos) << e.what();
  }
  EXPECT_EQ(listing(dir()), std::vector<std::string>{"report.html"});
}

TEST_F(OutputFileTest, AWriterThatThrowsLeavesNoFile) {
  EXPECT_THROW(write_output(dir() / "r.json",
                            [](std::ostream& out) {
                              out << "half";
                              throw std::runtime_error("bad record");
                            }),
               std::runtime_error);
  EXPECT_TRUE(listing(dir()).empty());
}

TEST_F(OutputFileTest, ASetIsAllOrNone) {
  put(dir() / "fleet.md", "old\n");
  fs::create_directory(dir() / "fleet.html");  // the last of the set cannot be written
  EXPECT_THROW(write_outputs({{dir() / "fleet.md", [](std::ostream& o) { o << "new\n"; }},
                              {dir() / "fleet.json", [](std::ostream& o) { o << "{}\n"; }},
                              {dir() / "fleet.html", [](std::ostream& o) { o << "<p>\n"; }}}),
               std::system_error);
  EXPECT_EQ(slurp(dir() / "fleet.md"), "old\n");
  EXPECT_EQ(listing(dir()), (std::vector<std::string>{"fleet.html", "fleet.md"}));
}

TEST_F(OutputFileTest, CheckOutputAllowedWritesNothing) {
  put(dir() / "b.json", "{}");
  EXPECT_THROW(check_output_allowed(dir() / "b.json", IfExists::refuse), OutputExistsError);
  EXPECT_NO_THROW(check_output_allowed(dir() / "b.json", IfExists::replace));
  EXPECT_NO_THROW(check_output_allowed(dir() / "new" / "c.json", IfExists::refuse));
  EXPECT_EQ(listing(dir()), std::vector<std::string>{"b.json"}) << "no directory made";
}

class OutputFileAsRoot : public OutputFileTest {
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
