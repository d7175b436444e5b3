#include "cpu_usage.hpp"

#include <gtest/gtest.h>

namespace iogate {
namespace {

TEST(CpuUsage, ParsesTheAggregateLineOfProcStat) {
  // user nice system idle iowait irq softirq steal guest guest_nice
  const auto ticks = parse_proc_stat("cpu  100 5 50 800 40 3 2 0 7 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n");
  ASSERT_TRUE(ticks.has_value());
  EXPECT_EQ(ticks->total, 1000u);  // guest is already inside user
  EXPECT_EQ(ticks->busy, 160u);    // total - idle - iowait
}

TEST(CpuUsage, RejectsTextWithoutACompleteCpuLine) {
  EXPECT_FALSE(parse_proc_stat("").has_value());
  EXPECT_FALSE(parse_proc_stat("cpu0 1 2 3 4 5 6 7 8").has_value());
  EXPECT_FALSE(parse_proc_stat("cpu  1 2 3").has_value());
  EXPECT_FALSE(parse_proc_stat("cpu  1 2 x 4 5 6 7 8").has_value());
}

TEST(CpuUsage, PercentagesFromTwoSnapshots) {
  CpuSnapshot from{1.0, SystemCpuTicks{100, 1000}};
  CpuSnapshot to{1.5, SystemCpuTicks{400, 2000}};
  const CpuPercent pct = cpu_percent(from, to, 2.0);
  EXPECT_DOUBLE_EQ(pct.process, 25.0);  // 0.5 s of CPU in 2 s of wall time
  EXPECT_DOUBLE_EQ(pct.system, 30.0);   // 300 busy of 1000 ticks
}

TEST(CpuUsage, MissingOrBackwardsSystemFiguresGiveZero) {
  EXPECT_EQ(cpu_percent({1.0, std::nullopt}, {2.0, std::nullopt}, 1.0).system, 0.0);
  EXPECT_EQ(cpu_percent({0, SystemCpuTicks{500, 1000}}, {0, SystemCpuTicks{400, 1100}}, 1.0).system,
            0.0);
  EXPECT_EQ(cpu_percent({0, std::nullopt}, {1.0, std::nullopt}, 0.0).process, 0.0);
}

TEST(CpuUsage, SnapshotOfThisProcessReadsProcStat) {
  const CpuSnapshot snap = take_cpu_snapshot();
  EXPECT_GE(snap.process_s, 0.0);
  if (!snap.system) GTEST_SKIP() << "/proc/stat is not readable here";
  EXPECT_GT(snap.system->total, 0u);
}

}  // namespace
}  // namespace iogate
