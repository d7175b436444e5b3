// "N% of peers" in threshold files: accepted on the keys iogate fleet judges, beside absolute
// bounds on other keys; malformed shares and other keys are refused with file, line, key and what
// was expected.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <variant>

#include "iogate/thresholds/threshold_file.hpp"
#include "threshold_text.hpp"

namespace iogate {
namespace {

using test::error_of;
using test::file_with;

using ::testing::HasSubstr;

const std::string kData = std::string(IOGATE_TEST_DATA_DIR) + "/thresholds/";

TEST(PeersBoundParse, FloorsAndCeilingsBesideAnAbsoluteBound) {
  const ThresholdFile f = load_threshold_file(kData + "good/peers_bounds.toml");
  const Check& c = f.checks.at(0);
  ASSERT_EQ(c.expectations.size(), 3u);
  EXPECT_EQ(c.expectations[0].key, "iops_min");
  EXPECT_DOUBLE_EQ(std::get<PeersBound>(c.expectations[0].bound).fraction, 0.7);
  EXPECT_EQ(c.expectations[1].key, "latency_avg_max");
  EXPECT_DOUBLE_EQ(std::get<PeersBound>(c.expectations[1].bound).fraction, 1.5);
  EXPECT_DOUBLE_EQ(std::get<AbsoluteBound>(c.expectations[2].bound).value, 1);
  EXPECT_FALSE(c.relative());  // no baseline is needed
}

TEST(PeersBoundParse, EveryFleetKeyTakesOne) {
  const ThresholdFile f = parse_threshold_text(
      file_with("mbps_min = \" 80 %  of peers \"\nlatency_p99_max = \"200% of peers\""), "t.toml");
  const Check& c = f.checks.at(0);
  ASSERT_EQ(c.expectations.size(), 2u);
  EXPECT_DOUBLE_EQ(std::get<PeersBound>(c.expectations[0].bound).fraction, 0.8);
  EXPECT_DOUBLE_EQ(std::get<PeersBound>(c.expectations[1].bound).fraction, 2.0);
}

TEST(PeersBoundParse, MalformedSharesSayWhatWasExpected) {
  for (const char* bad : {"70 of peers", "0% of peers", "2000% of peers", "70% of the peers",
                          "seventy% of peers", "70% peers", "70% of peer"}) {
    const std::string e = error_of(file_with(std::string("iops_min = \"") + bad + "\""));
    EXPECT_THAT(e, HasSubstr("t.toml:10:12: check \"c\": expect.iops_min: expected a share of the "
                             "peers from 1% to 1000%, like \"70% of peers\""))
        << bad;
  }
  const ThresholdError e = [] {
    try {
      load_threshold_file(kData + "bad/peers_bound_malformed.toml");
    } catch (const ThresholdError& err) {
      return err;
    }
    return ThresholdError({}, "", "no error");
  }();
  EXPECT_EQ(e.where().line, 13);
  EXPECT_EQ(e.where().column, 12);
  EXPECT_EQ(e.key(), R"(check "rand_read_8k": expect.iops_min)");
  EXPECT_THAT(e.problem(), HasSubstr(R"(like "70% of peers", got a string ("70% of the peers"))"));
}

TEST(PeersBoundParse, KeysTheFleetDoesNotJudgeAreRefused) {
  for (const char* key :
       {"iops_max", "mbps_max", "duration_max", "latency_max", "latency_p99_9_max"}) {
    const std::string e = error_of(file_with(std::string(key) + " = \"70% of peers\""));
    EXPECT_THAT(e, HasSubstr(std::string("expect.") + key +
                             ": a share of the peers is judged by iogate fleet on iops_min, "
                             "mbps_min, latency_avg_max and latency_p99_max only"))
        << key;
  }
}

TEST(PeersBoundParse, OneKeyCannotHoldAnAbsoluteAndAPeersBound) {
  try {
    load_threshold_file(kData + "bad/peers_bound_same_key_twice.toml");
    ADD_FAILURE() << "no error";
  } catch (const ThresholdError& e) {
    EXPECT_EQ(e.where().line, 14);  // the second iops_min
    EXPECT_THAT(e.problem(), HasSubstr("TOML syntax error"));
    EXPECT_THAT(e.problem(), HasSubstr("iops_min"));
  }
}

TEST(PeersBoundParse, BaselineSharesKeepTheirOwnMessage) {
  EXPECT_THAT(
      error_of(file_with("iops_min = \"90% of the baseline\"")),
      HasSubstr(R"(expected a share of the baseline from 1% to 1000%, like "90% of baseline")"));
}

}  // namespace
}  // namespace iogate
