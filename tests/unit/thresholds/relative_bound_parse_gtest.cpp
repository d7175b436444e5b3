// "N% of baseline", cv_max, stall_max and repeat in threshold files, and their errors.
#include <gtest/gtest.h>

#include <variant>

#include "iogate/thresholds/threshold_file.hpp"
#include "threshold_text.hpp"

namespace iogate {
namespace {

using test::error_of;
using test::file_with;

TEST(RelativeBoundParse, AnyKeyTakesAShareOfTheBaseline) {
  const ThresholdFile f = parse_threshold_text(
      file_with("iops_min = \"90% of baseline\"\nlatency_p99_max = \"150% of baseline\"\n"
                "duration_max = \"110%  of baseline\"\nmbps_min = 5"),
      "t.toml");
  const Check& c = f.checks.at(0);
  ASSERT_EQ(c.expectations.size(), 4u);
  EXPECT_DOUBLE_EQ(std::get<RelativeBound>(c.expectations[0].bound).fraction, 0.9);
  EXPECT_DOUBLE_EQ(std::get<RelativeBound>(c.expectations[1].bound).fraction, 1.5);
  EXPECT_DOUBLE_EQ(std::get<RelativeBound>(c.expectations[2].bound).fraction, 1.1);
  EXPECT_DOUBLE_EQ(std::get<AbsoluteBound>(c.expectations[3].bound).value, 5);
  EXPECT_TRUE(c.relative());
  EXPECT_EQ(c.repeat, 1);
  EXPECT_EQ(c.repeat_max, kDefaultRepeatMax);
  EXPECT_FALSE(c.cv_max.has_value());  // no hidden spread veto
}

TEST(RelativeBoundParse, MalformedSharesSayWhatWasExpected) {
  for (const char* bad : {"90 of baseline", "0% of baseline", "2000% of baseline",
                          "90% of the baseline", "ninety% of baseline", "90% baseline"}) {
    const std::string e = error_of(file_with(std::string("iops_min = \"") + bad + "\""));
    EXPECT_NE(e.find("t.toml:10:12: check \"c\": expect.iops_min: expected a share of the "
                     "baseline from 1% to 1000%, like \"90% of baseline\""),
              std::string::npos)
        << bad << ": " << e;
  }
}

TEST(RelativeBoundParse, SpreadKeysAndRepeat) {
  const ThresholdFile f = parse_threshold_text(
      file_with("iops_min = 1\ncv_max = \"15%\"\nstall_max = \"50%\"", "repeat = 7\n"), "t.toml");
  const Check& c = f.checks.at(0);
  EXPECT_EQ(c.repeat, 7);
  EXPECT_DOUBLE_EQ(*c.cv_max, 0.15);
  EXPECT_DOUBLE_EQ(*c.stall_max, 0.5);
  EXPECT_EQ(c.expectations.size(), 1u);
}

TEST(RelativeBoundParse, StallMaxAloneIsACheck) {
  EXPECT_EQ(parse_threshold_text(file_with("stall_max = \"50%\""), "t.toml").checks.size(), 1u);
}

TEST(RelativeBoundParse, BadRepeatAndSpreadValues) {
  EXPECT_NE(error_of(file_with("iops_min = 1", "repeat = 0\n"))
                .find("check \"c\": repeat: expected a number of runs from 1 to 100"),
            std::string::npos);
  EXPECT_NE(error_of(file_with("cv_max = \"0%\"\niops_min = 1"))
                .find("expect.cv_max: expected a "
                      "share above 0%"),
            std::string::npos);
  EXPECT_NE(error_of(file_with("cv_max = \"10%\"")).find("cv_max alone cannot fail a check"),
            std::string::npos);
}

}  // namespace
}  // namespace iogate
