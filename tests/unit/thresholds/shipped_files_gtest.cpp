// The threshold files shipped in thresholds/ parse, and say what their comments say they do.
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;

constexpr std::uint64_t kMiB_ = 1ULL << 20;
constexpr std::uint64_t kGiB = 1ULL << 30;

ThresholdFile shipped(const char* name) {
  return load_threshold_file(std::string(IOGATE_SOURCE_DIR) + "/thresholds/" + name);
}

// The single expectation `key` of `check`, as an absolute value.
double bound(const Check& check, const std::string& key) {
  int found = 0;
  double value = 0;
  for (const Expectation& e : check.expectations) {
    if (e.key == key) {
      ++found;
      value = std::get<AbsoluteBound>(e.bound).value;
    }
  }
  EXPECT_EQ(found, 1) << check.name << " " << key;
  return value;
}

TEST(ShippedFiles, Quick) {
  const ThresholdFile f = shipped("quick.toml");
  EXPECT_EQ(f.suite, "quick");
  EXPECT_EQ(f.profile, "quick");
  ASSERT_EQ(f.checks.size(), 4u);

  const Check& write = f.checks[0];
  EXPECT_EQ(write.name, "seq_write_8k");
  EXPECT_EQ(write.workload.block_size, 8192u);
  EXPECT_DOUBLE_EQ(write.workload.read_pct, 0);
  EXPECT_DOUBLE_EQ(write.workload.random_pct, 0);
  EXPECT_EQ(write.workload.io_size, 512 * kMiB_);
  EXPECT_EQ(write.workload.file_size, 512 * kMiB_);
  EXPECT_EQ(write.workload.ramp, 0s);
  EXPECT_EQ(write.workload.flush, FlushPolicy::end);
  EXPECT_TRUE(write.workload.direct);
  EXPECT_EQ(write.workload.layout, FileLayout::grown);  // dd's new file, as in dd-8k-8g
  EXPECT_DOUBLE_EQ(bound(write, "mbps_min"), 20);
  EXPECT_DOUBLE_EQ(bound(write, "duration_max"), 120);

  const Check& seq_read = f.checks[1];
  EXPECT_EQ(seq_read.name, "seq_read_128k");
  EXPECT_EQ(seq_read.workload.block_size, 128u * 1024);
  EXPECT_DOUBLE_EQ(seq_read.workload.read_pct, 100);
  EXPECT_EQ(seq_read.workload.io_size, 0u);
  EXPECT_EQ(seq_read.workload.duration, 15s);
  EXPECT_EQ(seq_read.workload.ramp, 2s);
  EXPECT_EQ(seq_read.workload.file_size, kGiB);
  EXPECT_DOUBLE_EQ(bound(seq_read, "mbps_min"), 40);
  for (const Check* reads : {&f.checks[1], &f.checks[2], &f.checks[3]})
    EXPECT_EQ(reads->workload.layout, FileLayout::written) << reads->name;

  const Check& rand_read = f.checks[2];
  EXPECT_EQ(rand_read.name, "rand_read_8k");
  EXPECT_DOUBLE_EQ(rand_read.workload.random_pct, 100);
  EXPECT_EQ(rand_read.workload.queue_depth, 1u);
  EXPECT_DOUBLE_EQ(bound(rand_read, "iops_min"), 100);
  EXPECT_DOUBLE_EQ(bound(rand_read, "latency_p99_max"), 100);  // ms

  const Check& mixed = f.checks[3];
  EXPECT_EQ(mixed.name, "rand_mixed_8k_70_read");
  EXPECT_DOUBLE_EQ(mixed.workload.read_pct, 70);
  EXPECT_DOUBLE_EQ(mixed.workload.random_pct, 100);
  EXPECT_DOUBLE_EQ(bound(mixed, "iops_min"), 100);

  // The suite's I/O budget: about 90 s, the test files' first write excluded.
  double io_seconds = 0;
  for (const Check& c : f.checks) {
    io_seconds += std::chrono::duration<double>(c.workload.ramp + c.workload.duration).count();
  }
  EXPECT_LE(io_seconds, 60);
}

