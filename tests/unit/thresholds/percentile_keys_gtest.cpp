// A percentile bound is named by its percentile as a run key spells it (latency_p99_9_max): one
// or two whole digits, a fraction after '_', above 0 and below 100. Every other spelling is an
// unknown key, refused at its line with the keys that are valid.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "threshold_text.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

double percentile_of_key(const std::string& key) {
  const ThresholdFile f = parse_threshold_text(test::file_with(key + " = \"10ms\""), "t.toml");
  const Expectation& e = f.checks.at(0).expectations.at(0);
  EXPECT_EQ(e.metric, Metric::latency_percentile) << key;
  return e.percentile;
}

TEST(PercentileKeys, ReadTheirPercentileFromTheName) {
  EXPECT_DOUBLE_EQ(percentile_of_key("latency_p99_max"), 99);
  EXPECT_DOUBLE_EQ(percentile_of_key("latency_p99_9_max"), 99.9);
  EXPECT_DOUBLE_EQ(percentile_of_key("latency_p9_max"), 9);
  EXPECT_DOUBLE_EQ(percentile_of_key("latency_p05_max"), 5);
  EXPECT_DOUBLE_EQ(percentile_of_key("latency_p0_1_max"), 0.1);
  EXPECT_DOUBLE_EQ(percentile_of_key("latency_p99_90_max"), 99.9);
  EXPECT_DOUBLE_EQ(percentile_of_key("latency_p99_99999_max"), 99.99999);
}

TEST(PercentileKeys, OtherSpellingsAreUnknownKeys) {
  for (const std::string key :
       {"latency_p0_max", "latency_p00_max", "latency_p0_0_max", "latency_p100_max",
        "latency_p999_max", "latency_p99__max", "latency_p99_9_9_max", "latency_p_max",
        "latency_p_9_max", "latency_p99_max_max", "latency_p9a_max", "latency_p1e1_max",
        "latency_p-1_max",
        // as many nines as read back as 100
        "latency_p99_99999999999999999999_max"}) {
    SCOPED_TRACE(key);
    const std::string error = test::error_of(test::file_with(key + " = \"10ms\""));
    EXPECT_THAT(error, HasSubstr("t.toml:10:1: check \"c\": expect." + key + ": unknown key"));
    EXPECT_THAT(error, HasSubstr("latency_pNN_max or latency_pNN_N_max for a percentile"));
  }
}

}  // namespace
}  // namespace iogate
