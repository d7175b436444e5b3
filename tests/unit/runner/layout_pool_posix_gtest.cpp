// LayoutPool on POSIX: a file handed out again is the one laid out (its inode), and one swapped,
// cut short, whose note was edited or that became a symlink is refused, saying what differed.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "iogate_test/temp_dir.hpp"
#include "layout_pool_checks.hpp"
#include "runner/layout_pool.hpp"

namespace iogate {
namespace {

using test::check;
using test::kMiB;

ino_t inode_of(const LayoutLease& lease) {
  struct stat st {};
  EXPECT_EQ(fstatat(lease.file.dir(), lease.file.name().c_str(), &st, AT_SYMLINK_NOFOLLOW), 0);
  return st.st_ino;
}

TEST(LayoutPool, ReadingChecksOfOneKeyShareOneLayout) {
  const test::TempDir store;
  LayoutPool pool(store.path());
  const Check a = check("a", 100);
  const Check b = check("b", 100);
  const LayoutLease first = pool.acquire(a, {});
  EXPECT_EQ(first.laid_out_for, "a");
  EXPECT_GT(first.layout_s, 0);
  const LayoutLease second = pool.acquire(b, {});
  EXPECT_EQ(second.laid_out_for, "a");
  EXPECT_EQ(second.layout_s, 0);
  EXPECT_EQ(inode_of(second), inode_of(first));
  EXPECT_EQ(pool.layouts_made(), 1);
  struct stat st {};
  ASSERT_EQ(fstatat(second.file.dir(), second.file.name().c_str(), &st, 0), 0);
  EXPECT_EQ(static_cast<std::uint64_t>(st.st_size), 2 * kMiB);
}

// Whoever can write the scratch directory (iogate's own user) swaps the file, cuts it short or
// edits its note: the next check refuses it, saying what differed, instead of measuring it.
TEST(LayoutPool, AFileThatIsNoLongerTheOneLaidOutIsRefused) {
  const auto refusal = [](const auto& tamper) -> std::string {
    const test::TempDir store;
    LayoutPool pool(store.path());
    const LayoutLease lease = pool.acquire(check("a", 100), {});
    tamper(lease);
    try {
      pool.acquire(check("b", 100), {});
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "not refused";
  };
  const auto swapped = refusal([](const LayoutLease& l) {
    const int fd = openat(l.file.dir(), "other", O_CREAT | O_WRONLY, 0600);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(ftruncate(fd, static_cast<off_t>(2 * kMiB)), 0);
    close(fd);
    ASSERT_EQ(renameat(l.file.dir(), "other", l.file.dir(), l.file.name().c_str()), 0);
  });
  EXPECT_NE(swapped.find("is not the one laid out for a (device:inode"), std::string::npos)
      << swapped;
  const auto cut = refusal([](const LayoutLease& l) {
    const int fd = openat(l.file.dir(), l.file.name().c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(ftruncate(fd, static_cast<off_t>(kMiB)), 0);
    close(fd);
  });
  EXPECT_NE(cut.find("1048576 bytes where 2097152 were laid out"), std::string::npos) << cut;
  const auto noted = refusal([](const LayoutLease& l) {
    const std::string note = l.file.name() + ".layout";
    const int fd = openat(l.file.dir(), note.c_str(), O_WRONLY | O_APPEND);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(write(fd, "x", 1), 1);
    close(fd);
  });
  EXPECT_NE(noted.find("its layout note"), std::string::npos) << noted;
  const auto linked = refusal([](const LayoutLease& l) {
    ASSERT_EQ(unlinkat(l.file.dir(), l.file.name().c_str(), 0), 0);
    ASSERT_EQ(symlinkat("/etc/passwd", l.file.dir(), l.file.name().c_str()), 0);
  });
  EXPECT_NE(linked.find("(a symlink)"), std::string::npos) << linked;
}

}  // namespace
}  // namespace iogate
