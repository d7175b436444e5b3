// iogate's --iometer-csv read back by the reader of IOMeter's own result files: every line in the
// shape IOMeter 1.1.0's writer gives it, and every figure written is the figure read.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "iogate/reports/report_formats.hpp"
#include "iogate_test/sample_report.hpp"
#include "iometer/result_csv.hpp"

namespace iogate {
namespace {

std::string written(const RunRecord& report = test::sample_report()) {
  std::ostringstream out;
  const auto writer = make_iometer_csv_writer(out);
  write_report(*writer, report);
  return out.str();
}

// A field as IOMeter's reader sees it once the writer has made it a name (its commas and control
// characters as spaces).
std::string as_name(std::string text) {
  for (char& c : text)
    if (c == ',' || static_cast<unsigned char>(c) < 0x20) c = ' ';
  return text;
}

TEST(IometerCsvRoundTrip, IogatesFileReadsAsIometersWithItsFigures) {
  const RunRecord report = test::sample_report();
  const iometer::ResultCsv csv = iometer::parse_result_csv_text(written(), "iogate.csv");
  EXPECT_EQ(csv.version, "iogate 0.1.0");
  ASSERT_EQ(csv.tests.size(), report.checks.size());
  for (std::size_t i = 0; i < report.checks.size(); ++i) {
    const CheckRecord& c = report.checks[i];
    const RunResult& r = c.result;
    SCOPED_TRACE(c.check);
    const iometer::ResultTest& t = csv.tests[i];
    ASSERT_TRUE(t.all.spec);
    EXPECT_EQ(t.all.spec->name, as_name(c.check));
    ASSERT_EQ(t.all.spec->lines.size(), 1u);
    EXPECT_EQ(t.all.spec->lines[0].size, c.workload.block_size);
    EXPECT_EQ(t.all.spec->lines[0].reads, static_cast<unsigned>(c.workload.read_pct));
    EXPECT_EQ(t.all.spec->lines[0].random, static_cast<unsigned>(c.workload.random_pct));
    // Figures are written to IOMeter's 6 decimals.
    EXPECT_NEAR(t.all.iops, r.iops(), 5e-7);
    EXPECT_NEAR(t.all.mbps, r.mbps(), 5e-7);
    EXPECT_NEAR(t.all.latency_avg_ms, r.lat_avg_ms(), 5e-7);
    EXPECT_NEAR(t.all.latency_max_ms, r.lat_max_ms(), 5e-7);
    EXPECT_EQ(t.all.managers, 1u);
    EXPECT_EQ(t.all.workers, r.workers);
    ASSERT_EQ(t.managers.size(), 1u);
    EXPECT_EQ(t.managers[0].name, report.context.host_shown());
    EXPECT_DOUBLE_EQ(t.managers[0].iops, t.all.iops);
  }
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields(1);
  for (const char c : line) {
    if (c == ',')
      fields.emplace_back();
    else
      fields.back().push_back(c);
  }
  return fields;
}

// The shapes IOMeter's own readers (spreadsheets, scripts splitting on commas) meet in its files.
TEST(IometerCsvRoundTrip, LinesHaveIometersShapes) {
  const std::string text = written();
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    ASSERT_TRUE(!line.empty() && line.back() == '\r') << "not CRLF: " << line;
    line.pop_back();
    lines.push_back(line);
  }
  ASSERT_GE(lines.size(), 6u);
  // Once per run, as CPageSetup::SaveResults and CGalileoView::TestDone write them.
  EXPECT_EQ(lines[0], "'Test Type,Test Description");
  EXPECT_EQ(lines[1], "0,quick");
  EXPECT_EQ(lines[2], "'Version");
  EXPECT_EQ(lines[4], "'Time Stamp");
  EXPECT_EQ(lines.back(), "'End Test");
  int end_tests = 0, spec_lines = 0, rows = 0;
  std::size_t header = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    end_tests += l == "'End Test";
    if (l == "'size,% of size,% reads,% random,delay,burst,align,reply") {
      // AccessSpecList::SaveResults ends each line with a comma.
      const std::vector<std::string> f = split(lines[i + 1]);
      EXPECT_EQ(f.size(), 9u) << lines[i + 1];
      EXPECT_EQ(f.back(), "");
      ++spec_lines;
    } else if (l.rfind("'Target Type,", 0) == 0) {
      header = split(l).size();
      EXPECT_EQ(header, 80u);
      EXPECT_EQ(split(l).back(), " >= 10 s");
    } else if (l.rfind("ALL,", 0) == 0 || l.rfind("MANAGER,", 0) == 0) {
      const std::vector<std::string> f = split(l);
      EXPECT_EQ(f.size(), header) << l;
      EXPECT_EQ(f[3].empty(), f[0] == "MANAGER") << "# Managers: " << l;
      ++rows;
    }
  }
  EXPECT_EQ(end_tests, 1);
  EXPECT_EQ(spec_lines, 5);  // one a check of the sample
  EXPECT_EQ(rows, 10);
}

// The latency bins hold every I/O of the run, each in the bin of its response time.
TEST(IometerCsvRoundTrip, LatencyBinsCountTheRunsIos) {
  const RunRecord report = test::sample_report();
  std::istringstream in(written());
  std::size_t check = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("ALL,", 0) != 0) continue;
    line.pop_back();
    const std::vector<std::string> f = split(line);
    const RunResult& r = report.checks.at(check++).result;
    std::uint64_t sum = 0;
    for (std::size_t b = 59; b < f.size(); ++b) sum += std::stoull(f[b]);
    EXPECT_EQ(sum, r.latency.count());
    // The sample's reads take 0.1 to 1.06 ms: none below 50 us or above 2 ms, most from 100 us
    // (those at exactly 100 us may count in the bin below: within the histogram's bound).
    if (r.ios_written == 0 && r.ios_read > 0) {
      EXPECT_EQ(f[59], "0");
      EXPECT_NE(f[61], "0");
      EXPECT_NE(f[63], "0");
      EXPECT_EQ(f[65], "0");
    }
  }
  EXPECT_EQ(check, report.checks.size());
}

// A host label a spreadsheet would run as a formula is written as text: a leading "'", read back
// with it, never a cell that starts with "=", "+", "-" or "@".
TEST(IometerCsvRoundTrip, NamesThatLookLikeFormulasAreWrittenAsText) {
  for (const std::string label : {"=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)"}) {
    SCOPED_TRACE(label);
    RunRecord report = test::sample_report();
    report.context.host_label = label;
    const std::string text = written(report);
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      for (const std::string& f : split(line))
        EXPECT_TRUE(f.empty() || std::string_view("=+@").find(f.front()) == std::string::npos ||
                    f == "-1")
            << "a cell a spreadsheet runs: " << f;
    const iometer::ResultCsv csv = iometer::parse_result_csv_text(text, "iogate.csv");
    ASSERT_FALSE(csv.tests.empty());
    ASSERT_EQ(csv.tests[0].managers.size(), 1u);
    EXPECT_EQ(csv.tests[0].managers[0].name, "'" + report.context.host_shown());
  }
}

}  // namespace
}  // namespace iogate
