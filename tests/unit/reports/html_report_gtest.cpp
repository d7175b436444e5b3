// The run report's page at a glance (html_writer.cpp): the verdict banner, the count chips, the
// bounds each chart must draw, and the last partial interval. What the browser draws from this
// is checked in headless Chromium (tests/e2e/reports_html_test.sh).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "iogate/reports/report_formats.hpp"
#include "iogate_test/sample_report.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string page_of(const RunRecord& report) {
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

RunRecord only_passing() {
  RunRecord r = test::sample_report();
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
  RunRecord r = test::sample_report();
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
  RunRecord r = test::sample_report();
  r.checks[0].expectations.push_back(
      {"latency_p99_max", "holds", "", {}, {"latency_p99_ms", 50, 1, 1, 2, false}});
  r.checks[0].expectations.push_back(
      {"duration_max", "holds", "", {}, {"duration_s", 180, 4, 4, 4, false}});
  const std::string page = page_of(r);
  EXPECT_THAT(page, HasSubstr("id=\"tp-0-iops\" width=\"560\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("id=\"lat-0\" width=\"560\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, HasSubstr("Dashed red: iops_min 300 IOPS."));
  EXPECT_THAT(page, HasSubstr("Dashed red: latency_p99_max 50 ms."));
  // A duration bound over the runs' durations, a chart of its own.
  EXPECT_THAT(page, HasSubstr("id=\"dur-0\" width=\"420\" height=\"280\" data-bounds=\"1\""));
  EXPECT_THAT(page, Not(HasSubstr("is not charted")));
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

ExpectationRecord duration_max(double bound, double low, double high) {
  return {"duration_max",
          "broken",
          "duration 3.90s-4.10s (duration_max 3.00s)",
          {},
          {"duration_s", bound, 4, low, high, false}};
}

// Seed 000's check is bounded by its duration alone: every run the verdict weighed is a bar, the
// bound a dashed line over them and the verdict's interval shaded; the table has the bound too.
TEST(HtmlReport, ADurationBoundIsDrawnOverTheRunsTheVerdictWeighed) {
  RunRecord r = only_passing();
  CheckRecord& c = r.checks[0];
  c.expectations = {duration_max(3, 3.9, 4.1)};
  c.status = CheckStatus::fail;
  c.repeats = {c.result, c.result, c.result};
  c.shown_run = 2;
  c.runs = 3;
  const std::string page = page_of(r);
  EXPECT_THAT(page, HasSubstr("<canvas id=\"dur-0\" width=\"420\" height=\"280\" "
                              "data-bounds=\"1\" data-off-scale=\"0\">"));
  EXPECT_THAT(page, HasSubstr("Duration of each of the 3 runs the verdict weighed (axis from "
                              "zero). Dashed red: duration_max 3 s. Shaded: the verdict's "
                              "interval, 3.9-4.1 s."));
  EXPECT_THAT(page, HasSubstr("\"duration\":{\"bounds\":[{\"label\":\"duration_max 3 s\","
                              "\"off_scale\":false,\"value\":3.0}],\"high\":4.1,\"low\":3.9,"
                              "\"top\":4.0,\"unit\":\"s\",\"values\":[4.0,4.0,4.0]}"));
  EXPECT_THAT(page, HasSubstr("<tr><td>duration_max</td><td>at most 3 s</td><td>duration "
                              "3.90s-4.10s (duration_max 3.00s)</td><td class=\"fail\">broken"
                              "</td></tr>"));
  // A ceiling far above the run (quick.toml's 2m on a run of seconds) is marked on the edge; an
  // interval with one end is not shaded, and the caption says why.
  c.expectations = {duration_max(120, NAN, 4)};
  c.repeats.clear();
  const std::string far = page_of(r);
  EXPECT_THAT(far, HasSubstr("data-bounds=\"1\" data-off-scale=\"1\""));
  EXPECT_THAT(far, HasSubstr("Duration of the run (axis from zero). duration_max 120 s is off the "
                             "scale, 30x the highest run (4.00 s)"));
  EXPECT_THAT(far, HasSubstr("Nothing is shaded: the verdict's interval has one end only"));
}

// Every bound has its row, charted or not: a direction's (the charts are of all I/Os), a peers
// one (left to iogate fleet), a relative one without a baseline to resolve it.
TEST(HtmlReport, EveryBoundHasARowWithItsDecision) {
  RunRecord r = only_passing();
  CheckRecord& c = r.checks[0];
  c.expectations.push_back({"read_iops_min",
                            "holds",
                            "read_iops at least 990.00 (read_iops_min "
                            "500.00)",
                            {},
                            {"read_iops", 500, 1000, 990, NAN, false}});
  c.expectations.push_back({"mbps_min", "fleet", "mbps 7.81 here; 70% of peers", 0.7, {}});
  const std::string page = page_of(r);
  EXPECT_THAT(page, HasSubstr("<tr><td>iops_min</td><td>at least 300 IOPS</td>"));
  EXPECT_THAT(page, HasSubstr("<tr><td>read_iops_min</td><td>at least 500 IOPS</td>"));
  EXPECT_THAT(page, HasSubstr("<td>70% of its peers&apos; (judged by iogate fleet)</td>"));
  EXPECT_THAT(page, HasSubstr("read_iops_min 500 IOPS is not charted: the charts are of all I/Os; "
                              "the bounds table above has it."));
}

// An undecided bound says why, in its row and where it is drawn; a caption speaks of an interval
// bar only where one is drawn, and says why one is missing.
TEST(HtmlReport, AnUndecidedBoundSaysWhyAndNoCaptionPromisesWhatIsNotDrawn) {
  const std::string golden = page_of(test::sample_report());
  EXPECT_THAT(golden, HasSubstr("<td class=\"unstable\">undecided: the interval iops 0.86-1.04x "
                                "baseline (bound 0.90x) reaches both sides of the bound: the runs "
                                "so far neither clear it nor break it; the check stopped at its "
                                "repeat_max, 2 runs</td>"));
  RunRecord r = test::sample_report();
  CheckRecord& c = r.checks[1];  // compared with its baseline: a now/baseline chart
  c.status = CheckStatus::unstable;
  c.runs = 1;
  c.runs_allowed = 20;
  ExpectationRecord& e = c.expectations[0];
  e.decision = "undecided";
  e.evidence = "iops at least 0.61x baseline (bound 0.90x)";
  e.figures.high = NAN;
  const std::string page = page_of(r);
  EXPECT_THAT(page, HasSubstr("<figcaption>Now / baseline: the dot is the median now over the "
                              "baseline's, grey the baseline (1.0), dashed red the bound."));
  EXPECT_THAT(page, HasSubstr("no bar: the verdict's interval (iops at least 0.61x baseline "
                              "(bound 0.90x)) has one end only."));
  EXPECT_THAT(page, HasSubstr("iops_min undecided: the interval iops at least 0.61x baseline "
                              "(bound 0.90x) has one end only: one run bounds a figure from one "
                              "side; the check stopped after 1 of the 20 runs it may make: the "
                              "next would not fit its budget."));
}

// One quantity per chart: the rate a bound names; without one, the rate a workload is judged by;
// both, apart, when the block sizes are mixed (one no longer follows from the other).
TEST(HtmlReport, EachRateHasAChartOfItsOwn) {
  RunRecord r = only_passing();
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
  RunRecord r = only_passing();
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
  RunRecord r = only_passing();
  CheckRecord& c = r.checks[0];
  EXPECT_THAT(page_of(r), HasSubstr("IOPS per one-second interval of the run (axis from zero)."));
  c.repeats = {c.result, c.result, c.result, c.result, c.result};
  c.shown_run = 3;
  EXPECT_THAT(page_of(r),
              HasSubstr("IOPS per one-second interval of run 3 of 5 (axis from zero)."));
}

TEST(HtmlReport, TheLastPartialIntervalIsLeftOutAndSaidSo) {
  RunRecord r = only_passing();
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
