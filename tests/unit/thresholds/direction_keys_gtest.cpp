// read_ and write_ bounds: one direction's figure of a mixed workload (read_iops_min,
// write_latency_p99_max), read as the plain keys are and refused at their value where they cannot
// mean anything.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

// Lines: 1 [suite], 2 name, 3 [[check]], 4 name, 5 [check.workload], 6-8 the workload (read
// `read`), 9 [check.expect], then `expect`, one key per line.
std::string file_text(const std::string& read, const std::string& expect) {
  return "[suite]\nname = \"s\"\n[[check]]\nname = \"c\"\n[check.workload]\n"
         "block_size = \"8k\"\nsize = \"8MiB\"\nread = \"" +
         read + "\"\n[check.expect]\n" + expect;
}

std::optional<ThresholdError> error_of(const std::string& text) {
  try {
    parse_threshold_text(text, "d.toml");
  } catch (const ThresholdError& e) {
    return e;
  }
  return std::nullopt;
}

TEST(DirectionKeys, EachPlainBoundButDurationHasAReadAndAWriteOne) {
  const ThresholdFile f = parse_threshold_text(file_text("70%", R"(iops_min = 100
read_iops_min = 70
write_iops_max = 5000
read_mbps_min = 1.5
write_mbps_max = 200
read_latency_avg_max = "2ms"
write_latency_max = "1s"
read_latency_p99_max = "20ms"
write_latency_p99_9_max = "750us"
)"),
                                               "d.toml");
  const std::vector<Expectation>& e = f.checks.at(0).expectations;
  ASSERT_EQ(e.size(), 9u);
  struct Want {
    const char* key;
    Metric metric;
    BoundKind kind;
    double percentile;
    std::optional<IoDirection> direction;
    double value;
  };
  const Want want[] = {
      {"iops_min", Metric::iops, BoundKind::min, 0, std::nullopt, 100},
      {"read_iops_min", Metric::iops, BoundKind::min, 0, IoDirection::read, 70},
      {"write_iops_max", Metric::iops, BoundKind::max, 0, IoDirection::write, 5000},
      {"read_mbps_min", Metric::mbps, BoundKind::min, 0, IoDirection::read, 1.5},
      {"write_mbps_max", Metric::mbps, BoundKind::max, 0, IoDirection::write, 200},
      {"read_latency_avg_max", Metric::latency_avg, BoundKind::max, 0, IoDirection::read, 2},
      {"write_latency_max", Metric::latency_max, BoundKind::max, 0, IoDirection::write, 1000},
      {"read_latency_p99_max", Metric::latency_percentile, BoundKind::max, 99, IoDirection::read,
       20},
      {"write_latency_p99_9_max", Metric::latency_percentile, BoundKind::max, 99.9,
       IoDirection::write, 0.75},
  };
  for (std::size_t i = 0; i < e.size(); ++i) {
    SCOPED_TRACE(want[i].key);
    EXPECT_EQ(e[i].key, want[i].key);
    EXPECT_EQ(e[i].metric, want[i].metric);
    EXPECT_EQ(e[i].kind, want[i].kind);
    EXPECT_DOUBLE_EQ(e[i].percentile, want[i].percentile);
    EXPECT_EQ(e[i].direction, want[i].direction);
    EXPECT_DOUBLE_EQ(std::get<AbsoluteBound>(e[i].bound).value, want[i].value);
  }
}

TEST(DirectionKeys, RelativeToTheBaselineToo) {
  const ThresholdFile f = parse_threshold_text(
      file_text("70%", "write_latency_p99_max = \"150% of baseline\"\n"), "d.toml");
  const Expectation& e = f.checks.at(0).expectations.at(0);
  EXPECT_EQ(e.direction, IoDirection::write);
  EXPECT_DOUBLE_EQ(std::get<RelativeBound>(e.bound).fraction, 1.5);
}

TEST(DirectionKeys, UnknownDirectionKeysAreRefusedAtTheirLine) {
  for (const std::string key : {"read_duration_max", "write_cv_max", "read_latency_p100_max",
                                "reads_iops_min", "read_write_iops_min", "write_latency_avg"}) {
    const auto e = error_of(file_text("70%", key + " = \"1s\"\n"));
    ASSERT_TRUE(e) << key;
    EXPECT_EQ(e->where().line, 10) << key;
    EXPECT_THAT(e->what(), HasSubstr("d.toml:10:")) << key;
    EXPECT_THAT(e->problem(), HasSubstr("read_ or write_ in front")) << key;
  }
}

TEST(DirectionKeys, ValuesAreCheckedAsThePlainKeysAre) {
  const auto bare = error_of(file_text("70%", "read_latency_avg_max = 5\n"));
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->key(), R"(check "c": expect.read_latency_avg_max)");
  EXPECT_THAT(bare->problem(), HasSubstr("expected a latency with its unit"));
  EXPECT_EQ(bare->where().line, 10);

  const auto zero = error_of(file_text("70%", "write_iops_min = 0\n"));
  ASSERT_TRUE(zero);
  EXPECT_THAT(zero->problem(), HasSubstr("expected a value greater than 0"));

  // iogate fleet compares the run's figures only: no direction takes a share of the peers.
  const auto peers = error_of(file_text("70%", "read_iops_min = \"70% of peers\"\n"));
  ASSERT_TRUE(peers);
  EXPECT_THAT(peers->problem(), HasSubstr("iops_min, mbps_min, latency_avg_max and "
                                          "latency_p99_max only"));
}

TEST(DirectionKeys, ADirectionTheWorkloadNeverIssuesIsRefused) {
  const auto writes = error_of(file_text("100%", "iops_min = 10\nwrite_iops_min = 10\n"));
  ASSERT_TRUE(writes);
  EXPECT_EQ(writes->where().line, 11);
  EXPECT_EQ(writes->key(), R"(check "c": expect.write_iops_min)");
  EXPECT_EQ(writes->problem(),
            "expected a workload that writes (read below 100%), got one that only reads "
            "(read 100%)");

  const auto reads = error_of(file_text("0%", "read_latency_p99_max = \"5ms\"\n"));
  ASSERT_TRUE(reads);
  EXPECT_EQ(reads->problem(),
            "expected a workload that reads (read above 0%), got one that only writes (read 0%)");

  // The direction it does issue may be bounded: the run's figure, named for the direction.
  EXPECT_FALSE(error_of(file_text("100%", "read_iops_min = 10\n")));
  EXPECT_FALSE(error_of(file_text("0%", "write_latency_avg_max = \"5ms\"\n")));
}

TEST(DirectionKeys, ADirectionsFloorAboveItsCeilingIsRefused) {
  const auto e = error_of(file_text("70%", "read_iops_min = 100\nread_iops_max = 50\n"));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->key(), R"(check "c": expect.read_iops_max)");
  EXPECT_THAT(e->problem(), HasSubstr("expected at least read_iops_min = 100"));
  // Different directions, or a direction and the run, bound different figures.
  EXPECT_FALSE(error_of(file_text("70%", "read_iops_min = 100\nwrite_iops_max = 50\n")));
  EXPECT_FALSE(error_of(file_text("70%", "read_iops_min = 100\niops_max = 500\n")));
}

}  // namespace
}  // namespace iogate
