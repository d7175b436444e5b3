// Fail fast with a slowed fake backend: a run that cannot meet duration_max is stopped with a
// verdict and a projection instead of running to its end; a healthy one is left alone. No timing
// is asserted (the machine is shared): only that the run was stopped, and what it said.
#include "verdicts/fail_fast.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "iogate/engine/engine.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

// 1024 writes of 4 KiB, each taking `per_io`: ~5 s when healthy (5 ms), ~35 s at 7x.
Check slow_check(double duration_max_s) {
  Check c;
  c.name = "seq_write_4k_4m";
  c.workload.block_size = 4096;
  c.workload.file_size = 4 << 20;
  c.workload.io_size = 4 << 20;
  c.workload.direct = false;
  c.workload.flush = FlushPolicy::none;
  c.expectations = {
      {"duration_max", Metric::duration, BoundKind::max, 0, AbsoluteBound{duration_max_s}}};
  return c;
}

RunResult run_slowed(const Check& check, std::chrono::microseconds per_io, FailFast& ff) {
  test::TempDir dir;
  const auto file = dir.make_file("t.dat", check.workload.file_size);
  test::FakeStats stats;
  auto backend = std::make_unique<test::FakeBackend>(stats);
  backend->script = [per_io](const IoRequest& r, std::uint64_t) {
    std::this_thread::sleep_for(per_io);
    return static_cast<std::int64_t>(r.length);
  };
  RunOptions options;
  options.backend = std::move(backend);
  options.on_interval = ff.hook();
  return run_workload(check.workload, file, std::move(options));
}

TEST(FailFast, SevenfoldSlowdownStopsWithAProjection) {
  const Check check = slow_check(10);
  FailFast ff(check, nullptr);
  ASSERT_TRUE(ff.watching());
  const RunResult r = run_slowed(check, std::chrono::microseconds(35'000), ff);
  ASSERT_TRUE(ff.stopped().has_value());
  EXPECT_FALSE(r.completed);
  EXPECT_LT(r.bytes(), check.workload.io_size);
  const std::string line = failure_line(check, r, *ff.stopped(), 1, "the run");
  EXPECT_NE(line.find("seq_write_4k_4m: duration > duration_max 10.00s (stopped at "),
            std::string::npos)
      << line;
  EXPECT_NE(line.find(" of 4 MiB; projected "), std::string::npos) << line;
  EXPECT_GT(ff.stopped()->measured, 10);  // the projected total is past the bound
  std::printf("7x: verdict after %.2f s of a 10 s duration_max (%.0f%%): %s\n", r.elapsed_s,
              r.elapsed_s / 10 * 100, line.c_str());
}

TEST(FailFast, HealthyRunIsNotStopped) {
  const Check check = slow_check(10);
  FailFast ff(check, nullptr);
  const RunResult r = run_slowed(check, std::chrono::microseconds(2'000), ff);
  EXPECT_FALSE(ff.stopped().has_value());
  EXPECT_TRUE(r.completed);
  EXPECT_EQ(r.bytes(), check.workload.io_size);
}

TEST(FailFast, ElapsedPastTheCeilingStops) {
  Check check = slow_check(1);
  FailFast ff(check, nullptr);
  RunResult so_far;
  so_far.elapsed_s = 1.0;
  so_far.intervals.push_back({0, 1.0, 1 << 20, 256});
  EXPECT_TRUE(ff.on_interval(so_far));  // at the bound, not past it
  so_far.elapsed_s = 2.0;
  so_far.intervals.push_back({1, 1.0, 1 << 20, 256});
  EXPECT_FALSE(ff.on_interval(so_far));
  ASSERT_TRUE(ff.stopped().has_value());
}

TEST(FailFast, ThroughputFloorThatCannotBeReachedStops) {
  Check check = slow_check(100);
  check.workload.io_size = 0;
  check.workload.duration = std::chrono::seconds(10);
  check.expectations = {{"mbps_min", Metric::mbps, BoundKind::min, 0, AbsoluteBound{50}}};
  FailFast ff(check, nullptr);
  RunResult so_far;
  for (int i = 1; i <= 3; ++i) {
    // 1 MiB/s: even at that best rate for the 7 s left, 10 MiB in 10 s is 1 MB/s < 50.
    so_far.intervals.push_back({double(i - 1), 1.0, 1 << 20, 256});
    so_far.elapsed_s = i;
    so_far.bytes_written = std::uint64_t(i) << 20;
  }
  EXPECT_FALSE(ff.on_interval(so_far));
  EXPECT_NE(ff.stopped()->note.find("cannot reach 50.00 MB/s even at the best second's rate"),
            std::string::npos)
      << ff.stopped()->note;
}

TEST(FailFast, RelativeBoundWithoutBaselineIsNotWatched) {
  Check check = slow_check(1);
  check.expectations[0].bound = RelativeBound{1.1};
  EXPECT_FALSE(FailFast(check, nullptr).watching());
  const MetricSamples baseline{{"duration_s", {1.0, 2.0, 1.5}}};
  EXPECT_TRUE(FailFast(check, &baseline).watching());
}

}  // namespace
}  // namespace iogate
