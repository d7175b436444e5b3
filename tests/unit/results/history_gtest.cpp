// The history of a datastore's runs (history.hpp): when a figure is said to have changed, what a
// series holds per run, which input is refused, and that the page carries what its charts draw.
#include "results/history.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <sstream>

#include "iogate_test/sample_report.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/result_json.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Optional;

TEST(FindChange, AStepBeyondTheEarlierRunsSpreadThatLastsIsMarkedAtItsFirstRun) {
  EXPECT_THAT(find_change({1000, 1010, 995, 1005, 750, 760, 745}), Optional(4u));
  EXPECT_THAT(find_change({100, 102, 130, 131}), Optional(2u)) << "upwards too";
  EXPECT_THAT(find_change({1000, 1010, NAN, 700}), Optional(3u)) << "runs without it skipped";
}

TEST(FindChange, NoiseASpikeUndoneAndTooFewRunsAreNotChanges) {
  EXPECT_FALSE(find_change({1000, 1040, 980, 1020, 990}).has_value());
  EXPECT_FALSE(find_change({1000, 1010, 700, 1005, 1000}).has_value()) << "undone by the next";
  EXPECT_FALSE(find_change({1000, 700}).has_value()) << "two runs cannot show a change";
  // Within the spread of the earlier runs (900-1100): a drop to 850 does not clear it by 200.
  EXPECT_FALSE(find_change({900, 1100, 1000, 850, 850}).has_value());
  // Runs that agree exactly still need a step of 5% of their median.
  EXPECT_FALSE(find_change({1000, 1000, 1000, 960}).has_value());
  EXPECT_THAT(find_change({1000, 1000, 1000, 940}), Optional(3u));
}

// Runs of 5 values each, spread about 10% (log-normal-like, fixed): each run's own interval.
std::vector<double> runs_around(double level) {
  return {level * 0.9, level * 0.95, level, level * 1.05, level * 1.1};
}

TEST(FindChange, WithRunsAStepIsAChangeOnlyWhenTheIntervalsSeparate) {
  const std::vector<double> values = {1000, 1010, 990, 700, 705};
  std::vector<std::vector<double>> runs;
  for (double v : values) runs.push_back(runs_around(v));
  EXPECT_THAT(find_change_in_runs(values, runs), Optional(3u));
  // 8% down, beyond the range rule's 5%-of-median and outside the earlier runs' range by more
  // than their 20-wide range: a change by values alone, but inside runs spread 10%.
  const std::vector<double> small = {1000, 1010, 990, 920, 920};
  EXPECT_THAT(find_change(small), Optional(3u));
  runs.clear();
  for (double v : small) runs.push_back(runs_around(v));
  EXPECT_FALSE(find_change_in_runs(small, runs).has_value());
  // Without runs (checks of one value each), the range rule as ever.
  EXPECT_THAT(find_change_in_runs(small, std::vector<std::vector<double>>(small.size())),
              Optional(3u));
}

// A run of the sample's passing check (iops_min 300) at `ios` I/Os in its 4 seconds.
RunRecord run_at(const std::string& started, std::uint64_t ios) {
  RunRecord r = test::sample_report();
  r.context.started_at = started;
  r.checks.resize(2);  // the passing check, and the one compared with its baseline
  r.checks[0].result = test::sample_result(ios, 8192, 4, true);
  return r;
}

