// CheckRunner, the one path from a check to its record: every check gets a record, whatever
// happens to it, and what fails around a check (its result file) changes no verdict.
#include "iogate/runner/check_runner.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <iterator>
#include <regex>

#include "common/interrupt.hpp"
#include "iogate/results/figures.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/scoped_env.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

// 64 KiB of 4 KiB writes through the fake backend: done in microseconds, thousands of IOPS.
Check quick_check(const std::string& name, Expectation e) {
  Check c;
  c.name = name;
  c.workload = test::fake_spec(64 << 10);
  c.expectations = {std::move(e)};
  return c;
}

Expectation iops_min(double v) {
  return {"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{v}};
}

class CheckRunnerTest : public ::testing::Test {
 protected:
  RunnerSettings settings(const std::filesystem::path& json_dir = {}) {
    RunnerSettings s;
    s.suite = "unit";
    s.datastore.dir = datastore_.path();
    s.json_dir = json_dir;
    s.make_backend = [this]() -> std::unique_ptr<IoBackend> {
      return std::make_unique<test::FakeBackend>(stats_);
    };
    return s;
  }
  void TearDown() override { clear_stop_request(); }

  test::TempDir datastore_;
  test::TempDir reports_;
  test::FakeStats stats_;
};

TEST_F(CheckRunnerTest, APassingCheckIsRecordedWrittenAndLeavesNothingBehind) {
  CheckRunner runner(settings(reports_.path()));
  const FinishedCheck r = runner.run(quick_check("fast", iops_min(1)));
  EXPECT_EQ(r.record.status, CheckStatus::pass) << ::testing::PrintToString(r.record.messages);
  EXPECT_EQ(r.record.suite, "unit");
  EXPECT_TRUE(r.started);
  ASSERT_TRUE(r.outcome.has_value());
  EXPECT_GE(r.record.runs, 1);
  EXPECT_GT(stats_.submits, 0u);
  EXPECT_EQ(r.row().verdict, "PASS");
  EXPECT_TRUE(r.unwritten.empty());
  EXPECT_TRUE(std::filesystem::exists(reports_.path() / "fast.json"));
  EXPECT_TRUE(std::filesystem::is_empty(datastore_.path()));
}

// A peers bound is judged by iogate fleet: the check runs for its figures even beside a baseline
// bound with no baseline to use, and the record keeps the bound's share for the fleet.
TEST_F(CheckRunnerTest, APeersBoundRunsAndIsLeftToTheFleet) {
  CheckRunner runner(settings(reports_.path()));
  const Expectation peers{"iops_min", Metric::iops, BoundKind::min, 0, PeersBound{0.7}};
  const FinishedCheck alone = runner.run(quick_check("peers", peers));
  EXPECT_EQ(alone.record.status, CheckStatus::pass);
  ASSERT_EQ(alone.record.expectations.size(), 1u);
  EXPECT_EQ(alone.record.expectations[0].decision, "fleet");

  Check both = quick_check("peers_and_baseline", peers);
  both.expectations.push_back({"mbps_min", Metric::mbps, BoundKind::min, 0, RelativeBound{0.9}});
  const FinishedCheck r = runner.run(both);
  EXPECT_GE(r.record.runs, 1);  // not skipped before it ran: the fleet needs its figures
  EXPECT_EQ(r.record.status, CheckStatus::skipped);  // the baseline bound had nothing to use
  ASSERT_FALSE(r.record.expectations.empty());
  EXPECT_EQ(r.record.expectations[0].peers, 0.7);
}

// How a suite under ctest labels its host: the environment, read by the runner, into every
// record's context and per-check JSON; --host-label (the settings') wins over it.
TEST_F(CheckRunnerTest, TheHostLabelReachesTheContextAndTheCheckJson) {
  test::set_env("IOGATE_HOST_LABEL", "vm07");
  CheckRunner from_env(settings(reports_.path()));
  const FinishedCheck r = from_env.run(quick_check("labelled", iops_min(1)));
  EXPECT_EQ(r.context.host_label, "vm07");
  std::ifstream in(reports_.path() / "labelled.json");
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(json.find("\"host_label\": \"vm07\""), std::string::npos) << json;
  RunnerSettings flagged = settings();
  flagged.host_label = "vm08";
  CheckRunner from_flag(std::move(flagged));
  EXPECT_EQ(from_flag.run(quick_check("flagged", iops_min(1))).context.host_label, "vm08");
  test::unset_env("IOGATE_HOST_LABEL");
  CheckRunner none(settings());
  EXPECT_EQ(none.run(quick_check("plain", iops_min(1))).context.host_label, "");
}

// Each check's span, to the millisecond, in its record and its result file: what shows whether
// two checks of one datastore overlapped.
TEST_F(CheckRunnerTest, ACheckRecordsWhenItStartedAndEnded) {
  CheckRunner runner(settings(reports_.path()));
  const FinishedCheck first = runner.run(quick_check("first", iops_min(1)));
  const FinishedCheck second = runner.run(quick_check("second", iops_min(1)));
  const std::regex stamp(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");
  for (const FinishedCheck* r : {&first, &second}) {
    EXPECT_TRUE(std::regex_match(r->record.start_time, stamp)) << r->record.start_time;
    EXPECT_TRUE(std::regex_match(r->record.end_time, stamp)) << r->record.end_time;
    EXPECT_LE(r->record.start_time, r->record.end_time);
  }
  EXPECT_LE(first.record.end_time, second.record.start_time);
  std::ifstream in(reports_.path() / "second.json");
  const nlohmann::json doc = nlohmann::json::parse(in);
  EXPECT_EQ(doc.at("start_time"), second.record.start_time);
  EXPECT_EQ(doc.at("end_time"), second.record.end_time);
}

TEST_F(CheckRunnerTest, AStopRequestedBeforeACheckRecordsItAsNotRun) {
  CheckRunner runner(settings(reports_.path()));
  request_stop(SIGTERM);
  const FinishedCheck r = runner.run(quick_check("late", iops_min(1)));
  EXPECT_EQ(r.record.status, CheckStatus::error);
  ASSERT_EQ(r.record.messages.size(), 1u);
  EXPECT_EQ(r.record.messages.front(), "late: not run: interrupted by SIGTERM");
  EXPECT_FALSE(r.started);
  EXPECT_EQ(r.row().verdict, "NOT RUN");
  EXPECT_EQ(stats_.submits, 0u);
  // Recorded all the same: the merged reports show every check of an interrupted run.
  EXPECT_TRUE(std::filesystem::exists(reports_.path() / "late.json"));
}

TEST_F(CheckRunnerTest, ASetUpThatFailsIsAnErrorRecordWithItsReason) {
  RunnerSettings s = settings();
  s.datastore.dir = datastore_.path() / "not-mounted";
  CheckRunner runner(std::move(s));
  const FinishedCheck r = runner.run(quick_check("nowhere", iops_min(1)));
  EXPECT_EQ(r.record.status, CheckStatus::error);
  ASSERT_EQ(r.record.messages.size(), 1u);
  EXPECT_EQ(r.record.messages.front().rfind("nowhere: error: ", 0), 0u)
      << r.record.messages.front();
  EXPECT_NE(r.record.messages.front().find("not-mounted"), std::string::npos);
  EXPECT_FALSE(r.outcome.has_value());
  EXPECT_EQ(r.row().verdict, "ERROR");
}

TEST_F(CheckRunnerTest, AResultFileThatCannotBeWrittenChangesNoVerdict) {
  const std::filesystem::path taken = reports_.path() / "a-file";
  std::ofstream(taken) << "not a directory";
  CheckRunner runner(settings(taken));
  const FinishedCheck r = runner.run(quick_check("fast", iops_min(1)));
  EXPECT_EQ(r.record.status, CheckStatus::pass);
  ASSERT_EQ(r.unwritten.size(), 1u);
  EXPECT_NE(r.unwritten.front().find("fast: result not written to " + taken.string()),
            std::string::npos)
      << r.unwritten.front();
}

TEST_F(CheckRunnerTest, AFailingCheckIsAFailNotAnError) {
  CheckRunner runner(settings());
  Check slow = quick_check("slow", iops_min(1e15));
  slow.confirm_pause = std::chrono::seconds(1);  // the default 30 s adds nothing to this test
  const FinishedCheck r = runner.run(slow);
  EXPECT_EQ(r.record.status, CheckStatus::fail);
  ASSERT_FALSE(r.record.messages.empty());
  EXPECT_NE(r.record.messages.front().find("iops_min"), std::string::npos);
}

TEST_F(CheckRunnerTest, ADatastoreReplacedBetweenChecksStopsTheRest) {
  CheckRunner runner(settings());
  EXPECT_EQ(runner.run(quick_check("first", iops_min(1))).record.status, CheckStatus::pass);
  // What a lazy unmount does to the path: another directory answers to it now.
  std::filesystem::rename(datastore_.path(), datastore_.path().string() + ".old");
  std::filesystem::create_directory(datastore_.path());
  const FinishedCheck r = runner.run(quick_check("second", iops_min(1)));
  std::filesystem::remove_all(datastore_.path().string() + ".old");
  EXPECT_EQ(r.record.status, CheckStatus::error);
  ASSERT_EQ(r.record.messages.size(), 1u);
  EXPECT_NE(r.record.messages.front().find("is no longer the directory this run started on"),
            std::string::npos)
      << r.record.messages.front();
  EXPECT_FALSE(r.started);
}

// With share_layouts (iogate check), the second check of one layout key runs on the file the first
// laid out, and the records say so; without it, each lays out its own. Either way the datastore
// is left as it was.
TEST_F(CheckRunnerTest, SharedLayoutsAreRecordedAndRemovedAfterTheirLastCheck) {
  std::vector<Check> checks{quick_check("first", iops_min(1)), quick_check("second", iops_min(1))};
  for (Check& c : checks) c.workload.read_pct = 100;
  for (const bool share : {true, false}) {
    RunnerSettings s = settings(reports_.path());
    s.share_layouts = share;
    CheckRunner runner(std::move(s));
    runner.plan(checks);
    const FinishedCheck first = runner.run(checks[0]);
    const FinishedCheck second = runner.run(checks[1]);
    ASSERT_EQ(second.record.status, CheckStatus::pass)
        << ::testing::PrintToString(second.record.messages);
    ASSERT_TRUE(first.record.layout_s && second.record.layout_s);
    EXPECT_GT(*first.record.layout_s, 0);
    EXPECT_EQ(first.record.layout_reused_from, "");
    EXPECT_EQ(second.record.layout_reused_from, share ? "first" : "");
    EXPECT_EQ(*second.record.layout_s > 0, !share);
    std::ifstream in(reports_.path() / "second.json");
    const std::string json{std::istreambuf_iterator<char>(in), {}};
    EXPECT_EQ(json.find("\"layout_reused_from\": \"first\"") != std::string::npos, share) << json;
    EXPECT_NE(json.find("\"layout_s\": "), std::string::npos) << json;
    // The removal of the files is timed and said; shared, the last check removes the file.
    ASSERT_TRUE(first.record.cleanup_s && second.record.cleanup_s);
    EXPECT_NE(json.find("\"cleanup_s\": "), std::string::npos) << json;
    EXPECT_NE(layout_line(second.record).find("; removed in "), std::string::npos)
        << layout_line(second.record);
    EXPECT_TRUE(std::filesystem::is_empty(datastore_.path()));
  }
}

}  // namespace
}  // namespace iogate
