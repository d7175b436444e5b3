// repeat, repeat_max, budget and unstable in [suite] and [[check]], the ctest TIMEOUT they imply,
// and their errors.
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"
#include "threshold_text.hpp"

namespace iogate {
namespace {

using test::error_of;

using namespace std::chrono_literals;

std::string suite_file(const std::string& suite_extra, const std::string& check_extra,
                       int checks = 1) {
  std::string text = "[suite]\nname = \"s\"\n" + suite_extra;
  for (int i = 0; i < checks; ++i)
    text += "[[check]]\nname = \"c" + std::to_string(i) + "\"\n" + check_extra +
            "[check.workload]\nblock_size = \"4k\"\nduration = \"10s\"\nfile_size = \"64MiB\"\n"
            "[check.expect]\niops_min = 1\n";
  return text;
}

TEST(RepetitionKeys, DefaultsAreOneRunAtLeastTwentyAtMostUnstableFails) {
  const Check c = parse_threshold_text(suite_file("", ""), "t.toml").checks.at(0);
  EXPECT_EQ(c.repeat, 1);
  EXPECT_EQ(c.repeat_max, 20);
  EXPECT_FALSE(c.budget.has_value());
  EXPECT_TRUE(c.unstable_fails);
  EXPECT_TRUE(c.confirm);
  EXPECT_FALSE(c.confirm_pause.has_value());
  // Twenty runs of 10 s, again after the 30 s pause to confirm a shortfall, the 64 MiB file and
  // the margin once.
  EXPECT_EQ(c.timeout, std::chrono::seconds(2 * 200 + 30 + 60 + 2));
}

TEST(RepetitionKeys, ARepeatAboveTwentyRaisesTheDefaultMost) {
  const Check c = parse_threshold_text(suite_file("repeat = 25\n", ""), "t.toml").checks.at(0);
  EXPECT_EQ(c.repeat, 25);
  EXPECT_EQ(c.repeat_max, 25);
}

TEST(RepetitionKeys, TheCheckOverridesTheSuite) {
  const Check c =
      parse_threshold_text(suite_file("repeat = 3\nrepeat_max = 6\nunstable = \"skip\"\n",
                                      "repeat = 4\nrepeat_max = 20\nunstable = \"fail\"\n"),
                           "t.toml")
          .checks.at(0);
  EXPECT_EQ(c.repeat, 4);
  EXPECT_EQ(c.repeat_max, 20);
  EXPECT_TRUE(c.unstable_fails);
  const Check s = parse_threshold_text(
                      suite_file("repeat = 3\nrepeat_max = 6\nunstable = \"skip\"\n", ""), "t.toml")
                      .checks.at(0);
  EXPECT_EQ(s.repeat, 3);
  EXPECT_EQ(s.repeat_max, 6);
  EXPECT_FALSE(s.unstable_fails);
}

TEST(RepetitionKeys, ASuiteBudgetIsSharedEvenlyAndBoundsTheTimeout) {
  const ThresholdFile f = parse_threshold_text(suite_file("budget = \"2m\"\n", "", 4), "t.toml");
  for (const Check& c : f.checks) {
    EXPECT_EQ(c.budget, Nanoseconds(30s));
    // One run (10 s) plus the 30 s budget, not twenty runs; again after the 30 s pause to confirm
    // a shortfall; the file and the margin.
    EXPECT_EQ(c.timeout, std::chrono::seconds(2 * (10 + 30) + 30 + 60 + 2));
  }
  // A check's own budget counts when it is the smaller one.
  const Check own =
      parse_threshold_text(suite_file("budget = \"2m\"\n", "budget = \"20s\"\n", 2), "t.toml")
          .checks.at(0);
  EXPECT_EQ(own.budget, Nanoseconds(20s));
}

TEST(RepetitionKeys, MistakesSayWhereAndWhatWasExpected) {
  EXPECT_NE(error_of(suite_file("", "repeat = 5\nrepeat_max = 3\n"))
                .find("t.toml:6:14: check \"c0\": repeat_max: repeat_max 3 is below repeat 5"),
            std::string::npos)
      << error_of(suite_file("", "repeat = 5\nrepeat_max = 3\n"));
  // One from the suite, one from the check: the check's key is named.
  EXPECT_NE(error_of(suite_file("repeat_max = 4\n", "repeat = 6\n"))
                .find("check \"c0\": repeat: repeat_max 4 is below repeat 6"),
            std::string::npos);
  EXPECT_NE(error_of(suite_file("repeat = 3\nrepeat_max = 2\n", ""))
                .find("suite.repeat_max: repeat_max 2 is below repeat 3"),
            std::string::npos);
  EXPECT_NE(error_of(suite_file("", "repeat_max = 0\n"))
                .find("repeat_max: expected a number of runs from 1 to 100"),
            std::string::npos);
  EXPECT_NE(error_of(suite_file("budget = \"100ms\"\n", ""))
                .find("suite.budget: expected a time budget of at least 1s"),
            std::string::npos);
  EXPECT_NE(error_of(suite_file("", "unstable = \"pass\"\n"))
                .find("unstable: expected \"fail\" (an undecided check fails its test) or "
                      "\"skip\""),
            std::string::npos);
  EXPECT_NE(error_of(suite_file("", "confirm = \"no\"\n")).find("check \"c0\": confirm: expected"),
            std::string::npos)
      << error_of(suite_file("", "confirm = \"no\"\n"));
  EXPECT_NE(error_of(suite_file("confirm_pause = \"500ms\"\n", ""))
                .find("t.toml:3:17: suite.confirm_pause: expected a pause from 1s to 1h before the "
                      "confirming sample"),
            std::string::npos)
      << error_of(suite_file("confirm_pause = \"500ms\"\n", ""));
  EXPECT_NE(error_of(suite_file("", "confirm_pause = \"2h\"\n")).find("confirm_pause: expected"),
            std::string::npos);
  EXPECT_NE(error_of(suite_file("", "confirm_paus = \"2m\"\n")).find("unknown key"),
            std::string::npos);
}

// Confirmation (verdicts/confirmation.hpp): on unless a file says otherwise, the check's
// own word over the suite's, and what it costs in the ctest timeout.
TEST(RepetitionKeys, ConfirmAndItsPauseComeFromTheSuiteOrTheCheck) {
  const ThresholdFile f = parse_threshold_text(
      suite_file("confirm = false\nconfirm_pause = \"45s\"\n", "", 1) +
          "[[check]]\nname = \"own\"\nconfirm = true\nconfirm_pause = \"2m\"\n"
          "[check.workload]\nblock_size = \"4k\"\nduration = \"10s\"\nfile_size = \"64MiB\"\n"
          "[check.expect]\niops_min = 1\n",
      "t.toml");
  const Check& suites = f.checks.at(0);
  EXPECT_FALSE(suites.confirm);
  EXPECT_EQ(suites.confirm_pause, Nanoseconds(45s));
  // Without confirmation: twenty runs of 10 s, the file and the margin, as before it existed.
  EXPECT_EQ(suites.timeout, std::chrono::seconds(200 + 60 + 2));
  const Check& own = f.checks.at(1);
  EXPECT_TRUE(own.confirm);
  EXPECT_EQ(own.confirm_pause, Nanoseconds(2min));
  EXPECT_EQ(own.timeout, std::chrono::seconds(2 * 200 + 120 + 60 + 2));
  // The default pause: the longer of 30 s and the first sample's longest run.
  EXPECT_EQ(confirmation_pause(Check{}, 10s), Nanoseconds(30s));
  EXPECT_EQ(confirmation_pause(Check{}, 95s), Nanoseconds(95s));
  EXPECT_EQ(confirmation_pause(own, 95s), Nanoseconds(2min));
}

}  // namespace
}  // namespace iogate
