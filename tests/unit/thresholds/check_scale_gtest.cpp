// A check at another scale than its file's (check_scale.hpp): the flags read as threshold values,
// what each changes, what pins a key, and the workload rules on the rescaled workload.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "thresholds/check_scale.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

// The one check "c" of a file whose [check.workload] is `workload` and [check.expect] `expect`;
// `check_extra` goes into [[check]] before its workload.
Check check_of(const std::string& workload, const std::string& expect = "iops_min = 1\n",
               const std::string& check_extra = "") {
  const ThresholdFile file =
      parse_threshold_text("[suite]\nname = \"s\"\n[[check]]\nname = \"c\"\n" + check_extra +
                               "[check.workload]\n" + workload + "[check.expect]\n" + expect,
                           "s.toml");
  return file.checks.at(0);
}

const std::string kBigSize = "block_size = \"64k\"\nsize = \"8GiB\"\n";  // file_size implied
const std::string kTimed = "block_size = \"4k\"\nduration = \"30s\"\nfile_size = \"1GiB\"\n";

// The message rescale_check refuses with, or "not refused".
std::string refusal(const Check& check, const ScaleOverride& scale) {
  try {
    rescale_check(check, scale);
  } catch (const ScaleRefused& e) {
    return e.what();
  }
  return "not refused";
}

