// Checks that lint fine but could never pass or never run: bounds no run can meet together, and
// names too long to become the check's file names. Each is refused at its value, with its key.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

// Lines: 1 [suite], 2 name, 3 [[check]], 4 name, 5 [check.workload], 6.. `workload`, then
// [check.expect] and `expect`, one key per line.
std::string file_text(const std::string& workload, const std::string& expect,
                      const std::string& name = "c") {
  return "[suite]\nname = \"s\"\n[[check]]\nname = \"" + name + "\"\n[check.workload]\n" +
         workload + "[check.expect]\n" + expect;
}

std::optional<ThresholdError> error_of(const std::string& text) {
  try {
    parse_threshold_text(text, "b.toml");
  } catch (const ThresholdError& e) {
    return e;
  }
  return std::nullopt;
}

const std::string kSizeBased = "block_size = \"8k\"\nsize = \"8MiB\"\n";  // lines 6-7
const std::string kTimeBased = "block_size = \"8k\"\nduration = \"30s\"\nfile_size = \"8MiB\"\n";

TEST(ImpossibleBounds, FloorAboveTheCeilingOfTheSameFigure) {
  // iops_max on line 10 (after [check.expect] on 8 and iops_min on 9), its value at column 12.
  const auto e = error_of(file_text(kSizeBased, "iops_min = 100\niops_max = 50\n"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->where().line, 10);
  EXPECT_EQ(e->where().column, 12);
  EXPECT_EQ(e->key(), R"(check "c": expect.iops_max)");
  EXPECT_EQ(e->problem(),
            "expected at least iops_min = 100: no run can be above the floor and below the "
            "ceiling, got 50");
  EXPECT_EQ(std::string(e->what()), "b.toml:10:12: " + e->key() + ": " + e->problem());

  const auto m = error_of(file_text(kSizeBased, "mbps_max = 40\nmbps_min = 50.5\n"));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->key(), R"(check "c": expect.mbps_max)");
  EXPECT_EQ(m->where().line, 9);
  EXPECT_THAT(m->problem(), HasSubstr("expected at least mbps_min = 50.5"));
}

TEST(ImpossibleBounds, MeetableOrRelativePairsAreAccepted) {
  EXPECT_FALSE(error_of(file_text(kSizeBased, "iops_min = 50\niops_max = 50\n")));
  EXPECT_FALSE(error_of(file_text(kSizeBased, "iops_min = 50\niops_max = 500\n")));
  // "90% of baseline" is compared with the baseline at run time, never with a fixed ceiling.
  EXPECT_FALSE(error_of(file_text(kSizeBased, "iops_min = \"90% of baseline\"\niops_max = 50\n")));
  EXPECT_FALSE(error_of(file_text(kSizeBased, "mbps_min = 1\niops_max = 128\n")));  // 1 MiB/s
}

TEST(ImpossibleBounds, ThroughputFloorAboveWhatTheIopsCeilingAllows) {
  // 100 I/Os of 8 KiB a second move 0.78 MiB/s at most.
  const auto e = error_of(file_text(kSizeBased, "iops_max = 100\nmbps_min = 1\n"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->key(), R"(check "c": expect.mbps_min)");
  EXPECT_EQ(e->where().line, 10);
  EXPECT_EQ(e->problem(),
            "expected at most 0.78125 MiB/s: iops_max = 100 I/Os per second of 8 KiB move no "
            "more, got 1");
}

TEST(ImpossibleBounds, DurationCeilingShorterThanATimeBasedCheckRuns) {
  // duration_max on line 10 (workload lines 6-8, [check.expect] on 9).
  const auto e = error_of(file_text(kTimeBased, "duration_max = \"10s\"\n"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->where().line, 10);
  EXPECT_EQ(e->where().column, 16);
  EXPECT_EQ(e->key(), R"(check "c": expect.duration_max)");
  EXPECT_EQ(e->problem(),
            "expected at least the check's duration (30.00s): a time-based check measures for the "
            "whole duration, got 10.00s");
}

TEST(ImpossibleBounds, DurationFromTheDefaultsCountsToo) {
  const auto e = error_of(
      "[suite]\nname = \"s\"\n[defaults]\nduration = \"1m\"\n[[check]]\nname = \"c\"\n"
      "[check.workload]\nblock_size = \"8k\"\nfile_size = \"8MiB\"\n[check.expect]\n"
      "duration_max = \"59s\"\n");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->key(), R"(check "c": expect.duration_max)");
  EXPECT_THAT(e->problem(), HasSubstr("the check's duration (1m)"));
}

TEST(ImpossibleBounds, DurationCeilingsThatARunCanMeetAreAccepted) {
  EXPECT_FALSE(error_of(file_text(kTimeBased, "duration_max = \"30s\"\n")));
  // The ramp is outside the measured window: it does not count against duration_max.
  EXPECT_FALSE(error_of(file_text(kTimeBased + "ramp = \"20s\"\n", "duration_max = \"31s\"\n")));
  // With size, duration is a cap: the run may finish its bytes long before it.
  EXPECT_FALSE(error_of(file_text(kSizeBased + "duration = \"30s\"\n", "duration_max = \"5s\"\n")));
  EXPECT_FALSE(error_of(file_text(kTimeBased, "duration_max = \"90% of baseline\"\n")));
}

TEST(CheckNames, LongestNameThatStillMakesItsFileNamesIsAccepted) {
  const std::string longest(kMaxCheckNameLength, 'n');
  // <name>.json.tmp is the longest file name made from it: exactly NAME_MAX.
  EXPECT_EQ((longest + ".json.tmp").size(), 255u);
  EXPECT_FALSE(error_of(file_text(kSizeBased, "iops_min = 1\n", longest)));
}

TEST(CheckNames, NameTooLongForItsFilesIsRefusedAtTheName) {
  // 251 characters passed lint and then failed at run time with "File name too long".
  const auto e = error_of(file_text(kSizeBased, "iops_min = 1\n", std::string(251, 'n')));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->where().line, 4);
  EXPECT_EQ(e->where().column, 8);
  EXPECT_EQ(e->key(), "check[1]: name");
  EXPECT_EQ(e->problem(),
            "expected a name of at most 246 characters (it names the files <name>.dat and "
            "<name>.json on disk, 255 bytes at most), got 251");
}

}  // namespace
}  // namespace iogate