TEST(History, AChangedWorkloadIsSaidAsSuchNotShownAsAFiguresChange) {
  std::vector<std::pair<std::string, RunRecord>> runs = {
      {"d0", run_at("2026-10-31T00:00:00Z", 4000)},
      {"d1", run_at("2026-11-01T00:00:00Z", 4040)},
      {"d2", run_at("2026-11-02T00:00:00Z", 3960)},
      {"d3", run_at("2026-11-03T00:00:00Z", 2000)},
      {"d4", run_at("2026-11-04T00:00:00Z", 2020)}};
  for (std::size_t r = 3; r < runs.size(); ++r) runs[r].second.checks[0].workload.queue_depth = 32;
  const History h = build_history(std::move(runs));
  const HistorySeries& s = h.series[0];
  EXPECT_THAT(s.workload_changed_at, Optional(3u));
  EXPECT_EQ(s.workload_change, "queue_depth 1 -> 32");
  EXPECT_FALSE(s.changed_at.has_value()) << "the halving came with the new workload";
  EXPECT_THAT(workload_change_line(h, s),
              HasSubstr("rand_read_8k: the workload changed at run 4 (2026-11-03T00:00:00Z): "
                        "queue_depth 1 -> 32; its iops is compared from that run on"));
  std::ostringstream page;
  write_history_html(page, h, "/* chart.js */");
  EXPECT_THAT(page.str(), HasSubstr("the workload changed at run 4"));
}

TEST(History, EachCheckFigureHasItsValuesBoundsBaselineAndChangePerRun) {
  const History h = build_history({{"d3", run_at("2026-11-03T00:00:00Z", 3000)},
                                   {"d1", run_at("2026-11-01T00:00:00Z", 4000)},
                                   {"d2", run_at("2026-11-02T00:00:00Z", 4040)},
                                   {"d0", run_at("2026-10-31T00:00:00Z", 3960)}});
  ASSERT_EQ(h.runs.size(), 4u);
  EXPECT_EQ(h.runs[0].source, "d0") << "oldest first, whatever the order given";
  EXPECT_EQ(h.runs[3].source, "d3");
  ASSERT_EQ(h.series.size(), 2u);
  const HistorySeries& s = h.series[0];
  EXPECT_EQ(s.check, "rand_read_8k");
  EXPECT_EQ(s.figure, "iops");
  EXPECT_EQ(s.bound_key, "iops_min");
  EXPECT_DOUBLE_EQ(s.values[0], 990);
  EXPECT_DOUBLE_EQ(s.values[3], 750);
  EXPECT_DOUBLE_EQ(s.bounds[1], 300);
  EXPECT_TRUE(std::isnan(s.baseline_low[0])) << "no baseline for it";
  EXPECT_THAT(s.changed_at, Optional(3u));
  EXPECT_THAT(change_line(h, s), HasSubstr("rand_read_8k iops: 1000 -> 750 (-25.0%) at run 4 "
                                           "(2026-11-03T00:00:00Z), beyond the earlier runs' "
                                           "990-1010"));
  const HistorySeries& compared = h.series[1];
  EXPECT_DOUBLE_EQ(compared.bounds[0], 360) << "the relative bound as it stood on the baseline";
  EXPECT_DOUBLE_EQ(compared.baseline_low[0], 380);
  EXPECT_DOUBLE_EQ(compared.baseline_high[0], 420);
  EXPECT_FALSE(compared.changed_at.has_value());

  std::ostringstream page;
  write_history_html(page, h, "/* chart.js */");
  EXPECT_THAT(page.str(), HasSubstr("<canvas id=\"hist-0\" width=\"640\" height=\"280\" "
                                    "data-bounds=\"1\" data-change=\"4\">"));
  EXPECT_THAT(page.str(), HasSubstr("<canvas id=\"hist-1\" width=\"640\" height=\"280\" "
                                    "data-bounds=\"1\"></canvas>"));
  EXPECT_THAT(page.str(), HasSubstr("<div id=\"changes\" class=\"changed\">"));
  EXPECT_THAT(page.str(), HasSubstr("<td class=\"num\">380-420</td>"));
  EXPECT_THAT(page.str(), HasSubstr("\"change\":3,"));
  // The x axis: run number and month-day hour:minute; the table has the whole stamp.
  EXPECT_THAT(page.str(),
              HasSubstr("\"labels\":[\"1 10-31 00:00\",\"2 11-01 00:00\",\"3 11-02 00:00\","));
}

