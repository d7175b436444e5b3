// Baseline files: round trip, reader errors that name file, key and expectation, and what a check
// does when its baseline is missing, stale or shows a changed storage stack.
#include "iogate/baseline/baseline.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <system_error>

#include "iogate/runner/run_settings.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/synthetic_runs.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/run_json.hpp"
#include "runner/check_session.hpp"
#include "runner/outcome_records.hpp"

namespace iogate {
namespace {

Check small_check() {
  Check c;
  c.name = "rand_read_4k";
  c.workload.block_size = 4096;
  c.workload.read_pct = 100;
  c.workload.file_size = 1 << 20;
  c.workload.io_size = 256 << 10;
  c.workload.direct = false;
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, RelativeBound{0.9}}};
  return c;
}

Baseline sample_baseline(const Check& check, double iops) {
  Baseline b;
  b.iogate_version = "0.1.0";
  b.host = "h";
  b.recorded_at = "2026-11-30T00:00:00Z";
  b.datastore = "/ds";
  b.repeat = 3;
  b.fingerprint.driver = "sd";
  b.fingerprint.host_driver = "hpvsa";
  b.fingerprint.host_driver_version = "5.5.0-88";
  std::vector<RunResult> runs{test::run_at_iops(iops), test::run_at_iops(iops * 1.01),
                              test::run_at_iops(iops * 0.99)};
  b.checks.push_back(
      {check.name, compared_workload(check.workload), true, baseline_samples(check, runs)});
  return b;
}

