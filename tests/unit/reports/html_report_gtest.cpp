// The run report's page at a glance (html_writer.cpp): the verdict banner, the count chips, the
// bounds each chart must draw, and the last partial interval. What the browser draws from this
// is checked in headless Chromium (tests/e2e/reports_html_test.sh).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "iogate/reports/report_formats.hpp"
#include "sample_report.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string page_of(const RunReport& report) {
  std::ostringstream out;
  write_report(*make_html_writer(out, "/* chart.js */"), report);
  return out.str();
}

// The text between the verdict banner's start and its end.
std::string banner_of(const std::string& page) {
  const std::size_t at = page.find("<div id=\"verdict\"");
  if (at == std::string::npos) return {};
  return page.substr(at, page.find("</div>", at) - at);
}

RunReport only_passing() {
  RunReport r = test::sample_report();
  r.checks.resize(1);
  return r;
}

TEST(HtmlReport, BannerOfAPassingRunSaysPass) {
  const std::string page = page_of(only_passing());
  const std::string banner = banner_of(page);
  EXPECT_THAT(banner, HasSubstr("class=\"pass\""));
  EXPECT_THAT(banner, HasSubstr("<b>PASS</b>: all 1 checks passed"));
  EXPECT_THAT(banner, Not(HasSubstr("<li")));
  EXPECT_LT(page.find("id=\"verdict\""), page.find("class=\"counts\"")) << "the banner comes first";
}

TEST(HtmlReport, BannerOfAFailingRunListsEveryCheckThatDidNotPassWithItsReason) {
  const std::string banner = banner_of(page_of(test::sample_report()));
  EXPECT_THAT(banner, HasSubstr("class=\"fail\""));
  EXPECT_THAT(banner, HasSubstr("<b>FAIL</b>: 3 of 5 checks did not pass"));
  EXPECT_THAT(banner,
              HasSubstr("<b>FAIL</b>: seq_&lt;write&gt;: iops 250.00 &lt; iops_min 300.00"));
  EXPECT_THAT(banner, HasSubstr("<b>ERROR</b>: no_space: error: needs 1.10 GiB"));
  EXPECT_THAT(banner, HasSubstr("<b>UNSTABLE</b>: rand_mixed: unstable"));
  EXPECT_THAT(banner, HasSubstr("<b>SKIPPED</b>: no baseline recorded"));
  EXPECT_THAT(banner, Not(HasSubstr("rand_read_8k"))) << "a passing check is not listed";
}

TEST(HtmlReport, SkippedChecksDoNotSpoilAPass) {
  RunReport r = test::sample_report();
  r.checks = {r.checks[0], r.checks[3]};
  EXPECT_THAT(banner_of(page_of(r)), HasSubstr("<b>PASS</b>: 1 checks passed, 1 skipped"));
  r.checks = {r.checks[1]};
  r.checks[0].status = CheckStatus::skipped;
  EXPECT_THAT(banner_of(page_of(r)), HasSubstr("<b>NO VERDICT</b>"));
}

TEST(HtmlReport, ChipsAreNeutralAtZero) {
  const std::string page = page_of(only_passing());
  EXPECT_THAT(page, HasSubstr("<span class=\"pass\">1 pass</span>"));
  EXPECT_THAT(page, HasSubstr("<span class=\"zero\">0 fail</span>"));
  EXPECT_THAT(page, HasSubstr("<span class=\"zero\">0 error</span>"));
  const std::string all = page_of(test::sample_report());
  EXPECT_THAT(all, HasSubstr("<span class=\"fail\">1 fail</span>"));
  EXPECT_THAT(all, HasSubstr("<span class=\"error\">1 error</span>"));
}

TEST(HtmlReport, EachChartSaysHowManyBoundsItDraws) {
  RunReport r = test::sample_report();
  r.checks[0].expectations.push_back(
      {"latency_p99_max", "holds", "", {}, {"latency_p99_ms", 50, 1, 1, 2, false}});
  r.checks[0].expectations.push_back(
      {"duration_max", "holds", "", {}, {"duration_s", 180, 4, 4, 4, false}});
  const std::string page = page_of(r);
  EXPECT_THAT(page, HasSubstr("id=\"tp-0\" width=\"560\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("id=\"lat-0\" width=\"560\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("Dashed red: iops_min 300 IOPS."));
  EXPECT_THAT(page, HasSubstr("Dashed red: latency_p99_max 50 ms."));
  EXPECT_THAT(page, HasSubstr("duration_max 180 is not charted"));
  // The relative bound, resolved on the baseline (0.9 x 400), and its ratio on the baseline chart.
  EXPECT_THAT(page, HasSubstr("id=\"tp-1\" width=\"560\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("id=\"bl-1\" width=\"420\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("\"axis\":\"iops\",\"key\":\"iops_min\",\"value\":360.0"));
  EXPECT_THAT(page, HasSubstr("\"bound\":0.9,"));
  EXPECT_THAT(page, HasSubstr("baseline 400 (its runs 380-420), now 250 (-37.5%); "
                              "now/baseline 0.61-0.64."));
  // Without a baseline a relative bound has no place on a chart.
  EXPECT_THAT(page, HasSubstr("id=\"tp-2\" width=\"560\" height=\"280\" data-bounds=\"0\""));
}

TEST(HtmlReport, TheLastPartialIntervalIsLeftOutAndSaidSo) {
  RunReport r = only_passing();
  r.checks[0].result.intervals.push_back({4.0, 0.000072, 131072, 1});
  const std::string page = page_of(r);
  EXPECT_THAT(page, HasSubstr("The last interval (0.072 ms, 1 I/O, 1736.11 MB/s over its own "
                              "length) is left out: too short to give a rate."));
  EXPECT_THAT(page, Not(HasSubstr("[4.000072,")));
  EXPECT_THAT(page, HasSubstr("\"intervals\":[[1.0,"));

  // A run shorter than a second has only that interval: drawn, and said to be partial.
  r.checks[0].result.intervals = {{0.0, 0.5, 4096000, 500}};
  const std::string short_run = page_of(r);
  EXPECT_THAT(short_run, HasSubstr("The run's only interval is partial: its rate is over its "
                                   "real length, 500 ms."));
  EXPECT_THAT(short_run, HasSubstr("\"intervals\":[[0.5,7.8125,1000.0]]"));
}

}  // namespace
}  // namespace iogate