TEST(History, ACheckInOnlyOneRunIsLeftOutAndSaidSo) {
  RunRecord later = run_at("2026-11-02T00:00:00Z", 4000);
  later.checks[1].check = "renamed";
  const History h =
      build_history({{"a", run_at("2026-11-01T00:00:00Z", 4000)}, {"b", std::move(later)}});
  ASSERT_EQ(h.series.size(), 1u);
  ASSERT_EQ(h.notes.size(), 2u);
  EXPECT_THAT(h.notes[0], HasSubstr("fewer than two of the 2 runs (present in 1)"));
}

std::string refusal(std::vector<std::pair<std::string, RunRecord>> runs) {
  try {
    build_history(std::move(runs));
  } catch (const HistoryError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(History, RefusesAnotherDatastoreNothingInCommonAndASingleRun) {
  RunRecord elsewhere = run_at("2026-11-02T00:00:00Z", 4000);
  elsewhere.context.datastore = "/mnt/other";
  EXPECT_EQ(refusal({{"a", run_at("2026-11-01T00:00:00Z", 4000)}, {"b", elsewhere}}),
            "b: results of datastore /mnt/other on host rack2-rig-01, but a holds results of "
            "datastore /mnt/array on host rack2-rig-01: a history is of one datastore");
  RunRecord other_host = run_at("2026-11-02T00:00:00Z", 4000);
  other_host.context.host_label = "rack3";
  EXPECT_THAT(refusal({{"a", run_at("2026-11-01T00:00:00Z", 4000)}, {"b", other_host}}),
              HasSubstr("a history is of one datastore"));

  RunRecord disjoint = run_at("2026-11-02T00:00:00Z", 4000);
  for (CheckRecord& c : disjoint.checks) c.check += "_v2";
  EXPECT_EQ(refusal({{"a", run_at("2026-11-01T00:00:00Z", 4000)}, {"b", disjoint}}),
            "no check has figures in two of the 2 runs: nothing in common to draw");
  EXPECT_THAT(refusal({{"a", run_at("2026-11-01T00:00:00Z", 4000)}}),
              HasSubstr("at least two runs, got 1"));
  EXPECT_EQ(refusal({{"a", run_at("2026-11-01T00:00:00Z", 4000)}, {"empty", RunRecord{}}}),
            "empty: holds no iogate check results");
}

// A check's file name: its name's letters and digits ('<' and '>' are no file name on Windows).
std::string file_name_of(const CheckRecord& c) {
  std::string name = c.check;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name + ".json";
}

TEST(History, ReadsDirectoriesAndNamesTheOneThatIsMissing) {
  const test::TempDir dir;
  const RunRecord a = run_at("2026-11-01T00:00:00Z", 4000);
  for (const CheckRecord& c : a.checks)
    write_json_file(dir.path() / "a" / file_name_of(c), check_to_json(c, a.context));
  const RunRecord b = run_at("2026-11-02T00:00:00Z", 3000);
  for (const CheckRecord& c : b.checks)
    write_json_file(dir.path() / "b" / file_name_of(c), check_to_json(c, b.context));
  const History h = read_history({dir.path() / "a", dir.path() / "b"});
  EXPECT_EQ(h.runs.size(), 2u);
  EXPECT_DOUBLE_EQ(h.series[1].baseline_high[1], 420) << "the baseline band survives the JSON";
  EXPECT_DOUBLE_EQ(h.series[1].bounds[1], 360);
  const auto refused = [&](std::vector<std::filesystem::path> dirs) {
    try {
      read_history(dirs);
    } catch (const HistoryError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refused({dir.path() / "a", dir.path() / "nope"}),
            (dir.path() / "nope").string() + ": no such directory");
  EXPECT_EQ(refused({dir.path() / "a", dir.path() / "a"}),
            (dir.path() / "a").string() + ": given twice");
}

}  // namespace
}  // namespace iogate
