// prioritized_ bounds: the latency of the I/Os a workload issues at its cmd_priority
// (prioritized_latency_p99_max), read as the plain latency keys are, and refused where they cannot
// mean anything: on a workload without a share at another class, on a figure other than a
// latency, and beside a direction.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

// Lines: 1 [suite], 2 name, 3 [[check]], 4 name, 5 [check.workload], 6-8 the workload, then
// `share` (the cmd_priority keys, one line each, or nothing), [check.expect] and `expect`.
std::string file_text(const std::string& share, const std::string& expect) {
  return "[suite]\nname = \"s\"\n[[check]]\nname = \"c\"\n[check.workload]\n"
         "block_size = \"8k\"\nsize = \"8MiB\"\nengine = \"io_uring\"\n" +
         share + "[check.expect]\n" + expect;
}
constexpr const char* kShare = "cmd_priority = \"rt:0\"\ncmd_priority_share = \"20%\"\n";

std::string error_of(const std::string& text) {
  try {
    parse_threshold_text(text, "p.toml");
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "";
}

TEST(PrioritizedKeys, EachLatencyBoundHasAPrioritizedOne) {
  const ThresholdFile f = parse_threshold_text(file_text(kShare, R"(latency_p99_max = "50ms"
prioritized_latency_p99_max = "5ms"
prioritized_latency_avg_max = "2ms"
prioritized_latency_max = "1s"
prioritized_latency_p99_9_max = "20ms"
)"),
                                               "p.toml");
  const std::vector<Expectation>& e = f.checks.at(0).expectations;
  ASSERT_EQ(e.size(), 5u);
  EXPECT_FALSE(e[0].prioritized);
  for (std::size_t i = 1; i < e.size(); ++i) {
    EXPECT_TRUE(e[i].prioritized) << e[i].key;
    EXPECT_FALSE(e[i].direction) << e[i].key;
  }
  EXPECT_EQ(e[1].metric, Metric::latency_percentile);
  EXPECT_EQ(e[1].percentile, 99);
  EXPECT_EQ(std::get<AbsoluteBound>(e[1].bound).value, 5);
  EXPECT_EQ(e[2].metric, Metric::latency_avg);
  EXPECT_EQ(e[3].metric, Metric::latency_max);
  EXPECT_EQ(e[4].percentile, 99.9);
}

TEST(PrioritizedKeys, AWorkloadWithoutAShareAtAnotherClassHasNoneToBound) {
  EXPECT_THAT(error_of(file_text("", "prioritized_latency_p99_max = \"5ms\"\n")),
              HasSubstr("p.toml:10:31: check \"c\": expect.prioritized_latency_p99_max: bounds the "
                        "latency of the I/Os issued at cmd_priority, and this workload has none"));
}

TEST(PrioritizedKeys, OnlyLatenciesOfAllTheSharesIOsAreBounded) {
  for (const char* key :
       {"prioritized_iops_min", "prioritized_mbps_min", "prioritized_duration_max",
        "prioritized_read_latency_p99_max", "read_prioritized_latency_p99_max",
        "prioritized_prioritized_latency_p99_max"}) {
    EXPECT_THAT(error_of(file_text(kShare, std::string(key) + " = \"5ms\"\n")),
                HasSubstr("unknown key"))
        << key;
  }
}

}  // namespace
}  // namespace iogate
