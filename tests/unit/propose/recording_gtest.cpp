// Reading a known-good recording: a baseline, a results document, a check's document, a
// directory of them; what cannot be proposed from is marked, what is not a recording refused.
#include "propose/recording.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <system_error>

#include "iogate/baseline/baseline.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate_test/synthetic_runs.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/result_json.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

Check check_named(const std::string& name) {
  Check c;
  c.name = name;
  c.workload.block_size = 4096;
  c.workload.read_pct = 100;
  c.workload.file_size = 1 << 20;
  c.workload.duration = std::chrono::seconds(2);
  c.workload.engine = "auto";
  return c;
}

Baseline baseline_of(const std::vector<double>& iops) {
  Baseline b;
  b.iogate_version = "0.1.0";
  b.host = "h1";
  b.recorded_at = "2026-12-01T10:00:00Z";
  b.datastore = "/ds";
  b.repeat = static_cast<int>(iops.size());
  b.fingerprint.filesystem = "ext4";
  b.fingerprint.device = "loop3";
  std::vector<RunResult> runs;
  for (double v : iops) runs.push_back(test::run_at_iops(v, 2.0));
  const Check c = check_named("rand_read_4k");
  b.checks.push_back({c.name, compared_workload(c.workload), true, baseline_samples(c, runs)});
  return b;
}

std::string error_of(const std::filesystem::path& p) {
  try {
    load_recording(p);
  } catch (const RecordingError& e) {
    return e.what();
  }
  return "no error";
}

void write_text(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p) << text;
}

TEST(Recording, FromABaseline) {
  test::TempDir dir;
  const auto file = dir.path() / "b.json";
  save_baseline(file, baseline_of({1000, 1010, 990}));
  const Recording r = load_recording(file);
  EXPECT_EQ(r.kind, "baseline");
  EXPECT_EQ(r.host, "h1");
  EXPECT_EQ(r.recorded_at, "2026-12-01T10:00:00Z");
  EXPECT_EQ(r.stack.filesystem, "ext4");
  ASSERT_EQ(r.checks.size(), 1u);
  const RecordedCheck& c = r.checks[0];
  EXPECT_EQ(c.name, "rand_read_4k");
  EXPECT_EQ(c.measured_at, r.recorded_at);
  EXPECT_EQ(compared_workload(c.workload), compared_workload(check_named("rand_read_4k").workload));
  ASSERT_EQ(c.samples.at("iops").size(), 3u);
  EXPECT_NEAR(c.samples.at("iops")[1], 1010, 1);
  EXPECT_EQ(c.samples.at("latency_p99_ms").size(), 3u);
  EXPECT_TRUE(c.unusable.empty());
}

TEST(Recording, ABaselineRunCutShortIsNotProposedFrom) {
  test::TempDir dir;
  Baseline b = baseline_of({1000, 1010, 990});
  b.checks[0].completed = false;
  save_baseline(dir.path() / "b.json", b);
  const Recording r = load_recording(dir.path() / "b.json");
  EXPECT_NE(r.checks[0].unusable.find("cut short"), std::string::npos) << r.checks[0].unusable;
}

CheckRecord record(const std::string& name, CheckStatus status, std::vector<double> iops) {
  CheckRecord c;
  c.suite = "quick";
  c.check = name;
  c.description = "a check";
  c.status = status;
  c.workload = check_named(name).workload;
  c.start_time = "2026-12-01T11:00:01.000Z";
  for (double v : iops) c.repeats.push_back(test::run_at_iops(v, 2.0));
  c.result = c.repeats.empty() ? RunResult{} : c.repeats.front();
  if (iops.size() == 1) c.repeats.clear();  // run once: only its result
  if (status == CheckStatus::error) c.messages = {"read of 4096 bytes: Input/output error"};
  return c;
}

RunContext context() {
  RunContext ctx;
  ctx.iogate_version = "0.1.0";
  ctx.host = "h2";
  ctx.started_at = "2026-12-01T11:00:00Z";
  ctx.suite = "quick";
  ctx.datastore = "/ds2";
  ctx.stack.filesystem = "xfs";
  return ctx;
}

