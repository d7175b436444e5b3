// Includes fanning out: depth alone bounded them, and ten includes a file, six deep (a million
// files) took 11 s; eight deep did not end. One read now reads at most kMaxIncludedFiles files
// and kMaxJobTextBytes of text, and says so at the include line that would pass either.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fio_job/job_file.hpp"
#include "fio_test_support.hpp"

namespace iogate::fio_job {
namespace {

using test::env_of;
using testing::HasSubstr;

std::string read_error(const std::filesystem::path& path) {
  try {
    read_job_file(path, env_of({}));
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "no error";
}

// level<n>.fio includes level<n+1>.fio `fan_out` times; the last level sets one option.
std::filesystem::path fan_out(const test::TempDir& dir, int fan_out, int levels) {
  for (int level = 1; level <= levels; ++level) {
    std::string text = level == 1 ? "[job]\nrw=read\n" : "";
    for (int i = 0; i < fan_out; ++i)
      text += level < levels ? "include level" + std::to_string(level + 1) + ".fio\n" : "bs=4k\n";
    dir.write("level" + std::to_string(level) + ".fio", text);
  }
  return dir.path() / "level1.fio";
}

TEST(IncludeLimits, AFanOutOfTenSixDeepIsRefusedAtTheIncludeLine) {
  const test::TempDir dir;
  // Read depth first: level2, level3, level4 (3 files), then eight of level4's level5 subtrees
  // of 11 files each (91), the ninth's level5 (92) and its level6 includes: the ninth is the 101st.
  EXPECT_THAT(read_error(fan_out(dir, 10, 6)),
              HasSubstr("level5.fio:9:1: include: a job file and its includes read at most 100 "
                        "files (files that include each other many times?)"));
  EXPECT_THAT(read_error(fan_out(dir, 10, 8)), HasSubstr("read at most 100 files"));
}

TEST(IncludeLimits, AHundredIncludedFilesAreReadAndNoMore) {
  const test::TempDir dir;
  const FioJobFile f = read_job_file(fan_out(dir, 9, 3), env_of({}));  // 9 + 81 files
  ASSERT_EQ(f.sections.size(), 1u);
  EXPECT_EQ(f.sections[0].options.size(), 1u + 9 * 9 * 9);

  dir.write("leaf.fio", "bs=4k\n");
  std::string text = "[job]\nrw=read\n";
  for (int i = 0; i < 100; ++i) text += "include leaf.fio\n";
  EXPECT_EQ(read_job_file(dir.write("hundred.fio", text), env_of({})).sections[0].options.size(),
            101u);
  EXPECT_THAT(read_error(dir.write("more.fio", text + "include leaf.fio\n")),
              HasSubstr("more.fio:103:1: include: a job file and its includes read at most 100"));
}

TEST(IncludeLimits, TheTextOfAllIncludesIsBounded) {
  const test::TempDir dir;
  // Ten includes of a 1 MiB file of comments: within the file limit each, over 4 MiB together.
  dir.write("big.fio", std::string((1U << 20) - 1, ';') + "\n");
  std::string text = "[job]\nrw=read\n";
  for (int i = 0; i < 10; ++i) text += "include big.fio\n";
  const std::filesystem::path top = dir.write("top.fio", text);
  EXPECT_THAT(read_error(top), HasSubstr("top.fio:6:1: include: a job file and its includes come "
                                         "to more than 4194304 bytes of text"));
}

}  // namespace
}  // namespace iogate::fio_job
