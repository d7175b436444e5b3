#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"
#include "iogate_test/golden.hpp"
#include "iogate_test/sample_report.hpp"

namespace iogate {
namespace {

std::string prom_of(const RunRecord& report) {
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

// A label set as the exposition format writes it: name="value", separated by commas, the value
// escaping only a backslash, a double quote and a newline. Empty when `text` is not one.
std::optional<std::map<std::string, std::string>> parse_labels(const std::string& text) {
  static const std::regex pair(R"re(([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)")re");
  std::map<std::string, std::string> labels;
  std::size_t at = 0;
  while (at < text.size()) {
    std::smatch m;
    const std::string rest = text.substr(at);
    if (!std::regex_search(rest, m, pair, std::regex_constants::match_continuous)) return {};
    if (!labels.emplace(m[1].str(), m[2].str()).second) return {};  // a label named twice
    at += static_cast<std::size_t>(m.length(0));
    if (at < text.size() && text[at++] != ',') return {};
  }
  return labels;
}

// What node_exporter's textfile collector insists on: a newline at the end, no timestamps, every
// family's samples together under one HELP and TYPE (HELP first), every label set well formed, and
// no series twice.
TEST(PromWriter, IsWhatTheTextfileCollectorAccepts) {
  const std::string text = prom_of(test::sample_report());
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  const std::regex sample(R"(^([a-zA-Z_:][a-zA-Z0-9_:]*)\{(.*)\} (-?[0-9.e+-]+|NaN|[+-]Inf)$)");
  std::vector<std::string> families;
  std::set<std::string> series;
  bool typed = false;
  for (const std::string& line : lines_of(text)) {
    if (line.rfind("# HELP ", 0) == 0) {
      families.push_back(line.substr(7, line.find(' ', 7) - 7));
      typed = false;
      continue;
    }
    if (line.rfind("# TYPE ", 0) == 0) {
      ASSERT_FALSE(families.empty()) << "TYPE before any HELP: " << line;
      EXPECT_EQ(line, "# TYPE " + families.back() + " gauge");
      typed = true;
      continue;
    }
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, sample)) << line;
    EXPECT_TRUE(typed) << "a sample before its family's TYPE: " << line;
    EXPECT_EQ(m[1].str(), families.back()) << "a sample outside its family: " << line;
    EXPECT_TRUE(parse_labels(m[2].str()).has_value()) << "labels: " << line;
    EXPECT_TRUE(series.insert(m[1].str() + "{" + m[2].str() + "}").second) << "twice: " << line;
  }
  std::set<std::string> distinct(families.begin(), families.end());
  EXPECT_EQ(distinct.size(), families.size()) << "a family announced twice";
}

// The samples of one family, by their label sets.
std::map<std::map<std::string, std::string>, std::string> family_of(const std::string& text,
                                                                    const std::string& name) {
  std::map<std::map<std::string, std::string>, std::string> out;
  for (const std::string& line : lines_of(text)) {
    if (line.rfind(name + "{", 0) != 0) continue;
    const std::size_t close = line.rfind("} ");
    const auto labels = parse_labels(line.substr(name.size() + 1, close - name.size() - 1));
    if (labels) out[*labels] = line.substr(close + 2);
  }
  return out;
}

std::map<std::string, std::string> where(const CheckRecord& c,
                                         std::map<std::string, std::string> more = {}) {
  more.insert({{"suite", "quick"},
               {"check", c.check},
               {"host", "rack2-rig-01"},
               {"datastore", "/mnt/array"}});
  return more;
}

ExpectationRecord bound_on(const std::string& key, const std::string& figure, double bound) {
  ExpectationRecord e;
  e.key = key;
  e.decision = "holds";
  e.figures.figure = figure;
  e.figures.bound = bound;
  return e;
}

// Each bound stands beside the gauge of the figure it bounds, in that gauge's unit: MB/s (MiB/s)
// as bytes per second, a duration and latencies in seconds, a direction's bound with its label.
// A bound not known here (a peers bound) has no series.
TEST(PromWriter, EachBoundIsInTheUnitOfTheGaugeItBounds) {
  RunRecord report = test::sample_report();
  CheckRecord& c = report.checks[0];
  c.expectations = {bound_on("iops_min", "iops", 300),
                    bound_on("mbps_min", "mbps", 20),
                    bound_on("duration_max", "duration_s", 180),
                    bound_on("latency_p99_max", "latency_p99_ms", 50),
                    bound_on("latency_p99.9_max", "latency_p99.9_ms", 80),
                    bound_on("read_iops_min", "read_iops", 250),
                    bound_on("write_latency_avg_max", "write_latency_avg_ms", 2),
                    bound_on("mbps_min", "mbps", NAN)};
  c.expectations.back().decision = "fleet";
  const auto bounds = family_of(prom_of(report), "iogate_check_bound");
  const std::map<std::map<std::string, std::string>, std::string> expected = {
      {where(c, {{"figure", "iops"}, {"sense", "min"}}), "300"},
      {where(c, {{"figure", "throughput_bytes_per_second"}, {"sense", "min"}}), "20971520"},
      {where(c, {{"figure", "run_seconds"}, {"sense", "max"}}), "180"},
      {where(c, {{"figure", "latency_p99_seconds"}, {"sense", "max"}}), "0.05"},
      {where(c, {{"figure", "latency_p99_9_seconds"}, {"sense", "max"}}), "0.08"},
      {where(c, {{"figure", "direction_iops"}, {"direction", "read"}, {"sense", "min"}}), "250"},
      {where(
           c,
           {{"figure", "direction_latency_avg_seconds"}, {"direction", "write"}, {"sense", "max"}}),
       "0.002"},
      // the golden's failing check: 90% of its baseline's 400 IOPS (its name as escaped)
      {where(report.checks[1],
             {{"check", R"(seq_<write>_&_\"8k\"\\x01)"}, {"figure", "iops"}, {"sense", "min"}}),
       "360"},
  };
  EXPECT_EQ(bounds, expected);
}

// A run of both directions has each direction's figures in families of their own, labelled by
// direction, which add up to the run's; a run of one direction has none (its figures are the
// run's), so no sum() counts a check twice.
TEST(PromWriter, EachDirectionOfAMixedRunHasFiguresOfItsOwn) {
  const RunRecord report = test::sample_report();
  const std::string text = prom_of(report);
  const CheckRecord& mixed = report.checks[2];
  ASSERT_EQ(mixed.check, "rand_mixed");
  const auto iops = family_of(text, "iogate_check_direction_iops");
  ASSERT_EQ(iops.size(), 2u) << text;
  const double read = std::stod(iops.at(where(mixed, {{"direction", "read"}})));
  const double write = std::stod(iops.at(where(mixed, {{"direction", "write"}})));
  EXPECT_DOUBLE_EQ(read, mixed.result.iops_of(IoDirection::read));
  EXPECT_DOUBLE_EQ(read + write, mixed.result.iops());
  for (const char* family :
       {"iogate_check_direction_throughput_bytes_per_second",
        "iogate_check_direction_latency_avg_seconds", "iogate_check_direction_latency_p99_seconds",
        "iogate_check_direction_latency_max_seconds"}) {
    const auto samples = family_of(text, family);
    EXPECT_EQ(samples.size(), 2u) << family;
    for (const auto& [labels, value] : samples) EXPECT_EQ(labels.at("check"), "rand_mixed");
  }
  EXPECT_EQ(family_of(text, "iogate_check_iops").size(), 3u) << "the run's figures, unlabelled";
  // Without a check that did both, no direction's family is announced at all.
  RunRecord one_way = report;
  one_way.checks.erase(one_way.checks.begin() + 2);
  EXPECT_EQ(prom_of(one_way).find("direction"), std::string::npos) << prom_of(one_way);
}

// A state set: five series a check, in run order, exactly one of them 1: its record's status.
TEST(PromWriter, EachCheckHasExactlyOneStatusSet) {
  const RunRecord report = test::sample_report();
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
  const RunRecord report = test::sample_report();
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
  RunRecord report = test::sample_report();
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
  RunRecord report = test::sample_report();
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
