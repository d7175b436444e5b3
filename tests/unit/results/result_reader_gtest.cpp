#include "results/result_reader.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "iogate/reports/report_files.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate_test/sample_report.hpp"
#include "results/check_results_cleanup.hpp"
#include "results/result_json.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

std::string as_json(const RunRecord& report) {
  std::ostringstream out;
  write_report(*make_json_writer(out), report);
  return out.str();
}

class TempDir : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("iogate-reports-" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  fs::path dir_;
};

using ResultReader = TempDir;

TEST_F(ResultReader, RunDocumentRoundTripsExactly) {
  const RunRecord original = test::sample_report();
  const std::string first = as_json(original);
  write("results.json", first);
  const RunRecord back = read_results(dir_ / "results.json");
  ASSERT_EQ(back.checks.size(), original.checks.size());
  EXPECT_EQ(back.context.host_label, "rack2-rig-01");
  EXPECT_EQ(as_json(back), first);
}

TEST_F(ResultReader, HistogramKeepsCountsExtremesPercentilesAndMean) {
  const RunRecord sample = test::sample_report();
  const RunResult& a = sample.checks[0].result;
  const RunResult b = run_from_json(run_to_json(a));
  EXPECT_EQ(b.latency.count(), a.latency.count());
  EXPECT_EQ(b.latency.min_ns(), a.latency.min_ns());
  EXPECT_EQ(b.latency.max_ns(), a.latency.max_ns());
  for (double q : {1.0, 50.0, 90.0, 99.0, 99.9})
    EXPECT_DOUBLE_EQ(b.lat_percentile_ms(q), a.lat_percentile_ms(q)) << q;
  EXPECT_NEAR(b.latency.mean_ns(), a.latency.mean_ns(), 1.0);
  EXPECT_EQ(b.intervals.size(), a.intervals.size());
}

TEST_F(ResultReader, DirectoryMergesCheckDocumentsInRunOrderAndIgnoresOthers) {
  const RunRecord sample = test::sample_report();
  RunContext early = sample.context, late = sample.context;
  early.started_at = "2026-11-30T18:00:00Z";
  late.started_at = "2026-11-30T18:00:09Z";
  write_json_file(dir_ / "b.json", check_to_json(sample.checks[0], early));
  write_json_file(dir_ / "a.json", check_to_json(sample.checks[1], late));
  write("results.json", as_json(sample));  // a merged output: not a check
  write("notes.json", "{\"check\": 1}");   // not iogate's
  write("broken.txt", "{");
  const RunRecord merged = read_report_dir(dir_);
  ASSERT_EQ(merged.checks.size(), 2u);
  EXPECT_EQ(merged.checks[0].check, sample.checks[0].check);
  EXPECT_EQ(merged.checks[1].check, sample.checks[1].check);
  EXPECT_EQ(merged.context.started_at, early.started_at);
  EXPECT_EQ(merged.context.host, "rig-01");
  EXPECT_EQ(merged.context.host_label, "rack2-rig-01");  // a per-check document carries it too
  EXPECT_EQ(merged.context.stack.driver, "hpvsa");
}

// Checks of a second each start within one second of the run's stamp: each check's own start,
// to the millisecond, orders them (a result without one sorts as its run's whole second).
TEST_F(ResultReader, ChecksOfOneSecondAreOrderedByTheirOwnStart) {
  const RunRecord sample = test::sample_report();
  RunContext same_second = sample.context;
  same_second.started_at = "2026-11-30T18:00:00Z";
  CheckRecord first = sample.checks[1], second = sample.checks[0], older = sample.checks[2];
  first.start_time = "2026-11-30T18:00:00.125Z";
  second.start_time = "2026-11-30T18:00:00.900Z";
  RunContext next_second = same_second;
  next_second.started_at = "2026-11-30T18:00:01Z";
  write_json_file(dir_ / "a.json", check_to_json(second, same_second));
  write_json_file(dir_ / "b.json", check_to_json(older, next_second));
  write_json_file(dir_ / "c.json", check_to_json(first, same_second));
  const RunRecord merged = read_report_dir(dir_);
  ASSERT_EQ(merged.checks.size(), 3u);
  EXPECT_EQ(merged.checks[0].check, first.check);
  EXPECT_EQ(merged.checks[1].check, second.check);
  EXPECT_EQ(merged.checks[2].check, older.check);
}

