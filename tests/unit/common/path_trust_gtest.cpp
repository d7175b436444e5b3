// The StrictModes rule (common/path_trust.hpp): which directories root may write below.
#include "common/path_trust.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

struct stat dir_stat(uid_t owner, mode_t mode) {
  struct stat st {};
  st.st_mode = S_IFDIR | mode;
  st.st_uid = owner;
  return st;
}

TEST(PathTrust, RootRefusesAnotherOwnerOrWritableWithoutSticky) {
  EXPECT_FALSE(trust_problem(dir_stat(0, 0755), 0));
  EXPECT_FALSE(trust_problem(dir_stat(0, 0700), 0));
  EXPECT_FALSE(trust_problem(dir_stat(0, 01777), 0));  // /tmp: nobody renames ours
  EXPECT_FALSE(trust_problem(dir_stat(0, 01770), 0));
  const auto owned = trust_problem(dir_stat(1000, 0755), 0);
  ASSERT_TRUE(owned);
  EXPECT_NE(owned->find("owned by uid 1000"), std::string::npos) << *owned;
  const auto world = trust_problem(dir_stat(0, 0777), 0);
  ASSERT_TRUE(world);
  EXPECT_EQ(*world, "world-writable without the sticky bit (mode 0777)");
  const auto group = trust_problem(dir_stat(0, 0775), 0);
  ASSERT_TRUE(group);
  EXPECT_EQ(*group, "group-writable without the sticky bit (mode 0775)");
}

TEST(PathTrust, AnUnprivilegedRunIsNeverRefused) {
  EXPECT_FALSE(trust_problem(dir_stat(0, 0777), 1000));
  EXPECT_FALSE(trust_problem(dir_stat(2000, 0777), 1000));
}

TEST(PathTrust, AWritableDirectoryOnTheWayIsNamed) {
  if (geteuid() != 0) GTEST_SKIP() << "the StrictModes rule applies to root only";
  test::TempDir tmp;
  const fs::path shared = tmp.path() / "shared";
  fs::create_directories(shared / "reports");
  ::chmod(tmp.path().c_str(), 0700);
  ::chmod(shared.c_str(), 0777);
  const auto found = untrusted_ancestor(shared / "reports");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->dir, shared);
  EXPECT_EQ(found->why, "world-writable without the sticky bit (mode 0777)");
  ::chmod(shared.c_str(), 0755);
  EXPECT_FALSE(untrusted_ancestor(shared / "reports"));
}

}  // namespace
}  // namespace iogate
