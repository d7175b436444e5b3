// run_workload and the POSIX file system: symbolic links are refused, a name relative to a
// directory descriptor ignores what the path names now, a character device is refused, and
// write_through opens with O_DSYNC.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <fcntl.h>

#include "iogate/engine/engine.hpp"
#include "iogate_test/native_file.hpp"
#include "iogate_test/temp_dir.hpp"
#include "run_workload_helpers.hpp"
#include "workload_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

TEST(RunWorkload, RefusesASymlinkAndLeavesItsTargetAlone) {
  const test::TempDir dir;
  const auto victim = dir.make_file("victim", 2 * kMiB);
  const auto link = dir.path() / "run.dat";
  std::filesystem::create_symlink(victim, link);
  try {
    (void)run_workload(buffered(2 * kMiB, 2 * kMiB), link);
    FAIL() << "followed a symlink to its target";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code(), std::errc::too_many_symbolic_link_levels);
    EXPECT_THAT(e.what(), HasSubstr("symbolic link"));
  }
  const std::vector<char> content = slurp(victim);
  EXPECT_EQ(std::count(content.begin(), content.end(), '\0'), static_cast<long>(2 * kMiB));
}

// Given a directory descriptor, the engine opens the file relative to it: renaming the directory
// and putting a symlink to another directory in its place sends nothing there.
TEST(RunWorkload, AFileRelativeToADirectoryDescriptorIgnoresWhatThePathNamesNow) {
  const test::TempDir dir;
  const auto work = dir.path() / "work";
  const auto victim = dir.path() / "victim";
  std::filesystem::create_directories(work);
  std::filesystem::create_directories(victim);
  std::ofstream(work / "run.dat").close();
  std::filesystem::resize_file(work / "run.dat", 2 * kMiB);
  std::ofstream(victim / "run.dat") << "keep";
  const test::NativeDir held(work);
  const int dir_fd = held.get();
  std::filesystem::rename(work, dir.path() / "moved");
  std::filesystem::create_directory_symlink(victim, work);
  const RunResult r =
      run_workload(buffered(2 * kMiB, 2 * kMiB), FileRef(dir_fd, "run.dat", work / "run.dat"));
  EXPECT_EQ(r.bytes(), 2 * kMiB);
  const std::vector<char> written = slurp(dir.path() / "moved" / "run.dat");
  EXPECT_NE(std::count(written.begin(), written.end(), '\0'), static_cast<long>(2 * kMiB));
  EXPECT_EQ(slurp(victim / "run.dat"), (std::vector<char>{'k', 'e', 'e', 'p'}));
  // Only plain names, and a symlink there is refused as with a path.
  EXPECT_THROW(FileRef(dir_fd, "../run.dat", "x"), std::invalid_argument);
  std::filesystem::create_symlink(victim / "run.dat", dir.path() / "moved" / "link.dat");
  EXPECT_THROW((void)run_workload(buffered(kMiB, kMiB), FileRef(dir_fd, "link.dat", "link.dat")),
               std::system_error);
}

// write_through opens the file with O_DSYNC (every write on stable storage before it completes);
// without it the file is opened without, and a run with it writes as any other.
TEST(RunWorkload, WriteThroughOpensTheFileWithODsync) {
  const test::TempDir dir;
  const auto path = dir.make_file("data", kMiB);
  const WorkloadFile plain(path, {.direct = false});
  EXPECT_EQ(::fcntl(plain.handle(), F_GETFL) & O_DSYNC, 0);
  const WorkloadFile synced(path, {.direct = false, .write_through = true});
  EXPECT_EQ(::fcntl(synced.handle(), F_GETFL) & O_DSYNC, O_DSYNC);
  WorkloadSpec spec = buffered(kMiB, kMiB);
  spec.write_through = true;
  EXPECT_EQ(run_workload(spec, path).bytes(), kMiB);
}

TEST(RunWorkload, RejectsWhatIsNeitherAFileNorABlockDevice) {
  try {
    (void)run_workload(buffered(kMiB, kMiB), "/dev/null");
    FAIL() << "ran on a character device";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("/dev/null is neither a regular file nor a block device"));
  }
}

}  // namespace
}  // namespace iogate
