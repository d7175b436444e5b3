// Real filesystems with awkward properties: a 1 MiB tmpfs (full), ramfs (no fallocate). Needs root
// (a private mount namespace and a mount); skips otherwise. The mount lives in this process's own
// namespace, so nothing outlives the test even if it crashes.
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::listing;

class MountedFilesystem : public ::testing::Test {
 protected:
  // Mounts `type` on a fresh temporary directory, or skips the test saying why it cannot.
  void mount_or_skip(const char* type, const char* options) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to mount a " << type;
    if (unshare(CLONE_NEWNS) != 0)
      GTEST_SKIP() << "cannot make a private mount namespace: " << std::strerror(errno);
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
      GTEST_SKIP() << "cannot make mounts private: " << std::strerror(errno);
    if (mount("iogate-test", tmp_.path().c_str(), type, 0, options) != 0)
      GTEST_SKIP() << "cannot mount a " << type << ": " << std::strerror(errno);
    mounted_ = true;
  }
  void TearDown() override {
    if (mounted_) umount2(tmp_.path().c_str(), MNT_DETACH);
  }

  const fs::path& store() const { return tmp_.path(); }

 private:
  test::TempDir tmp_;
  bool mounted_ = false;
};

class TinyFilesystem : public MountedFilesystem {
 protected:
  void SetUp() override { mount_or_skip("tmpfs", "size=1m,mode=0755"); }
};

class NoFallocateFilesystem : public MountedFilesystem {
 protected:
  void SetUp() override { mount_or_skip("ramfs", "mode=0755"); }
};

TEST_F(TinyFilesystem, NoSpaceDuringPreallocateRemovesTheFileAndNamesIt) {
  ScratchArea area(store(), 512 * 1024);
  const auto before = listing(store());
  const fs::path file = area.dir() / "big.dat";
  try {
    area.preallocate("big.dat", 4 * 1024 * 1024);
    FAIL() << "expected ENOSPC";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), ENOSPC);
    EXPECT_NE(std::string(e.what()).find(file.string()), std::string::npos) << e.what();
  }
  EXPECT_EQ(listing(store()), before);
  area.remove();
  EXPECT_TRUE(fs::is_empty(store()));
}

TEST_F(TinyFilesystem, RefusesWhatWouldNotFitWithTheMargin) {
  // 1 MiB of test files needs 1.1 MiB free: more than the whole filesystem.
  EXPECT_THROW(ScratchArea(store(), 1024 * 1024), InsufficientSpace);
  EXPECT_TRUE(fs::is_empty(store()));
}

TEST_F(NoFallocateFilesystem, PreallocateWritesTheFileThrough) {
  // ramfs reports no free space at all, so ask for none; it has no fallocate either.
  ScratchArea area(store(), 0);
  const std::uint64_t size = 3 * 1024 * 1024 + 5;
  const fs::path file = area.preallocate("t.dat", size);
  EXPECT_EQ(fs::file_size(file), size);
  std::ifstream in(file, std::ios::binary);
  const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_EQ(data.size(), size);
  EXPECT_EQ(data.find('\0'), std::string::npos);  // written, not a hole
  area.remove();
  EXPECT_TRUE(fs::is_empty(store()));
}

}  // namespace
}  // namespace iogate
