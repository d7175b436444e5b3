// Baselines that cannot honour the comparison asked of them are errors, and one recorded
// elsewhere is named on the check (and refused when asked to be strict): never a silent pass.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/baseline/baseline.hpp"
#include "iogate/results/figures.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/synthetic_runs.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/run_json.hpp"
#include "runner/check_session.hpp"
#include "runner/outcome_records.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

Check relative_check() {
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

Baseline recorded(const Check& check) {
  Baseline b;
  b.path = "b.json";
  b.host = "db01";
  b.recorded_at = "2026-11-30T00:00:00Z";
  b.datastore = "/mnt/array/";
  b.fingerprint.filesystem = "xfs";
  b.fingerprint.kernel = "6.1.0";
  const std::vector<RunResult> runs{test::run_at_iops(1000), test::run_at_iops(1010),
                                    test::run_at_iops(990)};
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
  return "";
}

// Judged on a small file with a fake backend; what it threw, or "" and the outcome.
std::string judge_error(const Check& check, const JudgeOptions& options, const StorageStack& stack,
                        CheckOutcome* outcome = nullptr) {
  test::TempDir dir;
  const auto file = dir.make_file("t.dat", check.workload.file_size);
  JudgeOptions with = options;
  with.make_backend = []() -> std::unique_ptr<IoBackend> {
    static test::FakeStats stats;
    return std::make_unique<test::FakeBackend>(stats);
  };
  try {
    CheckOutcome done = run_until_decided(check, file, stack, with);
    if (outcome) *outcome = std::move(done);
  } catch (const BaselineError& e) {
    return e.what();
  }
  return "";
}

// "iops at least 4609751029...x baseline": a zero baseline met any bound, with a ratio of 300
// digits.
TEST(BaselineFigures, ZeroNegativeOrNoSamplesAreRefusedWhenLoaded) {
  const nlohmann::json doc = baseline_to_json(recorded(relative_check()));
  EXPECT_EQ(load_error(doc), "");
  const auto samples = [](nlohmann::json& d) -> nlohmann::json& {
    return d["checks"]["rand_read_4k"]["metrics"]["iops"]["samples"];
  };
  nlohmann::json bad = doc;
  samples(bad) = {1000, 0, 990};
  EXPECT_EQ(load_error(bad),
            "b.json: checks.rand_read_4k.metrics.iops.samples[1]: expected a positive number (or "
            "null for a run without the figure), got a number (value not shown)");
  samples(bad) = {-5};
  EXPECT_THAT(load_error(bad), HasSubstr("samples[0]: expected a positive number"));
  samples(bad) = nlohmann::json::array();
  EXPECT_THAT(load_error(bad), HasSubstr("iops.samples: expected at least one sample, got none"));
  bad = doc;
  bad["checks"]["a/b"] = bad["checks"]["rand_read_4k"];
  EXPECT_THAT(load_error(bad), HasSubstr("checks: expected a name"));
  bad = doc;
  bad["host"] = "ok\r<!--";
  EXPECT_THAT(load_error(bad), HasSubstr("host: expected a host label"));
}

// Once SKIPPED with exit 0: the comparison was asked for and silently not made.
TEST(BaselineFigures, AFigureTheBaselineLacksIsAnErrorNamingFileCheckAndFigure) {
  const Check check = relative_check();
  Baseline b = recorded(check);
  b.checks[0].samples.erase("iops");
  JudgeOptions options;
  options.baseline = &b;
  EXPECT_EQ(judge_error(check, options, b.fingerprint),
            "baseline b.json: check \"rand_read_4k\" has no iops figure for iops_min to compare "
            "with (not recorded): record the baseline again");
  b.checks[0].samples["iops"] = {NAN, NAN};  // no run measured it
  EXPECT_THAT(judge_error(check, options, b.fingerprint),
              HasSubstr("has no iops figure for iops_min to compare with (no run of it measured "
                        "one)"));
}

TEST(BaselineProvenance, HostDatastoreAndStackChangesAreNamedAndOnlyPlacesAreElsewhere) {
  const Baseline b = recorded(relative_check());
  StorageStack now = b.fingerprint;
  EXPECT_TRUE(baseline_provenance(b, "db01", "/mnt/array", now).changes.empty())
      << "a trailing '/' is the same datastore";
  now.kernel = "6.6.0";
  BaselineProvenance p = baseline_provenance(b, "db01", "/mnt/array", now);
  EXPECT_EQ(p.changes, std::vector<std::string>{"kernel 6.1.0 \u2192 6.6.0"});
  EXPECT_TRUE(p.elsewhere.empty()) << "a kernel upgrade is what a baseline is compared across";
  now.filesystem = "ext4";
  p = baseline_provenance(b, "db02", "/mnt/other", now);
  EXPECT_EQ(p.elsewhere, (std::vector<std::string>{"host db01 \u2192 db02",
                                                   "datastore /mnt/array \u2192 /mnt/other",
                                                   "filesystem xfs \u2192 ext4"}));
}

// A baseline of another host and filesystem passed with no word on the check's line.
TEST(BaselineProvenance, ABaselineFromElsewhereIsNamedOnTheCheckAndRefusedWhenStrict) {
  const Check check = relative_check();
  const Baseline b = recorded(check);
  StorageStack now = b.fingerprint;
  now.filesystem = "ext4";
  JudgeOptions options;
  options.baseline = &b;
  options.host = "db02";
  options.datastore = "/mnt/array";
  CheckOutcome outcome;
  EXPECT_EQ(judge_error(check, options, now, &outcome), "");
  const CheckRecord record = make_check_record("s", check, outcome);
  EXPECT_THAT(baseline_change_lines(record),
              testing::ElementsAre("changed since the baseline: host db01 \u2192 db02",
                                   "changed since the baseline: filesystem xfs \u2192 ext4"));
  options.strict_baseline = true;
  EXPECT_THAT(judge_error(check, options, now),
              HasSubstr("baseline b.json was recorded elsewhere (host db01 \u2192 db02; "
                        "filesystem xfs \u2192 ext4), and --strict-baseline"));
}

// Another tool's figures: the baseline says so, the check's lines say what one figure means for
// the verdict, and only the workload keys the tool's file states are compared.
Baseline imported(const Check& check) {
  Baseline b;
  b.path = "lsi.json";
  b.repeat = 1;
  b.imported = BaselineImport{"IOMeter 1.1.0", "wd_black_lsi_logic.csv"};
  BaselineCheck c;
  c.name = check.name;
  c.stated_keys_only = true;
  c.workload = {{"block_size", 4096}, {"read_pct", 100.0}, {"block_mix", nullptr}};
  c.samples["iops"] = {1000};
  b.checks.push_back(c);
  return b;
}

TEST(BaselineImported, TheToolIsKeptInTheJsonAndAbsentFromRecordedBaselines) {
  const Check check = relative_check();
  const nlohmann::json doc = baseline_to_json(imported(check));
  EXPECT_EQ(doc["imported"]["tool"], "IOMeter 1.1.0");
  EXPECT_EQ(doc["version"], 1);
  const Baseline back = baseline_from_json(doc, "lsi.json");
  ASSERT_TRUE(back.imported);
  EXPECT_EQ(back.imported->file, "wd_black_lsi_logic.csv");
  EXPECT_TRUE(back.checks[0].stated_keys_only);
  EXPECT_FALSE(baseline_to_json(recorded(check)).contains("imported"));
  // Shown on every check's lines: text that could fake a line is refused.
  nlohmann::json forged = doc;
  forged["imported"]["file"] = "x.csv\nPASS everything";
  EXPECT_THAT(load_error(forged), HasSubstr("imported.file: expected printable text"));
  forged["imported"] = {{"tool", "IOMeter"}};
  EXPECT_THAT(load_error(forged), HasSubstr("imported.file: missing"));
}

TEST(BaselineImported, OnlyTheStatedKeysAreComparedAndAStatedAbsenceCounts) {
  const Check check = relative_check();
  const Baseline b = imported(check);
  const BaselineCheck& c = b.checks[0];
  // Queue depth, file size, engine: not in the tool's file, not compared.
  WorkloadSpec now = check.workload;
  now.queue_depth = 64;
  now.engine = "libaio";
  EXPECT_EQ(workload_difference(c, now), "");
  now.read_pct = 70;
  EXPECT_EQ(workload_difference(c, now), "read_pct 100.0 (baseline) vs 70.0 (now)");
  now.read_pct = 100;
  now.block_mix = {{4096, 50}, {65536, 50}};
  EXPECT_THAT(workload_difference(c, now), testing::StartsWith("block_mix null (baseline) vs"));
}

TEST(BaselineImported, TheCheckSaysTheFigureIsAnotherToolsAndTakenAsExact) {
  const Check check = relative_check();
  const Baseline b = imported(check);
  JudgeOptions options;
  options.baseline = &b;
  options.host = "db02";
  CheckOutcome outcome;
  EXPECT_EQ(judge_error(check, options, StorageStack{}, &outcome), "");
  const CheckRecord record = make_check_record("s", check, outcome);
  EXPECT_THAT(baseline_change_lines(record),
              testing::ElementsAre(
                  "changed since the baseline: tool IOMeter 1.1.0 (wd_black_lsi_logic.csv) "
                  "\u2192 iogate: the baseline is one figure per check with no run-to-run spread, "
                  "compared as exact, so the 1% false-fail rate covers this run's noise only"));
}

}  // namespace
}  // namespace iogate
