// Well-formed threshold files: how each key maps onto the typed checks, and the defaults.
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;

ThresholdFile parse(std::string_view text) { return parse_threshold_text(text, "t.toml"); }

const AbsoluteBound& absolute(const Expectation& e) { return std::get<AbsoluteBound>(e.bound); }

constexpr std::string_view kSuite = "[suite]\nname = \"s\"\n";

TEST(ThresholdParse, EveryWorkloadKey) {
  const ThresholdFile f = parse(R"(
[suite]
name = "quick"
profile = "quick"
description = "d"

[[check]]
name = "all_keys"
description = "every key"
[check.workload]
block_size = "8k"
read = "70%"
random = 60
queue_depth = 32
file_size = "1GiB"
size = "256MiB"
duration = "20s"
ramp = "2s"
direct = false
flush = "none"
engine = "psync"
[check.expect]
iops_min = 300
)");
  EXPECT_EQ(f.suite, "quick");
  EXPECT_EQ(f.profile, "quick");
  EXPECT_EQ(f.description, "d");
  EXPECT_EQ(f.path, "t.toml");
  ASSERT_EQ(f.checks.size(), 1u);
  const Check& c = f.checks[0];
  EXPECT_EQ(c.name, "all_keys");
  EXPECT_EQ(c.description, "every key");
  EXPECT_EQ(c.where.file, "t.toml");
  EXPECT_EQ(c.where.line, 7);
  EXPECT_EQ(c.where.column, 1);
  const WorkloadSpec& w = c.workload;
  EXPECT_EQ(w.block_size, 8192u);
  EXPECT_DOUBLE_EQ(w.read_pct, 70.0);
  EXPECT_DOUBLE_EQ(w.random_pct, 60.0);
  EXPECT_EQ(w.queue_depth, 32u);
  EXPECT_EQ(w.file_size, 1ULL << 30);
  EXPECT_EQ(w.io_size, 256ULL << 20);
  EXPECT_EQ(w.duration, 20s);
  EXPECT_EQ(w.ramp, 2s);
  EXPECT_FALSE(w.direct);
  EXPECT_EQ(w.flush, FlushPolicy::none);
  EXPECT_EQ(w.engine, "psync");
  EXPECT_EQ(space_needed(c), 1ULL << 30);
}

TEST(ThresholdParse, FormatDefaults) {
  const ThresholdFile f = parse(std::string(kSuite) + R"(
[[check]]
name = "c"
[check.workload]
block_size = "4k"
size = "64MiB"
[check.expect]
mbps_min = 5
)");
  const WorkloadSpec& w = f.checks.at(0).workload;
  EXPECT_EQ(f.profile, "full");
  EXPECT_EQ(f.checks[0].description, "");
  EXPECT_DOUBLE_EQ(w.read_pct, 0.0);
  EXPECT_DOUBLE_EQ(w.random_pct, 0.0);
  EXPECT_EQ(w.queue_depth, 1u);
  EXPECT_EQ(w.file_size, 64ULL << 20);  // size-based: the file holds what is transferred
  EXPECT_EQ(w.duration, 0s);
  EXPECT_EQ(w.ramp, 0s);
  EXPECT_TRUE(w.direct);
  EXPECT_EQ(w.flush, FlushPolicy::end);
  EXPECT_EQ(w.engine, "auto");
}

TEST(ThresholdParse, DefaultsTableAppliesUnlessTheCheckSetsItsOwn) {
  const ThresholdFile f = parse(std::string(kSuite) + R"(
[defaults]
file_size = "2GiB"
queue_depth = 64
duration = "2m"
direct = true

[[check]]
name = "inherits"
[check.workload]
block_size = "32k"
[check.expect]
mbps_min = 300

[[check]]
name = "overrides"
[check.workload]
block_size = "8k"
queue_depth = 1
file_size = "512MiB"
[check.expect]
iops_min = 100
)");
  ASSERT_EQ(f.checks.size(), 2u);
  EXPECT_EQ(f.checks[0].name, "inherits");
  EXPECT_EQ(f.checks[0].workload.queue_depth, 64u);
  EXPECT_EQ(f.checks[0].workload.file_size, 2ULL << 30);
  EXPECT_EQ(f.checks[0].workload.duration, 2min);
  EXPECT_EQ(f.checks[1].name, "overrides");
  EXPECT_EQ(f.checks[1].workload.queue_depth, 1u);
  EXPECT_EQ(f.checks[1].workload.file_size, 512ULL << 20);
  EXPECT_EQ(f.checks[1].workload.duration, 2min);
}

