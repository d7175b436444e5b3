// Measurements, not assertions: how often the noise-aware verdict catches a fake backend slowed
// by 25% and by 7x, and how often it cries wolf on an unchanged one, on this machine's real
// timing. Disabled by default (about two minutes); run with
//   iogate_verdicts_tests --gtest_also_run_disabled_tests --gtest_filter='*Measure*'
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "iogate/baseline/baseline.hpp"
#include "iogate/runner/run_settings.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/run_json.hpp"
#include "runner/check_session.hpp"
#include "runner/outcome_records.hpp"

namespace iogate {
namespace {

// Per slowdown factor; $IOGATE_MEASURE_TRIALS overrides.
int trials() {
  const char* env = std::getenv("IOGATE_MEASURE_TRIALS");
  return env && *env ? std::atoi(env) : 20;
}

Check timed_check() {
  Check c;
  c.name = "rand_read_4k";
  c.repeat = 5;
  c.workload.block_size = 4096;
  c.workload.read_pct = 100;
  c.workload.random_pct = 100;
  c.workload.file_size = 1 << 20;
  c.workload.duration = std::chrono::milliseconds(500);
  c.workload.direct = false;
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, RelativeBound{0.9}}};
  return c;
}

// Each I/O busy-waits `us` microseconds: CPU-bound, so it shares this machine's noise.
JudgeOptions slowed(double us) {
  JudgeOptions o;
  o.make_backend = [us]() -> std::unique_ptr<IoBackend> {
    static test::FakeStats stats;
    auto b = std::make_unique<test::FakeBackend>(stats);
    b->script = [us](const IoRequest& r, std::uint64_t) {
      const auto until =
          std::chrono::steady_clock::now() + std::chrono::nanoseconds(static_cast<long>(us * 1000));
      while (std::chrono::steady_clock::now() < until) {
      }
      return static_cast<std::int64_t>(r.length);
    };
    return b;
  };
  return o;
}

TEST(DISABLED_SlowedBackendMeasure, DetectionAndFalseAlarms) {
  const Check check = timed_check();
  test::TempDir dir;
  const auto file = dir.make_file("t.dat", check.workload.file_size);
  Baseline baseline;
  std::vector<RunResult> healthy;
  for (int i = 0; i < 5; ++i) {
    RunOptions run;
    run.backend = slowed(20).make_backend();
    healthy.push_back(run_workload(check.workload, file, std::move(run)));
  }
  baseline.checks.push_back(
      {check.name, compared_workload(check.workload), true, baseline_samples(check, healthy)});
  for (const double factor : {1.0, 1.25, 1 / 0.75, 7.0}) {
    int failed = 0, unstable = 0;
    for (int t = 0; t < trials(); ++t) {
      JudgeOptions o = slowed(20 * factor);
      o.baseline = &baseline;
      const CheckRecord r = make_check_record("m", check, run_until_decided(check, file, {}, o));
      failed += r.status == CheckStatus::fail;
      if (t == 0)
        std::printf("  x%.2f first trial: %s, median %.0f IOPS%s%s\n", factor,
                    status_name(r.status), r.result.iops(), r.messages.empty() ? "" : ": ",
                    r.messages.empty() ? "" : r.messages[0].c_str());
      unstable += r.status == CheckStatus::unstable;
    }
    std::printf("per-I/O time x%.2f: %d/%d failed, %d/%d unstable\n", factor, failed, trials(),
                unstable, trials());
  }
}

// Seed 000 at a tenth of its scale: healthy 12 s against duration_max 18 s, the bad driver 7x
// slower (84 s). How long until the verdict, as a share of duration_max.
TEST(DISABLED_SlowedBackendMeasure, SevenfoldTimeToVerdict) {
  Check check;
  check.name = "seq_write_8k_8m";
  check.workload.block_size = 8192;
  check.workload.file_size = 8 << 20;
  check.workload.io_size = 8 << 20;
  check.workload.direct = false;
  check.workload.flush = FlushPolicy::none;
  check.expectations = {{"duration_max", Metric::duration, BoundKind::max, 0, AbsoluteBound{18}}};
  test::TempDir dir;
  const auto file = dir.make_file("t.dat", check.workload.file_size);
  for (int t = 0; t < 5; ++t) {
    JudgeOptions o;
    o.make_backend = []() -> std::unique_ptr<IoBackend> {
      static test::FakeStats stats;
      auto b = std::make_unique<test::FakeBackend>(stats);
      b->script = [](const IoRequest& r, std::uint64_t) {
        std::this_thread::sleep_for(std::chrono::microseconds(7 * 11'700));
        return static_cast<std::int64_t>(r.length);
      };
      return b;
    };
    const auto started = std::chrono::steady_clock::now();
    const CheckOutcome out = run_until_decided(check, file, {}, o);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const CheckRecord r = make_check_record("m", check, out);
    std::printf("7x trial %d: %s after %.2f s wall = %.0f%% of duration_max 18 s: %s\n", t + 1,
                status_name(r.status), wall, wall / 18 * 100,
                r.messages.empty() ? "" : r.messages[0].c_str());
  }
}

}  // namespace
}  // namespace iogate
