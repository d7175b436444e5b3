#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"
#include "iogate_test/golden.hpp"
#include "iogate_test/sample_report.hpp"

namespace iogate {
namespace {

std::string prom_of(const RunReport& report) {
  std::ostringstream out;
  write_report(*make_prom_writer(out), report);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(WritersGolden, Prometheus) {
  test::expect_golden("metrics.prom", prom_of(test::sample_report()));
}

// What node_exporter's textfile collector insists on: a newline at the end, no timestamps, every
// family's samples together under one HELP and TYPE, and no series twice.
TEST(PromWriter, IsWhatTheTextfileCollectorAccepts) {
  const std::string text = prom_of(test::sample_report());
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  const std::regex sample(R"(^([a-z_0-9]+)\{([^}]*)\} (-?[0-9.e+-]+|NaN|[+-]Inf)$)");
  std::vector<std::string> families;
  std::set<std::string> series;
  for (const std::string& line : lines_of(text)) {
    if (line.rfind("# HELP ", 0) == 0) {
      families.push_back(line.substr(7, line.find(' ', 7) - 7));
      continue;
    }
    if (line.rfind("# TYPE ", 0) == 0) {
      EXPECT_EQ(line, "# TYPE " + families.back() + " gauge");
      continue;
    }
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, sample)) << line;
    EXPECT_EQ(m[1].str(), families.back()) << "a sample outside its family: " << line;
    EXPECT_TRUE(series.insert(m[1].str() + "{" + m[2].str() + "}").second) << "twice: " << line;
  }
  std::set<std::string> distinct(families.begin(), families.end());
  EXPECT_EQ(distinct.size(), families.size()) << "a family announced twice";
}

// A state set: five series a check, in run order, exactly one of them 1: its record's status.
TEST(PromWriter, EachCheckHasExactlyOneStatusSet) {
  const RunReport report = test::sample_report();
  std::vector<std::string> status;
  for (const std::string& line : lines_of(prom_of(report)))
    if (line.rfind("iogate_check_status{", 0) == 0) status.push_back(line);
  ASSERT_EQ(status.size(), 5 * report.checks.size());
  for (std::size_t i = 0; i < report.checks.size(); ++i) {
    int set = 0;
    for (std::size_t k = 5 * i; k < 5 * i + 5; ++k) {
      if (status[k].back() != '1') continue;
      ++set;
      EXPECT_NE(status[k].find(std::string("status=\"") + status_name(report.checks[i].status)),
                std::string::npos)
          << status[k];
    }
    EXPECT_EQ(set, 1) << report.checks[i].check;
  }
}

// A check that never ran has a status but no figures: a zero would read as a measurement.
TEST(PromWriter, ACheckThatNeverRanHasNoFigures) {
  const RunReport report = test::sample_report();
  const std::string text = prom_of(report);
  for (const CheckRecord& c : report.checks) {
    if (has_figures(c)) continue;
    for (const std::string& line : lines_of(text)) {
      if (line.find("check=\"" + c.check + "\"") != std::string::npos) {
        EXPECT_EQ(line.rfind("iogate_check_status{", 0), 0u) << line;
      }
    }
  }
}

// Names and labels come from threshold files and other hosts' results: a quote, a backslash or
// a newline must not end the label or start a sample of its own.
TEST(PromWriter, LabelValuesCannotBreakOutOfTheirQuotes) {
  RunReport report = test::sample_report();
  report.context.host_label = "vm\"07\\";
  report.checks[0].check = "evil\"} 1\niogate_check_status{check=\"forged";
  const std::string text = prom_of(report);
  EXPECT_EQ(text.find("\niogate_check_status{check=\"forged"), std::string::npos);
  EXPECT_NE(text.find(R"(check="evil\"} 1\\x0aiogate_check_status{check=\"forged")"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(R"(host="vm\"07\\")"), std::string::npos);
}

// A merge of two runs can meet a check twice on one datastore: one series, the last record.
TEST(PromWriter, ACheckMetTwiceKeepsItsLastRecord) {
  RunReport report = test::sample_report();
  CheckRecord again = report.checks[0];
  again.status = CheckStatus::fail;
  report.checks.push_back(again);
  const std::string text = prom_of(report);
  const std::string pass = "check=\"" + again.check + "\",host=";
  int status_lines = 0;
  for (const std::string& line : lines_of(text))
    if (line.rfind("iogate_check_status{", 0) == 0 && line.find(pass) != std::string::npos) {
      ++status_lines;
      if (line.back() == '1') {
        EXPECT_NE(line.find("status=\"fail\""), std::string::npos) << line;
      }
    }
  EXPECT_EQ(status_lines, 5);
}

}  // namespace
}  // namespace iogate
