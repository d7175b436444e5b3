// A shortfall weighed again after a pause (verdicts/confirmation.hpp) shows under its
// check in every human format and as key=value figures in JUnit, whatever the verdict: a
// transient pass shows the neighbour; text read back from others stays escaped.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "iogate/reports/report_formats.hpp"
#include "iogate_test/sample_report.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

RunRecord with_transient_pass() {
  RunRecord report = test::sample_report();
  CheckRecord& pass = report.checks.front();
  EXPECT_EQ(pass.status, CheckStatus::pass);
  ConfirmationRecord c;
  c.outcome = "transient";
  c.first_at = "2026-12-03T19:12:40.518Z";
  c.first_runs = 8;
  c.first = {"iops 0.46-0.51x baseline (bound 0.90x) after 8 runs: broken <script>"};
  c.pause_s = 30;
  c.second_at = "2026-12-03T19:13:27.001Z";
  c.second = {"iops 0.98-1.01x baseline (bound 0.90x) after 5 runs: holds"};
  pass.confirmation = c;
  return report;
}

std::string written(std::unique_ptr<ReportWriter> (*make)(std::ostream&), const RunRecord& report) {
  std::ostringstream out;
  write_report(*make(out), report);
  return out.str();
}

constexpr const char* kLine =
    "transient: first sample at 2026-12-03T19:12:40.518Z: iops 0.46-0.51x baseline (bound "
    "0.90x) after 8 runs: broken";

TEST(ConfirmationReport, ATransientPassShowsWhatTheFirstSampleSawEverywhere) {
  const RunRecord report = with_transient_pass();
  std::ostringstream console;
  write_report(*make_console_writer(console, false), report);
  EXPECT_THAT(console.str(), HasSubstr(std::string("rand_read_8k: ") + kLine));
  EXPECT_THAT(console.str(), HasSubstr("after a 30 s pause: iops 0.98-1.01x baseline"));
  EXPECT_THAT(written(make_markdown_writer, report), HasSubstr(kLine));
  std::ostringstream html;
  write_report(*make_html_writer(html, "/* chart.js */"), report);
  EXPECT_THAT(html.str(), HasSubstr(kLine));
  EXPECT_THAT(html.str(), HasSubstr("broken &lt;script&gt;"));
  EXPECT_THAT(html.str(), Not(HasSubstr("broken <script>")));
  const std::string junit = written(make_junit_writer, report);
  EXPECT_THAT(junit, HasSubstr("confirmation=transient\n"));
  EXPECT_THAT(junit, HasSubstr("confirmation.first_runs=8\n"));
  EXPECT_THAT(junit, HasSubstr("confirmation.pause_s=30\n"));
  EXPECT_THAT(junit, HasSubstr("confirmation.second=iops 0.98-1.01x baseline"));
  EXPECT_THAT(written(make_json_writer, report), HasSubstr("\"outcome\": \"transient\""));
}

TEST(ConfirmationReport, WithoutOneNothingIsAdded) {
  const RunRecord report = test::sample_report();
  EXPECT_THAT(written(make_markdown_writer, report), Not(HasSubstr("first sample at")));
  EXPECT_THAT(written(make_junit_writer, report), Not(HasSubstr("confirmation=")));
}

}  // namespace
}  // namespace iogate