TEST(ShippedFiles, DdEightKEightG) {
  const ThresholdFile f = shipped("dd-8k-8g.toml");
  EXPECT_EQ(f.suite, "dd_8k_8g");
  EXPECT_EQ(f.profile, "full");
  ASSERT_EQ(f.checks.size(), 1u);
  const Check& c = f.checks[0];
  EXPECT_EQ(c.workload.block_size, 8192u);
  EXPECT_DOUBLE_EQ(c.workload.read_pct, 0);
  EXPECT_DOUBLE_EQ(c.workload.random_pct, 0);
  EXPECT_EQ(c.workload.queue_depth, 1u);
  EXPECT_EQ(c.workload.io_size, 8 * kGiB);
  EXPECT_EQ(c.workload.duration, 0s);  // size-based, like dd
  EXPECT_EQ(c.workload.flush, FlushPolicy::end);
  EXPECT_EQ(c.workload.layout, FileLayout::grown);  // dd to a new file
  EXPECT_EQ(space_needed(c), 8 * kGiB);             // the file it grows to, reserved up front
  ASSERT_EQ(c.expectations.size(), 1u);
  EXPECT_DOUBLE_EQ(bound(c, "duration_max"), 180);
  // The seed's good driver (2m06s) passes, the bad one (14m12s) fails.
  EXPECT_LT(126.73, bound(c, "duration_max"));
  EXPECT_GT(852.62, bound(c, "duration_max"));
  // One run may take 2 x duration_max (360 s) before fail-fast; more runs only within the 10m
  // budget (960 s in all); a shortfall is confirmed by a second such sample after a pause as long
  // as one run: 2 x 960 s + 360 s, and the file and the margin once.
  EXPECT_EQ(c.budget, Nanoseconds(10min));
  EXPECT_TRUE(c.confirm);
  EXPECT_EQ(c.timeout, 2504s);
}

TEST(ShippedFiles, VmwareCommunity) {
  const ThresholdFile f = shipped("vmware-community.toml");
  EXPECT_EQ(f.suite, "vmware_community");
  EXPECT_EQ(f.profile, "full");
  ASSERT_EQ(f.checks.size(), 4u);
  struct Want {
    const char* name;
    std::uint64_t block;
    double read;
    double random;
    const char* key;
    double floor;
    double buslogic;  // the seed's BusLogic result on the same drives, which must fail
  };
  const Want want[] = {
      {"Max_Throughput_100_Read", 32768, 100, 0, "mbps_min", 310, 23.23},
      {"RealLife_60_Rand_65_Read", 8192, 65, 60, "iops_min", 285, 148.70},
      {"Max_Throughput_50_Read", 32768, 50, 0, "mbps_min", 6, 3.94},
      {"Random_8k_70_Read", 8192, 70, 100, "iops_min", 300, 139.83},
  };
  for (std::size_t i = 0; i < f.checks.size(); ++i) {
    const Check& c = f.checks[i];
    SCOPED_TRACE(want[i].name);
    EXPECT_EQ(c.name, want[i].name);
    EXPECT_EQ(c.workload.block_size, want[i].block);
    EXPECT_DOUBLE_EQ(c.workload.read_pct, want[i].read);
    EXPECT_DOUBLE_EQ(c.workload.random_pct, want[i].random);
    EXPECT_EQ(c.workload.queue_depth, 64u);
    EXPECT_EQ(c.workload.file_size, 4 * kGiB);
    EXPECT_EQ(c.workload.duration, 2min);
    EXPECT_EQ(c.workload.io_size, 0u);
    EXPECT_EQ(c.workload.flush, FlushPolicy::none);
    EXPECT_EQ(c.workload.layout, FileLayout::written);  // IOMeter's iobw.tst
    EXPECT_DOUBLE_EQ(bound(c, want[i].key), want[i].floor);
    EXPECT_LT(want[i].buslogic, want[i].floor);
    EXPECT_EQ(c.budget, Nanoseconds(5min));  // the suite's 20m shared by four checks
    // One 2-minute run plus the 5-minute budget (420 s), twice to confirm a shortfall, with the
    // pause between (one run's 2 minutes), the file and the margin.
    EXPECT_EQ(c.timeout, 1102s);
  }
}

TEST(ShippedFiles, GoodSamples) {
  const std::string dir = std::string(IOGATE_TEST_DATA_DIR) + "/thresholds/good/";
  const ThresholdFile minimal = load_threshold_file(dir + "minimal.toml");
  ASSERT_EQ(minimal.checks.size(), 1u);
  EXPECT_EQ(minimal.checks[0].workload.file_size, 64 * kMiB_);

  const ThresholdFile caps = load_threshold_file(dir + "defaults_and_caps.toml");
  EXPECT_EQ(caps.profile, "nightly");
  ASSERT_EQ(caps.checks.size(), 2u);
  EXPECT_EQ(caps.checks[0].timeout, 300s);
  EXPECT_EQ(caps.checks[0].workload.io_size, kGiB);
  EXPECT_EQ(caps.checks[0].workload.duration, 30s);
  EXPECT_EQ(caps.checks[0].workload.file_size, 256 * kMiB_);  // from [defaults]
  EXPECT_EQ(caps.checks[0].workload.queue_depth, 8u);
  EXPECT_EQ(caps.checks[1].workload.queue_depth, 1u);
  EXPECT_EQ(caps.checks[1].workload.engine, "psync");
}

}  // namespace
}  // namespace iogate
