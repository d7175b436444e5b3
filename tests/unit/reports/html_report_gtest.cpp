// The run report's page at a glance (html_writer.cpp): the verdict banner, the count chips, the
// bounds each chart must draw, and the last partial interval. What the browser draws from this
// is checked in headless Chromium (tests/e2e/reports_html_test.sh).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "iogate/reports/report_formats.hpp"
#include "iogate_test/sample_report.hpp"

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
  EXPECT_THAT(banner, HasSubstr("<b>PASS</b>: the check passed"));
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
  EXPECT_THAT(banner_of(page_of(r)), HasSubstr("<b>PASS</b>: 1 check passed, 1 skipped"));
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
  EXPECT_THAT(page, HasSubstr("id=\"tp-0-iops\" width=\"560\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("id=\"lat-0\" width=\"560\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("Dashed red: iops_min 300 IOPS."));
  EXPECT_THAT(page, HasSubstr("Dashed red: latency_p99_max 50 ms."));
  EXPECT_THAT(page, HasSubstr("duration_max 180 s is not charted"));
  // The relative bound, resolved on the baseline (0.9 x 400), and its ratio on the baseline chart.
  EXPECT_THAT(page, HasSubstr("id=\"tp-1-iops\" width=\"560\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("id=\"bl-1\" width=\"420\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page,
              HasSubstr("{\"label\":\"iops_min 360 IOPS\",\"off_scale\":false,\"value\":360.0}"));
  EXPECT_THAT(page, HasSubstr("\"bound\":0.9,"));
  EXPECT_THAT(page, HasSubstr("baseline 400 IOPS (its runs 380-420 IOPS), now 250 IOPS (-37.5%); "
                              "now/baseline 0.61-0.64."));
  // Without a baseline a relative bound has no place on a chart.
  EXPECT_THAT(page, HasSubstr("id=\"tp-2-iops\" width=\"560\" height=\"280\" data-bounds=\"0\""));
}

// One quantity per chart: the rate a bound names; without one, the rate a workload is judged by;
// both, apart, when the block sizes are mixed (one no longer follows from the other).
TEST(HtmlReport, EachRateHasAChartOfItsOwn) {
  RunReport r = only_passing();
  CheckRecord& c = r.checks[0];
  EXPECT_THAT(page_of(r), HasSubstr("id=\"tp-0-iops\""));
  EXPECT_THAT(page_of(r), Not(HasSubstr("id=\"tp-0-mbps\"")));
  EXPECT_THAT(page_of(r), HasSubstr("MB/s is IOPS x 8 KiB here (one block size)."));
  c.expectations.clear();
  c.workload.random_pct = 0;
  EXPECT_THAT(page_of(r), HasSubstr("id=\"tp-0-mbps\""));
  EXPECT_THAT(page_of(r), Not(HasSubstr("id=\"tp-0-iops\"")));
  EXPECT_THAT(page_of(r), HasSubstr("IOPS is MB/s / 8 KiB here (one block size)."));
  c.workload.block_mix = {{4096, 50}, {65536, 50}};
  const std::string mixed = page_of(r);
  EXPECT_THAT(mixed, HasSubstr("id=\"tp-0-iops\""));
  EXPECT_THAT(mixed, HasSubstr("id=\"tp-0-mbps\""));
  EXPECT_THAT(mixed, Not(HasSubstr("(one block size)")));
}

// The 446x shortfall: the axis stays on the figures, the bound is a marker on its edge, and the
// caption says how far off it is.
TEST(HtmlReport, ABoundFarOffTheFiguresIsMarkedAtTheEdge) {
  RunReport r = only_passing();
  ExpectationRecord& e = r.checks[0].expectations[0];
  e.figures.bound = 446000;  // the run's seconds each did 1000 IOPS
  const std::string page = page_of(r);
  EXPECT_THAT(page, HasSubstr("data-bounds=\"1\" data-off-scale=\"1\" data-off-bound=\"446000\""));
  EXPECT_THAT(page, HasSubstr("iops_min 446000 IOPS is off the scale, 446x the highest interval "
                              "(1000.00 IOPS)"));
  EXPECT_THAT(page, HasSubstr("\"off_scale\":true"));
  e.figures.bound = 1900;  // under twice the figures: on the scale, a dashed line
  EXPECT_THAT(page_of(r), HasSubstr("data-off-scale=\"0\""));
  EXPECT_THAT(page_of(r), HasSubstr("Dashed red: iops_min 1900 IOPS."));
}

TEST(HtmlReport, TheChartedRunIsNamed) {
  RunReport r = only_passing();
  CheckRecord& c = r.checks[0];
  EXPECT_THAT(page_of(r), HasSubstr("IOPS per one-second interval of the run (axis from zero)."));
  c.repeats = {c.result, c.result, c.result, c.result, c.result};
  c.shown_run = 3;
  EXPECT_THAT(page_of(r),
              HasSubstr("IOPS per one-second interval of run 3 of 5 (axis from zero)."));
}

TEST(HtmlReport, TheLastPartialIntervalIsLeftOutAndSaidSo) {
  RunReport r = only_passing();
  r.checks[0].result.intervals.push_back({4.0, 0.000072, 131072, 1});
  const std::string page = page_of(r);
  EXPECT_THAT(page, HasSubstr("The last interval (0.072 ms, 1 I/O, 1736.11 MB/s over its own "
                              "length) is left out: too short to give a rate."));
  EXPECT_THAT(page, Not(HasSubstr("[4.000072,")));
  EXPECT_THAT(page, HasSubstr("\"points\":[[1.0,"));

  // A run shorter than a second has only that interval: drawn, and said to be partial.
  r.checks[0].result.intervals = {{0.0, 0.5, 4096000, 500}};
  const std::string short_run = page_of(r);
  EXPECT_THAT(short_run, HasSubstr("The run's only interval is partial: its rate is over its "
                                   "real length, 500 ms."));
  EXPECT_THAT(short_run, HasSubstr("\"points\":[[0.5,1000.0]]"));
}

}  // namespace
}  // namespace iogate
