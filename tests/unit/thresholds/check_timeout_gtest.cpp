// derive_timeout(): the rule written in threshold_file.hpp, case by case, in whole seconds.
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;

constexpr std::uint64_t kGiB = 1ULL << 30;

Expectation ceiling(double seconds) {
  return Expectation{"duration_max", Metric::duration, BoundKind::max, 0, AbsoluteBound{seconds}};
}
Expectation floor_mbps(double mbps) {
  return Expectation{"mbps_min", Metric::mbps, BoundKind::min, 0, AbsoluteBound{mbps}};
}

TEST(DeriveTimeout, TimeBasedIsRampPlusDurationPlusMargins) {
  WorkloadSpec w;
  w.file_size = kGiB;  // 1024 MiB at 50 MiB/s: 20.48 s to preallocate
  w.duration = 15s;
  w.ramp = 2s;
  // 2 + 15 + 60 + 20.48 = 97.48, rounded up
  EXPECT_EQ(derive_timeout(w, {floor_mbps(40)}), 98s);
}

TEST(DeriveTimeout, SizeBasedWithACeilingAllowsTwiceIt) {
  WorkloadSpec w;
  w.file_size = 8 * kGiB;  // 163.84 s to preallocate
  w.io_size = 8 * kGiB;
  // 2 x 180 + 60 + 163.84 = 583.84: seed 000's bad driver (852 s) times out rather than
  // running on; a disk that misses 3m by a little still gets its verdict.
  EXPECT_EQ(derive_timeout(w, {floor_mbps(1), ceiling(180)}), 584s);
}

TEST(DeriveTimeout, SizeBasedWithoutACeilingAssumesASlowDisk) {
  WorkloadSpec w;
  w.file_size = kGiB;
  w.io_size = kGiB;  // 1024 MiB at 20 MiB/s: 51.2 s
  w.ramp = 1s;
  // 1 + 51.2 + 60 + 20.48 = 132.68
  EXPECT_EQ(derive_timeout(w, {floor_mbps(5)}), 133s);
}

TEST(DeriveTimeout, ADurationCapShortensASizeBasedRun) {
  WorkloadSpec w;
  w.file_size = kGiB;
  w.io_size = 64 * kGiB;  // would be 3276.8 s at 20 MiB/s
  w.duration = 30s;
  // 30 + 60 + 20.48 = 110.48
  EXPECT_EQ(derive_timeout(w, {floor_mbps(5)}), 111s);
  EXPECT_EQ(derive_timeout(w, {ceiling(10)}), 111s - 10s);  // 2 x 10 < 30
}

TEST(DeriveTimeout, ParsedChecksGetTheDerivedTimeout) {
  const ThresholdFile f = parse_threshold_text(R"([suite]
name = "s"
[[check]]
name = "c"
workload = { block_size = "8k", size = "1GiB", ramp = "1s" }
expect = { mbps_min = 5 }
)",
                                               "t.toml");
  // Up to repeat_max (20) runs of 1 s ramp + 1 GiB at 20 MiB/s (52.2 s, 1044 s in all), twice for
  // a confirmation, the pause between them (one run's length, longer than 30 s), the file and the
  // margin once.
  EXPECT_EQ(f.checks.at(0).timeout, 2221s);
}

}  // namespace
}  // namespace iogate
