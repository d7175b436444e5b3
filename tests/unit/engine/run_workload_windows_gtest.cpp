// run_workload and the Windows file system: a name relative to a directory HANDLE ignores what
// the path names now (NtCreateFile with RootDirectory), a reparse point at the name is refused
// and its target left alone, a directory is not a test file, and the FILE_FLAG_NO_BUFFERING run
// gets the volume's sector size.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "iogate/engine/engine.hpp"
#include "iogate_test/native_file.hpp"
#include "iogate_test/temp_dir.hpp"
#include "run_workload_helpers.hpp"
#include "workload_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

TEST(RunWorkloadWindows, AFileRelativeToADirectoryHandleIgnoresWhatThePathNamesNow) {
  const test::TempDir dir;
  const auto work = dir.path() / "work";
  std::filesystem::create_directories(work);
  std::ofstream(work / "run.dat").close();
  std::filesystem::resize_file(work / "run.dat", 2 * kMiB);
  const test::NativeDir held(work);
  // The directory moves away and another one, with a file of the same name, takes its path.
  std::filesystem::rename(work, dir.path() / "moved");
  std::filesystem::create_directories(work);
  std::ofstream(work / "run.dat") << "keep";
  const RunResult r =
      run_workload(buffered(2 * kMiB, 2 * kMiB), FileRef(held.get(), "run.dat", work / "run.dat"));
  EXPECT_EQ(r.bytes(), 2 * kMiB);
  const std::vector<char> written = slurp(dir.path() / "moved" / "run.dat");
  EXPECT_NE(std::count(written.begin(), written.end(), '\0'), static_cast<long>(2 * kMiB));
  EXPECT_EQ(slurp(work / "run.dat"), (std::vector<char>{'k', 'e', 'e', 'p'}));
  // Only plain names.
  EXPECT_THROW(FileRef(held.get(), "..\\run.dat", "x"), std::invalid_argument);
  EXPECT_THROW(FileRef(held.get(), "sub/run.dat", "x"), std::invalid_argument);
  EXPECT_THROW(FileRef(held.get(), "C:\\run.dat", "x"), std::invalid_argument);
}

TEST(RunWorkloadWindows, RefusesASymbolicLinkAndLeavesItsTargetAlone) {
  const test::TempDir dir;
  const auto victim = dir.make_file("victim", 2 * kMiB);
  const auto link = dir.path() / "run.dat";
  std::error_code made;
  std::filesystem::create_symlink(victim, link, made);
  if (made) GTEST_SKIP() << "no symbolic links here: " << made.message();
  const test::NativeDir held(dir.path());
  for (const FileRef& ref : {FileRef(link), FileRef(held.get(), "run.dat", link)}) {
    try {
      (void)run_workload(buffered(2 * kMiB, 2 * kMiB), ref);
      ADD_FAILURE() << "followed a symbolic link to its target";
    } catch (const std::system_error& e) {
      EXPECT_THAT(e.what(), HasSubstr("reparse point"));
    }
  }
  const std::vector<char> content = slurp(victim);
  EXPECT_EQ(std::count(content.begin(), content.end(), '\0'), static_cast<long>(2 * kMiB));
}

TEST(RunWorkloadWindows, ADirectoryIsNotATestFile) {
  const test::TempDir dir;
  EXPECT_THROW((void)run_workload(buffered(kMiB, kMiB), dir.path()), std::exception);
}

TEST(RunWorkloadWindows, AWriteThroughRunWritesAsAnyOther) {
  const test::TempDir dir(IOGATE_TEST_SCRATCH_DIR);
  WorkloadSpec spec = buffered(kMiB, kMiB);
  spec.write_through = true;
  EXPECT_EQ(run_workload(spec, dir.make_file("data", kMiB)).bytes(), kMiB);
}

// Linux's classes have no meaning here: a run that names one is refused, never run without it.
TEST(RunWorkloadWindows, APriorityClassIsRefusedNamingIt) {
  const test::TempDir dir(IOGATE_TEST_SCRATCH_DIR);
  WorkloadSpec spec = buffered(kMiB, kMiB);
  spec.read_pct = 100;
  spec.priority = *parse_priority("idle");
  try {
    (void)run_workload(spec, dir.make_file("data", kMiB));
    FAIL() << "ran";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("priority idle: I/O priority classes are Linux's"));
  }
}

TEST(RunWorkloadWindows, UnbufferedIoKnowsTheVolumesSectorSize) {
  const test::TempDir dir(IOGATE_TEST_SCRATCH_DIR);
  const WorkloadFile file(dir.make_file("data", kMiB), {.direct = true});
  EXPECT_TRUE(file.direct());
  EXPECT_EQ(file.size(), kMiB);
  EXPECT_GE(file.direct_io_block(), 512u);
  EXPECT_EQ(file.direct_io_block() & (file.direct_io_block() - 1), 0u) << "a power of two";
  EXPECT_EQ(file.buffer_alignment() % file.direct_io_block(), 0u);
  EXPECT_GE(file.buffer_alignment(), 4096u);
}

}  // namespace
}  // namespace iogate