TEST(Recording, FromAResultsDocument) {
  test::TempDir dir;
  RunRecord report{
      context(),
      {record("repeated", CheckStatus::pass, {500, 510, 490}),
       record("once", CheckStatus::fail, {700}), record("broken", CheckStatus::error, {})}};
  {
    std::ofstream out(dir.path() / "results.json");
    write_report(*make_json_writer(out), report);
  }
  const Recording r = load_recording(dir.path() / "results.json");
  EXPECT_EQ(r.kind, "results");
  EXPECT_EQ(r.suite, "quick");
  EXPECT_EQ(r.host, "h2");
  EXPECT_EQ(r.stack.filesystem, "xfs");
  ASSERT_EQ(r.checks.size(), 3u);
  EXPECT_EQ(r.checks[0].samples.at("iops").size(), 3u);  // every repetition
  EXPECT_EQ(r.checks[0].measured_at, "2026-12-01T11:00:01.000Z");
  EXPECT_EQ(r.checks[0].description, "a check");
  EXPECT_TRUE(r.checks[0].unusable.empty());
  EXPECT_EQ(r.checks[1].samples.at("iops").size(), 1u);
  EXPECT_EQ(r.checks[1].status, "fail");  // its old bounds failed; the figures still count
  EXPECT_TRUE(r.checks[1].unusable.empty());
  EXPECT_EQ(r.checks[2].unusable,
            "it ended in an error in that run: read of 4096 bytes: Input/output error");
}

TEST(Recording, FromADirectoryOfCheckDocuments) {
  test::TempDir dir;
  const RunContext ctx = context();
  write_json_file(dir.path() / "a.json", check_to_json(record("a", CheckStatus::pass, {100}), ctx));
  write_json_file(dir.path() / "b.json",
                  check_to_json(record("b", CheckStatus::pass, {200, 210, 190}), ctx));
  write_text(dir.path() / "notes.json", R"({"something": "else"})");
  const Recording r = load_recording(dir.path());
  ASSERT_EQ(r.checks.size(), 2u);
  EXPECT_EQ(r.checks[0].name, "a");
  EXPECT_EQ(r.checks[1].samples.at("iops").size(), 3u);
  // And one check's document alone.
  EXPECT_EQ(load_recording(dir.path() / "b.json").checks.size(), 1u);
}

TEST(Recording, WhatIsNoRecordingIsRefusedNamingTheFile) {
  test::TempDir dir;
  const auto missing = dir.path() / "none.json";
  // The system's words for "not found" (ENOENT, ERROR_FILE_NOT_FOUND: 2 on both).
  EXPECT_EQ(error_of(missing),
            missing.string() + ": cannot open: " + std::system_category().message(2));
  write_text(dir.path() / "text.json", "not json");
  EXPECT_TRUE(error_of(dir.path() / "text.json")
                  .starts_with((dir.path() / "text.json").string() + ": not JSON"));
  write_text(dir.path() / "fleet.json", R"({"format": "iogate-fleet"})");
  EXPECT_EQ(
      error_of(dir.path() / "fleet.json"),
      (dir.path() / "fleet.json").string() +
          R"(: format: expected "iogate-baseline" (iogate baseline record), "iogate-results" )"
          R"(or "iogate-check" (iogate check --json, --json-dir), got a string (value not shown))");
  write_text(dir.path() / "v2.json", R"({"format": "iogate-baseline", "version": 2})");
  EXPECT_NE(error_of(dir.path() / "v2.json").find("v2.json: version: expected 1, got a number"),
            std::string::npos);
  const auto empty = dir.path() / "empty";
  std::filesystem::create_directory(empty);
  EXPECT_TRUE(error_of(empty).starts_with(empty.string() + ": no iogate check results"))
      << error_of(empty);
  Baseline none = baseline_of({1});
  none.checks.clear();
  save_baseline(dir.path() / "nochecks.json", none);
  EXPECT_EQ(
      error_of(dir.path() / "nochecks.json"),
      (dir.path() / "nochecks.json").string() + ": no checks recorded: nothing to propose from");
}

}  // namespace
}  // namespace iogate