std::string read_error(const std::optional<std::string>& file_size,
                       const std::optional<std::string>& size,
                       const std::optional<std::string>& duration) {
  try {
    read_scale_override(file_size, size, duration);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(CheckScale, FlagsAreTheKeysTheyOverride) {
  EXPECT_EQ(scale_flag(WorkloadField::file_size), "--file-size");
  EXPECT_EQ(scale_flag(WorkloadField::io_size), "--size");
  EXPECT_EQ(scale_flag(WorkloadField::duration), "--duration");
}

TEST(CheckScale, FlagsReadAsThresholdValues) {
  const ScaleOverride s = read_scale_override("1.5GiB", std::nullopt, "2m30s");
  EXPECT_EQ(s.file_size, kGiB + kGiB / 2);
  EXPECT_FALSE(s.io_size);
  EXPECT_EQ(s.duration, 150s);
  // A bare number is bytes, or seconds, as in a threshold file.
  EXPECT_EQ(read_scale_override(std::nullopt, "4096", std::nullopt).io_size, 4096u);
  EXPECT_EQ(read_scale_override(std::nullopt, std::nullopt, "2").duration, 2s);
  EXPECT_TRUE(read_scale_override(std::nullopt, std::nullopt, std::nullopt).empty());

  EXPECT_EQ(read_error(std::nullopt, "8q", std::nullopt),
            R"(--size: expected a size like "8k", "8KiB" or "8GiB", got "8q")");
  EXPECT_EQ(
      read_error(std::nullopt, std::nullopt, "10 s 5"),
      R"(--duration: expected a duration like "200ms", "20s", "2m30s" or "1h", got "10 s 5")");
  // The table's lower limits, as the parser keeps a written value to them.
  EXPECT_EQ(read_error("0", std::nullopt, std::nullopt),
            "--file-size 0: expected a size of at least 1 B");
  EXPECT_EQ(read_error(std::nullopt, std::nullopt, "0s"),
            "--duration 0s: expected a duration above 0s");
  EXPECT_EQ(read_error(std::nullopt, "1GiB", "10s"),
            "--size and --duration are alternatives: a check runs by size (how much to move) or "
            "by time (how long to run); give one");
}

TEST(CheckScale, NothingGivenIsTheCheckItself) {
  const Check check = check_of(kBigSize);
  const Check same = rescale_check(check, {});
  EXPECT_EQ(same.workload.io_size, 8 * kGiB);
  EXPECT_EQ(same.workload.file_size, 8 * kGiB);
  EXPECT_EQ(same.timeout, check.timeout);
}

TEST(CheckScale, DurationMakesASizeBasedCheckTimeBased) {
  const Check check = check_of(kBigSize);
  const Check scaled = rescale_check(check, {.file_size = 16 * kMiB, .duration = 1s});
  EXPECT_EQ(scaled.workload.io_size, 0u);
  EXPECT_EQ(scaled.workload.duration, 1s);
  EXPECT_EQ(scaled.workload.file_size, 16 * kMiB);
  EXPECT_FALSE(scaled.file_size_implied);
  // The rest of the workload is the file's.
  EXPECT_EQ(scaled.workload.block_size, 64 * 1024u);
  EXPECT_EQ(scaled.name, "c");
}

TEST(CheckScale, SizeMakesATimeBasedCheckSizeBased) {
  const Check scaled = rescale_check(check_of(kTimed), {.io_size = 64 * kMiB});
  EXPECT_EQ(scaled.workload.io_size, 64 * kMiB);
  EXPECT_EQ(scaled.workload.duration, 0s);
  EXPECT_EQ(scaled.workload.file_size, kGiB);  // written: stays
}

TEST(CheckScale, SizeDropsATimeCap) {
  const Check check = check_of("block_size = \"4k\"\nsize = \"1GiB\"\nduration = \"10m\"\n");
  ASSERT_EQ(check.workload.duration, 10min);
  const Check scaled = rescale_check(check, {.io_size = 8 * kMiB});
  EXPECT_EQ(scaled.workload.io_size, 8 * kMiB);
  EXPECT_EQ(scaled.workload.duration, 0s);
}

TEST(CheckScale, AnImpliedFileSizeFollowsTheSize) {
  const Check check = check_of(kBigSize);
  ASSERT_TRUE(check.file_size_implied);
  const Check scaled = rescale_check(check, {.io_size = 64 * kMiB});
  EXPECT_EQ(scaled.workload.file_size, 64 * kMiB);
  EXPECT_TRUE(scaled.file_size_implied);
  // One given in [defaults] is written, and stays.
  const ThresholdFile file = parse_threshold_text(
      "[suite]\nname = \"s\"\n[defaults]\nfile_size = \"2GiB\"\n[[check]]\nname = \"c\"\n"
      "[check.workload]\n" +
          kBigSize + "[check.expect]\niops_min = 1\n",
      "s.toml");
  EXPECT_FALSE(file.checks.at(0).file_size_implied);
  EXPECT_EQ(rescale_check(file.checks.at(0), {.io_size = 64 * kMiB}).workload.file_size, 2 * kGiB);
}

TEST(CheckScale, TimeBasedWithoutAFileSizeIsRefusedAsInAFile) {
  EXPECT_EQ(refusal(check_of(kBigSize), {.duration = 1s}),
            "check c: --duration makes it time-based, and its file_size was its size (8 GiB): "
            "give --file-size too, the test file's size (a time-based check needs one)");
}

TEST(CheckScale, FileSizeAlone) {
  const Check scaled = rescale_check(check_of(kTimed), {.file_size = 64 * kMiB});
  EXPECT_EQ(scaled.workload.file_size, 64 * kMiB);
  EXPECT_EQ(scaled.workload.duration, 30s);
}

TEST(CheckScale, DurationMaxPinsSizeAndDuration) {
  const Check check = check_of(kBigSize, "duration_max = \"3m\"\n");
  EXPECT_EQ(refusal(check, {.io_size = kGiB}),
            "check c: --size would change what duration_max = 3m bounds, the time to move 8 GiB");
  EXPECT_EQ(refusal(check, {.file_size = 8 * kGiB, .duration = 10s}),
            "check c: --duration would change what duration_max = 3m bounds, the time to move "
            "8 GiB");
  // The file's own file size is not what duration_max bounds.
  EXPECT_EQ(rescale_check(check, {.file_size = 16 * kGiB}).workload.file_size, 16 * kGiB);
  const Check timed = check_of(kTimed, "duration_max = \"40s\"\n");
  EXPECT_EQ(refusal(timed, {.duration = 5s}),
            "check c: --duration would change what duration_max = 40.00s bounds, the length of a "
            "30.00s run");
}

TEST(CheckScale, AFlagThatChangesNothingPinsNothing) {
  const Check check = check_of(kBigSize, "duration_max = \"3m\"\n");
  EXPECT_EQ(rescale_check(check, {.io_size = 8 * kGiB}).workload.io_size, 8 * kGiB);
  // Its own size, but dropping a time cap, is a change.
  const Check capped = check_of("block_size = \"4k\"\nsize = \"1GiB\"\nduration = \"10m\"\n",
                                "duration_max = \"9m\"\n");
  EXPECT_THAT(refusal(capped, {.io_size = kGiB}), HasSubstr("--size would change"));
}

TEST(CheckScale, ABaselineBoundPinsEverything) {
  const Check check = check_of(kTimed, "iops_min = 1\niops_max = \"150% of baseline\"\n");
  const std::string why =
      " would change the workload its baseline was recorded with: iops_max = \"150% of "
      "baseline\" compares with figures of the file's workload";
  EXPECT_EQ(refusal(check, {.file_size = 64 * kMiB}), "check c: --file-size" + why);
  EXPECT_EQ(refusal(check, {.io_size = 64 * kMiB}), "check c: --size" + why);
  EXPECT_EQ(refusal(check, {.duration = 1s}), "check c: --duration" + why);
  EXPECT_EQ(rescale_check(check, {.file_size = kGiB}).workload.file_size, kGiB);  // its own
}

TEST(CheckScale, RateAndPeersBoundsScale) {
  const Check check = check_of(
      kTimed, "iops_min = \"70% of peers\"\nlatency_p99_max = \"20ms\"\nstall_max = \"50%\"\n");
  EXPECT_EQ(rescale_check(check, {.io_size = 4 * kMiB}).workload.io_size, 4 * kMiB);
}

TEST(CheckScale, IntegrityPinsSizeAndDurationButNotItsFile) {
  const Check check = check_of("block_size = \"4k\"\nkind = \"integrity\"\nfile_size = \"1GiB\"\n");
  EXPECT_EQ(refusal(check, {.io_size = kMiB}),
            "check c: --size does not apply to kind = integrity, which writes its whole test file "
            "and reads it back (--file-size scales it)");
  EXPECT_EQ(rescale_check(check, {.file_size = 8 * kMiB}).workload.file_size, 8 * kMiB);
}

TEST(CheckScale, TheRescaledWorkloadMeetsTheWorkloadRules) {
  EXPECT_EQ(refusal(check_of(kTimed), {.io_size = 6144}),
            "check c: rescaled by --size: workload size: must be a multiple of block_size "
            "(4 KiB), got 6 KiB (6144 bytes)");
  EXPECT_EQ(refusal(check_of("block_size = \"4k\"\nworkers = 4\nduration = \"5s\"\n"
                             "file_size = \"1GiB\"\n"),
                    {.file_size = 8192}),
            "check c: rescaled by --file-size: workload workers: each of 4 workers needs at least "
            "one block (4 KiB) of file_size, got 8 KiB (8192 bytes)");
  EXPECT_EQ(refusal(check_of(kTimed), {.duration = 100us}),
            "check c: rescaled by --duration: workload duration: expected 0 (size-based) or at "
            "least 1ms, got 100000 ns: a shorter run ends before most storage completes an I/O");
  EXPECT_THAT(refusal(check_of(kTimed), {.file_size = 1000}), HasSubstr("workload file_size"));
}

TEST(CheckScale, ADerivedTimeoutFollowsAWrittenOneStays) {
  const Check check = check_of(kBigSize);
  ASSERT_TRUE(check.timeout_derived);
  const Check scaled = rescale_check(check, {.io_size = 64 * kMiB});
  EXPECT_EQ(scaled.timeout, derive_check_timeout(scaled));
  EXPECT_LT(scaled.timeout, check.timeout);
  const Check written = check_of(kBigSize, "iops_min = 1\n", "timeout = \"20m\"\n");
  EXPECT_FALSE(written.timeout_derived);
  EXPECT_EQ(rescale_check(written, {.io_size = 64 * kMiB}).timeout, 20min);
}

}  // namespace
}  // namespace iogate