TEST(ThresholdParse, NumbersForSizesDurationsAndPercents) {
  const ThresholdFile f = parse(std::string(kSuite) + R"(
[[check]]
name = "c"
workload = { block_size = 4096, file_size = 1048576, duration = 1.5, ramp = 2, read = 0.5 }
expect = { iops_min = 1.5, duration_max = 90 }
)");
  const WorkloadSpec& w = f.checks.at(0).workload;
  EXPECT_EQ(w.block_size, 4096u);
  EXPECT_EQ(w.file_size, 1u << 20);
  EXPECT_EQ(w.duration, 1500ms);
  EXPECT_EQ(w.ramp, 2s);
  EXPECT_DOUBLE_EQ(w.read_pct, 0.5);
  EXPECT_DOUBLE_EQ(absolute(f.checks[0].expectations.at(0)).value, 1.5);
  EXPECT_DOUBLE_EQ(absolute(f.checks[0].expectations.at(1)).value, 90);  // seconds
}

TEST(ThresholdParse, ExpectationsInFileOrderAndInTheirUnits) {
  const ThresholdFile f = parse(std::string(kSuite) + R"(
[[check]]
name = "c"
[check.workload]
block_size = "8k"
size = "1GiB"
[check.expect]
mbps_min = 40.5
iops_min = 300
iops_max = 100000
mbps_max = 2000
duration_max = "3m"
latency_avg_max = "200ms"
latency_max = "5s"
latency_p50_max = "2ms"
latency_p90_max = "10ms"
latency_p99_max = "500ms"
latency_p99_9_max = "750us"
latency_p99_99_max = "1.5s"
)");
  const auto& e = f.checks.at(0).expectations;
  ASSERT_EQ(e.size(), 12u);
  struct Want {
    const char* key;
    Metric metric;
    BoundKind kind;
    double percentile;
    double value;
  };
  const Want want[] = {
      {"mbps_min", Metric::mbps, BoundKind::min, 0, 40.5},
      {"iops_min", Metric::iops, BoundKind::min, 0, 300},
      {"iops_max", Metric::iops, BoundKind::max, 0, 100000},
      {"mbps_max", Metric::mbps, BoundKind::max, 0, 2000},
      {"duration_max", Metric::duration, BoundKind::max, 0, 180},        // seconds
      {"latency_avg_max", Metric::latency_avg, BoundKind::max, 0, 200},  // milliseconds
      {"latency_max", Metric::latency_max, BoundKind::max, 0, 5000},
      {"latency_p50_max", Metric::latency_percentile, BoundKind::max, 50, 2},
      {"latency_p90_max", Metric::latency_percentile, BoundKind::max, 90, 10},
      {"latency_p99_max", Metric::latency_percentile, BoundKind::max, 99, 500},
      {"latency_p99_9_max", Metric::latency_percentile, BoundKind::max, 99.9, 0.75},
      {"latency_p99_99_max", Metric::latency_percentile, BoundKind::max, 99.99, 1500},
  };
  for (std::size_t i = 0; i < e.size(); ++i) {
    SCOPED_TRACE(want[i].key);
    EXPECT_EQ(e[i].key, want[i].key);
    EXPECT_EQ(e[i].metric, want[i].metric);
    EXPECT_EQ(e[i].kind, want[i].kind);
    EXPECT_DOUBLE_EQ(e[i].percentile, want[i].percentile);
    EXPECT_DOUBLE_EQ(absolute(e[i]).value, want[i].value);
  }
}

TEST(ThresholdParse, ExplicitTimeoutRoundsUpToWholeSeconds) {
  const ThresholdFile f = parse(std::string(kSuite) + R"(
[[check]]
name = "a"
timeout = "10m"
workload = { block_size = "8k", size = "8MiB" }
expect = { mbps_min = 1 }
[[check]]
name = "b"
timeout = "1.5s"
workload = { block_size = "8k", size = "8MiB" }
expect = { mbps_min = 1 }
)");
  EXPECT_EQ(f.checks.at(0).timeout, 600s);
  EXPECT_EQ(f.checks.at(1).timeout, 2s);
}