// Checks of one ctest run spread over datastores (ctest's resource allocation): the merged run
// names each check's datastore in every format, and claims for all of them only what they share.
TEST_F(ResultReader, ChecksOnSeveralDatastoresEachNameTheirs) {
  const RunRecord sample = test::sample_report();
  RunContext on_a = sample.context, on_b = sample.context;
  on_a.datastore = "/mnt/a";
  on_b.datastore = "/mnt/b";
  on_b.stack.scheduler = "none";
  on_b.started_at = "2026-11-30T18:00:09Z";
  CheckRecord first = sample.checks[0], second = sample.checks[1];
  first.start_time = "2026-11-30T18:00:00.125Z";
  first.end_time = "2026-11-30T18:00:01.250Z";
  write_json_file(dir_ / "a.json", check_to_json(first, on_a));
  write_json_file(dir_ / "b.json", check_to_json(second, on_b));
  const RunRecord merged = read_report_dir(dir_);
  ASSERT_EQ(merged.checks.size(), 2u);
  EXPECT_EQ(merged.checks[0].datastore, "/mnt/a");
  EXPECT_EQ(merged.checks[1].datastore, "/mnt/b");
  EXPECT_EQ(merged.checks[0].start_time, first.start_time);
  EXPECT_EQ(merged.checks[0].end_time, first.end_time);
  EXPECT_EQ(merged.context.datastore, "2 datastores: /mnt/a, /mnt/b");
  EXPECT_EQ(merged.context.stack.scheduler, "") << "the datastores' schedulers differ";
  EXPECT_EQ(merged.context.stack.driver, "hpvsa");

  // results.json keeps them, and reads back the same.
  write("results.json", as_json(merged));
  const RunRecord back = read_results(dir_ / "results.json");
  EXPECT_EQ(back.checks[1].datastore, "/mnt/b");
  EXPECT_EQ(back.checks[0].start_time, first.start_time);
  EXPECT_EQ(as_json(back), as_json(merged));

  std::ostringstream junit, markdown, html;
  write_report(*make_junit_writer(junit), merged);
  write_report(*make_markdown_writer(markdown), merged);
  write_report(*make_html_writer(html, ""), merged);
  const std::string a = sample.checks[0].check;
  EXPECT_NE(junit.str().find("datastore=/mnt/b\n"), std::string::npos) << junit.str();
  EXPECT_NE(junit.str().find("name=\"" + a + ".datastore\" value=\"/mnt/a\""), std::string::npos);
  // (the second check's name has a '|', which the cell escapes)
  EXPECT_NE(markdown.str().find("### Datastores\n\n- `/mnt/a`: " + a + "\n- `/mnt/b`: seq_"),
            std::string::npos)
      << markdown.str();
  EXPECT_NE(html.str().find("<p>datastore <b>/mnt/b</b></p>"), std::string::npos);

  // One datastore: the reports are as they always were.
  write_json_file(dir_ / "b.json", check_to_json(second, on_a));
  const RunRecord one = read_report_dir(dir_);
  EXPECT_EQ(one.context.datastore, "/mnt/a");
  EXPECT_EQ(one.checks[1].datastore, "");
  const nlohmann::json doc = nlohmann::json::parse(as_json(one));  // outlives the loop below
  for (const auto& check : doc.at("checks"))
    EXPECT_FALSE(check.contains("datastore")) << check.at("check");
}

TEST_F(ResultReader, ClearRemovesOnlyCheckDocuments) {
  const RunRecord sample = test::sample_report();
  write_json_file(dir_ / "old_check.json", check_to_json(sample.checks[0], sample.context));
  write("results.json", as_json(sample));
  write("mine.json", "{\"not\": \"iogate\"}");
  write("junk.json", "not json");
  EXPECT_EQ(clear_check_results(dir_), 1);
  EXPECT_FALSE(fs::exists(dir_ / "old_check.json"));
  for (const char* kept : {"results.json", "mine.json", "junk.json"})
    EXPECT_TRUE(fs::exists(dir_ / kept)) << kept;
  EXPECT_EQ(clear_check_results(dir_ / "missing"), 0);
}

TEST_F(ResultReader, MergeWritesEveryFormat) {
  const RunRecord sample = test::sample_report();
  write_json_file(dir_ / "c.json", check_to_json(sample.checks[1], sample.context));
  std::ostringstream console;
  EXPECT_EQ(merge_report_dir(dir_, console), 1u);
  for (const auto& f :
       {"junit.xml", "results.json", "gbench.json", "summary.md", "report.html", "metrics.prom"})
    EXPECT_GT(fs::file_size(dir_ / f), 100u) << f;
  EXPECT_NE(console.str().find("FAIL"), std::string::npos);
  EXPECT_EQ(merge_report_dir(dir_, console), 1u) << "outputs are not read back as checks";
}

// Results written before hosts had labels: the hostname is the host's identity.
TEST(ResultReaderContext, AContextWithoutALabelIsNamedByItsHostname) {
  const RunContext c = context_from_json({{"host", "esx-vm"}, {"suite", "quick"}});
  EXPECT_EQ(c.host_label, "");
  EXPECT_EQ(c.identity(), "esx-vm");
  EXPECT_EQ(context_from_json({{"host", "esx-vm"}, {"host_label", "vm07"}}).identity(), "vm07");
}

// The committed results document (the writers' golden file): what older iogate wrote must keep
// loading through the one codec.
TEST_F(ResultReader, ReadsTheCommittedResultsDocument) {
  const RunRecord back = read_results(IOGATE_TEST_DATA_DIR "/reports/results.json");
  ASSERT_EQ(back.checks.size(), 5u);
  const CheckRecord& first = back.checks[0];
  EXPECT_EQ(first.check, "rand_read_8k");
  EXPECT_EQ(first.workload.block_size, 8192u);
  EXPECT_EQ(first.workload.workers, 2u);
  EXPECT_EQ(first.workload.duration, std::chrono::seconds(4));
  EXPECT_DOUBLE_EQ(first.result.iops(), 1000.0);
  std::ifstream in(IOGATE_TEST_DATA_DIR "/reports/results.json");
  EXPECT_EQ(workload_to_json(first.workload),
            nlohmann::json::parse(in).at("checks").at(0).at("workload"));
}

TEST_F(ResultReader, BadInputNamesFileAndProblem) {
  write("bad.json", "{\"checks\": [{\"suite\": \"s\"}]}");
  try {
    read_results(dir_ / "bad.json");
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.json"), std::string::npos) << e.what();
  }
  write("status.json", "{\"checks\": []}");
  EXPECT_THROW(read_results(dir_ / "status.json"), std::runtime_error);  // no context
  write("other.json", "[1, 2]");
  EXPECT_THROW(read_results(dir_ / "other.json"), std::runtime_error);
  EXPECT_THROW(read_results(dir_ / "missing.json"), std::runtime_error);
}

}  // namespace
}  // namespace iogate