std::string load_error(const nlohmann::json& doc) {
  try {
    baseline_from_json(doc, "b.json");
  } catch (const BaselineError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Baseline, RoundTripKeepsSamplesWorkloadAndFingerprint) {
  const Check check = small_check();
  const Baseline b = sample_baseline(check, 1000);
  test::TempDir dir;
  save_baseline(dir.path() / "b.json", b);
  const Baseline back = load_baseline(dir.path() / "b.json");
  ASSERT_NE(back.find("rand_read_4k"), nullptr);
  EXPECT_EQ(back.find("rand_read_4k")->samples.at("iops"), b.checks[0].samples.at("iops"));
  EXPECT_TRUE(back.find("rand_read_4k")->samples.count("latency_p99.9_ms"));
  EXPECT_EQ(back.fingerprint.host_driver_version, "5.5.0-88");
  EXPECT_EQ(workload_difference(*back.find("rand_read_4k"), check.workload), "");
  EXPECT_EQ(back.repeat, 3);
}

TEST(Baseline, ReaderErrorsNameFileKeyAndExpectation) {
  nlohmann::json doc = baseline_to_json(sample_baseline(small_check(), 1000));
  EXPECT_EQ(load_error(42), "b.json: expected a JSON object, got number");
  nlohmann::json bad = doc;
  bad["version"] = 9;
  EXPECT_NE(load_error(bad).find("b.json: version: expected 1, got a number (value not shown)"),
            std::string::npos);
  bad = doc;
  bad.erase("checks");
  EXPECT_EQ(load_error(bad), "b.json: checks: missing; expected an object");
  bad = doc;
  bad["checks"]["rand_read_4k"]["metrics"]["iops"]["samples"] = "fast";
  EXPECT_EQ(load_error(bad),
            "b.json: checks.rand_read_4k.metrics.iops.samples: expected an array of numbers, got "
            "string");
  bad = doc;
  bad["format"] = "sk-LIVE-SECRET";
  EXPECT_NE(load_error(bad).find("format: expected \"iogate-baseline\""), std::string::npos);
  EXPECT_EQ(load_error(bad).find("sk-LIVE"), std::string::npos) << "the value is shown";
}

TEST(Baseline, WorkloadDifferenceSaysWhatChanged) {
  const Check check = small_check();
  const Baseline b = sample_baseline(check, 1000);
  WorkloadSpec now = check.workload;
  now.block_size = 8192;
  EXPECT_EQ(workload_difference(b.checks[0], now), "block_size 4096 (baseline) vs 8192 (now)");
}

// A baseline as iogate wrote it before results and baselines shared one workload codec: its
// workload has only the first 11 keys. It must still load and still match the same workload.
TEST(Baseline, AnElevenKeyBaselineStillLoadsAndMatchesItsWorkload) {
  const Baseline b = load_baseline(IOGATE_TEST_DATA_DIR "/baselines/v1-eleven-key-workload.json");
  ASSERT_EQ(b.checks.size(), 1u);
  EXPECT_EQ(b.checks[0].samples.at("iops").size(), 3u);
  WorkloadSpec now = small_check().workload;
  EXPECT_EQ(workload_difference(b.checks[0], now), "");
  now.workers = 4;  // a key the old file lacks reads as its default, 1
  EXPECT_EQ(workload_difference(b.checks[0], now), "workers 1 (baseline) vs 4 (now)");
}

// A file laid out another way is another workload: its figures do not compare.
TEST(Baseline, ALayoutChangeIsAWorkloadDifference) {
  Check check = small_check();
  check.workload.read_pct = 0;
  check.workload.layout = FileLayout::grown;
  const Baseline b = sample_baseline(check, 1000);
  WorkloadSpec now = check.workload;
  EXPECT_EQ(workload_difference(b.checks[0], now), "");
  now.layout = FileLayout::written;
  EXPECT_EQ(workload_difference(b.checks[0], now),
            R"(layout "grown" (baseline) vs "written" (now))");
}

// A block-size mix is part of the workload both ways: recorded with a mix and run without one
// (the codec writes block_mix only when there is one), or the other way, or with other shares.
TEST(Baseline, ABlockMixChangeIsAWorkloadDifference) {
  Check check = small_check();
  check.workload.block_mix = {{4096, 60}, {65536, 40}};
  const Baseline b = sample_baseline(check, 1000);
  WorkloadSpec now = check.workload;
  EXPECT_EQ(workload_difference(b.checks[0], now), "");
  now.block_mix[0].pct = 50;
  now.block_mix[1].pct = 50;
  EXPECT_NE(workload_difference(b.checks[0], now).find("block_mix"), std::string::npos);
  now.block_mix.clear();  // block_size stays 4096: only the mix tells them apart
  EXPECT_EQ(workload_difference(b.checks[0], now),
            R"(block_mix [{"block_size":4096,"pct":60.0},{"block_size":65536,"pct":40.0}] )"
            "(baseline) vs null (now)");
  const Baseline single = sample_baseline(small_check(), 1000);
  EXPECT_NE(workload_difference(single.checks[0], check.workload).find("block_mix null (baseline)"),
            std::string::npos);
}

// A baseline written before the layout was chosen: its workload ran on a written file when it read
// (the eleven-key file's does: still the same workload) and on a preallocated one when it only
// wrote, which is no longer the default: recording it again is asked for, as for any change.
TEST(Baseline, AnOldBaselineWithoutLayoutComparesAsTheFileItRanOn) {
  const Baseline old = load_baseline(IOGATE_TEST_DATA_DIR "/baselines/v1-eleven-key-workload.json");
  EXPECT_EQ(workload_difference(old.checks[0], small_check().workload), "");

  Check check = small_check();
  check.workload.read_pct = 0;
  Baseline b = sample_baseline(check, 1000);
  b.checks[0].workload.erase("layout");
  WorkloadSpec now = check.workload;
  now.layout = FileLayout::preallocated;
  EXPECT_EQ(workload_difference(b.checks[0], now), "");
  now.layout = FileLayout::written;
  EXPECT_EQ(workload_difference(b.checks[0], now),
            R"(layout "preallocated" (baseline) vs "written" (now))");
}

TEST(Baseline, RecordsTheWholeWorkloadButTheSeed) {
  WorkloadSpec spec = small_check().workload;
  spec.seed = 42;
  spec.workers = 2;
  const nlohmann::json j = compared_workload(spec);
  EXPECT_FALSE(j.contains("seed"));
  EXPECT_EQ(j.at("workers"), 2);
  EXPECT_EQ(j, compared_workload(workload_from_json(j)));
}

// run_until_decided on a real (small) file with a fake backend slowed by `per_io_us`.
CheckOutcome judge_with(const Check& check, const JudgeOptions& base, int per_io_us,
                        const StorageStack& stack = {}) {
  test::TempDir dir;
  const auto file = dir.make_file("t.dat", check.workload.file_size);
  JudgeOptions options = base;
  options.make_backend = [per_io_us]() -> std::unique_ptr<IoBackend> {
    static test::FakeStats stats;
    auto b = std::make_unique<test::FakeBackend>(stats);
    b->script = [per_io_us](const IoRequest& r, std::uint64_t) {
      const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(per_io_us);
      while (std::chrono::steady_clock::now() < until) {
      }
      return static_cast<std::int64_t>(r.length);
    };
    return b;
  };
  return run_until_decided(check, file, stack, options);
}

TEST(Baseline, NoBaselineNamedSkipsWithTheReason) {
  Check check = small_check();
  const CheckRecord record = make_check_record("s", check, judge_with(check, {}, 0));
  EXPECT_EQ(record.status, CheckStatus::skipped);
  ASSERT_EQ(record.messages.size(), 1u);
  EXPECT_NE(record.messages[0].find("skipped: relative bounds"), std::string::npos);
  EXPECT_FALSE(load_named_baseline(""));  // none named: nothing to load, the skip above
}

// A typo'd --baseline used to skip every relative check and exit 0: the gate switched off.
TEST(Baseline, NamedBaselineThatIsMissingIsAnError) {
  const test::TempDir dir;
  const std::string missing = (dir.path() / "b.json").string();
  try {
    load_named_baseline(missing);
    ADD_FAILURE() << "a missing baseline loaded";
  } catch (const BaselineError& e) {
    // Error 2 is ENOENT on POSIX and ERROR_FILE_NOT_FOUND on Windows, in the system's own words.
    EXPECT_EQ(std::string(e.what()),
              "baseline " + missing + ": cannot open: " + std::system_category().message(2) +
                  ": record it with `iogate baseline record`, or name an existing one "
                  "(--baseline, IOGATE_BASELINE or the suite's BASELINE)");
  }
}

TEST(Baseline, NamedBaselineThatIsADirectoryNamesThePath) {
  test::TempDir dir;
  try {
    load_named_baseline(dir.path());
    ADD_FAILURE() << "a directory loaded as a baseline";
  } catch (const BaselineError& e) {
    EXPECT_NE(std::string(e.what()).find("baseline " + dir.path().string() +
                                         ": is a directory, expected a baseline (JSON)"),
              std::string::npos)
        << e.what();
  }
}

TEST(Baseline, StaleWorkloadFailsWithoutRunning) {
  Check check = small_check();
  const Baseline b = sample_baseline(check, 1000);
  check.workload.block_size = 8192;
  JudgeOptions options;
  options.baseline = &b;
  const CheckOutcome outcome = judge_with(check, options, 0);
  EXPECT_TRUE(outcome.runs.empty());
  const CheckRecord record = make_check_record("s", check, outcome);
  EXPECT_EQ(record.status, CheckStatus::fail);
  EXPECT_NE(record.messages[0].find("recorded with a different workload (block_size 4096"),
            std::string::npos);
}

TEST(Baseline, RegressionNamesTheDeltaAndWhatChangedUnderneath) {
  Check check = small_check();
  check.repeat = 5;
  // Baseline far faster than any fake run here can be: a certain, large regression.
  const Baseline b = sample_baseline(check, 1e9);
  JudgeOptions options;
  options.baseline = &b;
  std::vector<Nanoseconds> pauses;
  options.pause = [&pauses](const Pause& p) { pauses.push_back(p.length); };
  StorageStack now = b.fingerprint;
  now.host_driver_version = "5.5.0.100";
  const CheckOutcome outcome = judge_with(check, options, 50, now);
  // The regression lasts: the sample after the pause (30 s: the first took less) breaks it too.
  EXPECT_EQ(pauses, std::vector<Nanoseconds>{std::chrono::seconds(30)});
  ASSERT_TRUE(outcome.confirmation);
  EXPECT_EQ(outcome.confirmation->outcome, "persisted");
  const CheckRecord record = make_check_record("s", check, outcome);
  EXPECT_EQ(record.status, CheckStatus::fail);
  ASSERT_FALSE(record.messages.empty());
  EXPECT_NE(record.messages[0].find("% vs baseline"), std::string::npos) << record.messages[0];
  EXPECT_NE(record.messages[0].find("host_driver_version 5.5.0-88 \u2192 5.5.0.100"),
            std::string::npos)
      << record.messages[0];
  // Against a 3-run baseline only the last look's level (0.5% at run 20) can be reached: a small
  // baseline makes a failure slow to prove (baseline record makes at least 5 runs). The
  // confirming sample, held to 5% instead of 1%, needs fewer.
  EXPECT_EQ(outcome.confirmation->first_runs, 20);
  EXPECT_EQ(record.repeats.size(), 20u + record.runs);
  EXPECT_LT(record.runs, 20);
  ASSERT_EQ(record.baseline.size(), 1u);
  EXPECT_EQ(record.fingerprint_changes.size(), 1u);
  // What the charts draw: the baseline's spread, the bound where it stands on this baseline, and
  // the verdict's interval as a ratio now/baseline.
  EXPECT_NEAR(record.baseline[0].baseline_low, 0.99e9, 1e3);
  EXPECT_NEAR(record.baseline[0].baseline_high, 1.01e9, 1e3);
  ASSERT_EQ(record.expectations.size(), 1u);
  const BoundFigures& f = record.expectations[0].figures;
  EXPECT_EQ(f.figure, "iops");
  EXPECT_TRUE(f.ratio);
  EXPECT_DOUBLE_EQ(f.bound, 0.9 * record.baseline[0].baseline);
  EXPECT_LE(f.low, f.estimate);
  EXPECT_LT(f.high, 0.9) << "broken: the whole interval lies below the bound";
}

}  // namespace
}  // namespace iogate