TEST(ThresholdParse, ChecksKeepFileOrder) {
  const ThresholdFile f = parse(std::string(kSuite) + R"(
[[check]]
name = "zeta"
workload = { block_size = "8k", size = "8MiB" }
expect = { mbps_min = 1 }
[[check]]
name = "alpha"
workload = { block_size = "8k", size = "8MiB" }
expect = { mbps_min = 1 }
)");
  ASSERT_EQ(f.checks.size(), 2u);
  EXPECT_EQ(f.checks[0].name, "zeta");
  EXPECT_EQ(f.checks[1].name, "alpha");
  EXPECT_EQ(f.checks[1].where.line, 8);
}

}  // namespace
}  // namespace iogate

namespace iogate {
namespace {

TEST(ThresholdParse, SuiteRepeatIsTheDefaultACheckMayOverride) {
  const ThresholdFile f = parse_threshold_text(R"(
[suite]
name = "s"
repeat = 5
[[check]]
name = "inherits"
[check.workload]
block_size = "4k"
duration = "1s"
file_size = "1MiB"
[check.expect]
iops_min = 1
[[check]]
name = "own"
repeat = 2
[check.workload]
block_size = "4k"
duration = "1s"
file_size = "1MiB"
[check.expect]
iops_min = 1
)",
                                               "t.toml");
  ASSERT_EQ(f.checks.size(), 2u);
  EXPECT_EQ(f.checks[0].repeat, 5);
  EXPECT_EQ(f.checks[1].repeat, 2);
}

TEST(ThresholdParse, SuiteRepeatOutOfRangeNamesTheKey) {
  try {
    parse_threshold_text("[suite]\nname = \"s\"\nrepeat = 0\n", "t.toml");
    FAIL() << "repeat = 0 accepted";
  } catch (const ThresholdError& e) {
    EXPECT_EQ(e.where().line, 3);
    EXPECT_EQ(e.key(), "suite.repeat");
    EXPECT_NE(e.problem().find("from 1 to 100"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace iogate

namespace iogate {
namespace {

constexpr const char* kOneCheck = R"(
[[check]]
name = "c"
[check.workload]
block_size = "4k"
duration = "1s"
file_size = "1MiB"
[check.expect]
iops_min = 1
)";

TEST(ThresholdParse, SuiteRequireMountIsOffUnlessSet) {
  EXPECT_FALSE(parse_threshold_text(std::string("[suite]\nname = \"s\"\n") + kOneCheck, "t.toml")
                   .require_mount);
  EXPECT_TRUE(
      parse_threshold_text(std::string("[suite]\nname = \"s\"\nrequire_mount = true\n") + kOneCheck,
                           "t.toml")
          .require_mount);
}

TEST(ThresholdParse, SuiteNamesTheFilesystemAndDeviceItRequires) {
  const ThresholdFile f =
      parse_threshold_text(std::string("[suite]\nname = \"s\"\nrequire_filesystem = \"xfs\"\n"
                                       "require_device = \"/dev/disk/by-id/wwn-0x5000\"\n") +
                               kOneCheck,
                           "t.toml");
  EXPECT_EQ(f.require_filesystem, "xfs");
  EXPECT_EQ(f.require_device, "/dev/disk/by-id/wwn-0x5000");
  for (const char* bad : {"require_device = \"sdb\"\n", "require_filesystem = \"/dev/sdb\"\n",
                          "require_filesystem = \"\"\n"}) {
    try {
      parse_threshold_text(std::string("[suite]\nname = \"s\"\n") + bad + kOneCheck, "t.toml");
      FAIL() << bad << " was accepted";
    } catch (const ThresholdError& e) {
      EXPECT_EQ(e.where().line, 3) << e.what();
      EXPECT_EQ(e.key().rfind("suite.require_", 0), 0u) << e.what();
    }
  }
}

TEST(ThresholdParse, SuiteRequireMountMustBeABooleanAndSaysWhere) {
  try {
    parse_threshold_text("[suite]\nname = \"s\"\nrequire_mount = \"yes\"\n", "t.toml");
    FAIL() << "require_mount = \"yes\" accepted";
  } catch (const ThresholdError& e) {
    EXPECT_EQ(e.where().file, "t.toml");
    EXPECT_EQ(e.where().line, 3);
    EXPECT_EQ(e.key(), "suite.require_mount");
    EXPECT_NE(e.problem().find("expected true or false"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace iogate
