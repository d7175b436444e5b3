// fleet.html: the verdict banner (OK, outliers, undecided, nothing compared), every host named,
// the outlier marked, a latency beyond its peers but inside its check's bound said to be no
// outlier and why, the workload as its keys, charts the size of the run report's with their
// axes' units, hostile labels and fingerprint values escaped, Chart.js embedded or its absence
// said, and no computing beyond the FleetRecord.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "iogate_test/fleet_sample.hpp"
#include "reports/fleet/fleet_formats.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kChartJsStandIn = "/* chart.js stand-in </script> */ var Chart;";

FleetRecord sample() { return test::buslogic_fleet(); }

std::string page(const FleetRecord& report, const std::string& chart_js = kChartJsStandIn) {
  std::ostringstream out;
  make_fleet_html_writer(out, chart_js)->write(report);
  return out.str();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(FleetHtml, NamesEveryHostInTheHeaderAndItsGroupsTable) {
  const FleetRecord report = sample();
  const std::string html = page(report);
  EXPECT_THAT(html, HasSubstr("<h1>iogate fleet: 8 hosts, 1 outliers, 0 undecided</h1>"));
  for (const std::string& host : report.hosts) {
    EXPECT_THAT(html, HasSubstr("<tr><td>" + host + "</td><td>results/" + host + "</td>"));
    EXPECT_THAT(html, HasSubstr("data-host=\"" + host + "\"><td>" + host + "</td>"));
  }
  EXPECT_THAT(html, HasSubstr("the other hosts with the same hypervisor, vendor, model"));
  EXPECT_THAT(
      html,
      HasSubstr("wholly below 70% of its peer median (latency: above 143% and by 1 ms or more"));
  EXPECT_THAT(html, HasSubstr("a robust z above 3.5"));
  EXPECT_THAT(html, HasSubstr("<h2>vmware Random_8k_70_Read "));
}

TEST(FleetHtml, MarksTheOutlierRowItsFigureAndItsLine) {
  const std::string html = page(sample());
  EXPECT_EQ(count(html, "<tr class=\"outlier\""), 1u);
  EXPECT_THAT(
      html,
      HasSubstr("<tr class=\"outlier\" data-host=\"vm07\"><td>vm07</td>"
                "<td class=\"num outlier\">75<small>19% of 390.5, z 32.7, 1 run</small></td>"));
  EXPECT_THAT(html, HasSubstr("<b>OUTLIER</b> <small>(check: pass)</small></td><td>vm07 "
                              "Random_8k_70_Read: 75 IOPS, 19% of the peer median"));
  EXPECT_THAT(html, HasSubstr("in host_driver: BusLogic (peers: mptspi)</td></tr>"));
  EXPECT_THAT(html, HasSubstr("<tr class=\"ok\" data-host=\"vm01\"><td>vm01</td>"
                              "<td class=\"num\">390<small>101% of"));
  EXPECT_THAT(html, HasSubstr("<tr><td>vm07</td><td>results/vm07</td><td>Random_8k_70_Read</td>"));
  EXPECT_THAT(html, HasSubstr("<span class=\"badge outlier\">1 outliers</span>"));
  // The chart's data: a bar per compared host (vm02 was not), vm07's flagged.
  EXPECT_THAT(html, HasSubstr("\"hosts\":[\"vm01\",\"vm03\",\"vm04\",\"vm05\",\"vm06\",\"vm07\","
                              "\"vm08\"]"));
  EXPECT_THAT(html, HasSubstr("\"outlier\":[false,false,false,false,false,true,false]"));
}

TEST(FleetHtml, ListsAHostNotComparedWithWhy) {
  const std::string html = page(sample());
  EXPECT_THAT(html, HasSubstr("<tr class=\"not-compared\" data-host=\"vm02\"><td>vm02</td>"
                              "<td colspan=\"2\"></td><td>not compared</td><td>skipped: "
                              "Random_8k_70_Read: skipped: no baseline</td></tr>"));
}

TEST(FleetHtml, ShowsTheGroupsLimitAndTheReportsNotes) {
  std::vector<FleetInput> in = test::fleet({390, 402, 150});  // 3 hosts: only the ratio judges
  in.push_back(test::host("vm04", 4, {test::record("Random_8k_70_Read", 400, 32)}));
  const FleetRecord report = compare_fleet(in, {});
  ASSERT_FALSE(report.notes.empty());
  ASSERT_FALSE(report.groups.at(0).limit.empty());
  const std::string html = page(report);
  EXPECT_THAT(html, HasSubstr("<p class=\"limit\">" + report.groups[0].limit + "</p>"));
  EXPECT_THAT(html, HasSubstr("<li>" + report.notes[0] + "</li>"));
}

TEST(FleetHtml, EscapesHostileLabelsAndFingerprintValues) {
  std::vector<FleetInput> in = test::fleet({390, 402, 385, 377, 398, 410, 75, 391});
  in[6].run.context.host_label = "<script>alert('label')</script>";
  in[6].run.context.stack.host_driver = "</script><!--<script>\"&";
  in[2].run.context.stack.model = "<img src=x onerror=alert(1)>";  // a class of its own
  const std::string html = page(compare_fleet(in, {}));
  EXPECT_THAT(html, Not(HasSubstr("<script>alert")));
  EXPECT_THAT(html, Not(HasSubstr("<img")));
  EXPECT_THAT(html, Not(HasSubstr("<!--")));
  EXPECT_THAT(html,
              HasSubstr("data-host=\"&lt;script&gt;alert(&apos;label&apos;)&lt;/script&gt;\""));
  EXPECT_THAT(html, HasSubstr("host_driver: &lt;/script&gt;&lt;!--&lt;script&gt;&quot;&amp;"));
  EXPECT_THAT(html, HasSubstr("model=&lt;img src=x onerror=alert(1)&gt;"));
  // In the embedded chart data the label stays a JSON string that cannot close its element.
  EXPECT_THAT(html, HasSubstr("\\u003cscript>alert('label')\\u003c/script>"));
  // Only the page's own elements open and close scripts: data, Chart.js, the page script.
  EXPECT_EQ(count(html, "<script"), 3u);
  EXPECT_EQ(count(html, "</script>"), 3u);
}

TEST(FleetHtml, EmbedsChartJsAndACanvasPerFigureOfEachGroup) {
  FleetSettings settings;
  settings.figures = {"iops", "lat_avg_ms"};
  std::vector<FleetInput> in = test::fleet({390, 402, 385, 377, 75});
  const std::string html = page(compare_fleet(in, settings));
  EXPECT_THAT(html, HasSubstr("<script>/* chart.js stand-in <\\/script> */ var Chart;</script>"));
  EXPECT_THAT(html, HasSubstr("<canvas id=\"chart-0-0\""));
  EXPECT_THAT(html, HasSubstr("<canvas id=\"chart-0-1\""));
  EXPECT_EQ(count(html, "<canvas "), 2u);
  EXPECT_THAT(html, HasSubstr("\"id\":\"chart-0-1\""));
  EXPECT_THAT(html, HasSubstr("<noscript>"));
  EXPECT_THAT(html, Not(HasSubstr("<p class=\"no-charts\">Charts unavailable")));
  for (const char* remote : {"http://", "https://", "src=", "@import", "url("})
    EXPECT_THAT(html, Not(HasSubstr(remote))) << remote;
}

TEST(FleetHtml, WithoutChartJsSaysSoAndKeepsTheTables) {
  const std::string html = page(sample(), "");
  EXPECT_THAT(
      html,
      HasSubstr(
          "<p class=\"no-charts\">Charts unavailable: this page was written without Chart.js"));
  EXPECT_THAT(html, Not(HasSubstr("<canvas")));
  EXPECT_THAT(html, HasSubstr("<tr class=\"outlier\" data-host=\"vm07\">"));
  EXPECT_EQ(count(html, "<script"), 2u);  // the data and the page script only
}

TEST(FleetHtml, AClassTooSmallToCompareHasNoChart) {
  const std::string html = page(compare_fleet(test::fleet({390, 402}), {}));
  EXPECT_THAT(html, Not(HasSubstr("<canvas")));
  EXPECT_THAT(html, HasSubstr("\"charts\":[]"));
  EXPECT_EQ(count(html, "<tr class=\"not-compared\""), 2u);
}

TEST(FleetHtml, TheBannerOfAFleetWithoutOutlierIsGreenAndCountsTheHostsCompared) {
  const std::string html = page(compare_fleet(test::fleet({390, 402, 385, 377, 398}), {}));
  EXPECT_THAT(html, HasSubstr("<div id=\"verdict\" class=\"pass\">\n<p><b>FLEET OK</b>: 5 hosts "
                              "compared, no outlier</p>\n</div>"));
  EXPECT_THAT(html, HasSubstr("#verdict.pass { background: #d9f2d9;"));  // the run report's look
}

TEST(FleetHtml, TheBannerNamesTheOutlierItsFigureAndTheHostsNotCompared) {
  const std::string html = page(sample());
  EXPECT_THAT(html, HasSubstr("<div id=\"verdict\" class=\"fail\">\n<p><b>OUTLIERS</b>: <a "
                              "href=\"#group-0\">vm07</a> (Random_8k_70_Read: IOPS 19% of "
                              "peers)</p>"));
  EXPECT_THAT(html, HasSubstr("<li class=\"outlier\"><b>OUTLIER</b> vm07 Random_8k_70_Read: 75 "
                              "IOPS, 19% of the peer median"));
  EXPECT_THAT(html, HasSubstr("<li class=\"not-compared\">not compared in Random_8k_70_Read: <a "
                              "href=\"#group-0\">vm02</a> (skipped: Random_8k_70_Read: skipped: "
                              "no baseline)</li>"));
  EXPECT_THAT(html, HasSubstr("<section class=\"group\" id=\"group-0\">"));
}

TEST(FleetHtml, TheBannerOfAnUndecidedHostIsAmberAndSaysToRerunIt) {
  // vm04 at 75% of its peers, held to "80% of peers", nothing in its fingerprint: seen once, it
  // could be a neighbour's burst.
  std::vector<FleetInput> in = test::fleet({400, 400, 400, 300});
  for (FleetInput& host : in)
    host.run.checks[0].expectations.push_back({"iops_min", "fleet", "", 0.8, {}});
  const FleetRecord report = compare_fleet(in, {});
  ASSERT_EQ(report.rerun_hosts(), (std::vector<std::string>{"vm01", "vm02", "vm03", "vm04"}));
  ASSERT_EQ(report.rerun_beside(), (std::vector<std::string>{"vm01", "vm02", "vm03"}));
  const std::string html = page(report);
  EXPECT_THAT(html, HasSubstr("<div id=\"verdict\" class=\"skipped\">\n<p><b>UNDECIDED</b>: rerun "
                              "<a href=\"#group-0\">vm04</a> (Random_8k_70_Read: IOPS 75% of "
                              "peers)</p>"));
  EXPECT_THAT(html, HasSubstr("<li class=\"undecided\"><b>UNDECIDED</b> vm04 Random_8k_70_Read: "));
}

TEST(FleetHtml, TheBannerOfAFleetWithNothingComparedHasNoVerdict) {
  const std::string html = page(compare_fleet(test::fleet({390, 402}), {}));
  EXPECT_THAT(html, HasSubstr("<div id=\"verdict\" class=\"none\">\n<p><b>NO VERDICT</b>: no host "
                              "could be compared with its peers</p>"));
  EXPECT_THAT(html, Not(HasSubstr("FLEET OK")));
}

TEST(FleetHtml, TheWorkloadIsItsThresholdFileKeysNotAJsonBlob) {
  const std::string html = page(sample());
  EXPECT_THAT(html, HasSubstr("<dl class=\"workload\"><div><dt>block_size</dt><dd>8KiB</dd></div>"
                              "<div><dt>read</dt><dd>70%</dd></div><div><dt>random</dt><dd>100%"
                              "</dd></div><div><dt>queue_depth</dt><dd>64</dd></div>"));
  EXPECT_THAT(html, HasSubstr("<div><dt>file_size</dt><dd>1GiB</dd></div><div><dt>duration</dt>"
                              "<dd>10s</dd></div>"));
  EXPECT_THAT(html, Not(HasSubstr("<code>")));
  EXPECT_THAT(html, Not(HasSubstr("\"block_size\":8192")));
}

// Five hosts of a latency check bounded latency_p99_max = 100 ms, vm03 at 2.79 ms against its
// peers' 0.84 ms: 330% of them, inside the bound.
FleetRecord latency_inside_its_bound() {
  std::vector<FleetInput> in =
      test::fleet({1000 / 0.84, 1000 / 0.84, 1000 / 2.79, 1000 / 0.84, 1000 / 0.84});
  for (FleetInput& host : in) {
    host.run.checks[0].expectations.push_back({"latency_p99_max", "holds", "", {}, {}});
    host.run.checks[0].expectations.back().figures.bound = 100;
  }
  return compare_fleet(in, {});
}

TEST(FleetHtml, ALatencyBeyondItsPeersButInsideItsBoundSaysWhyItIsNoOutlier) {
  const FleetRecord report = latency_inside_its_bound();
  ASSERT_EQ(report.outliers() + report.undecided(), 0);
  const std::string note = test::verdict_of(report, "vm03").figures.at(0).note;
  EXPECT_THAT(note, HasSubstr("ms p99 latency, 33"));
  EXPECT_THAT(note,
              HasSubstr("% of the peer median 0.84 ms, but inside latency_p99_max 100 ms: not "
                        "an outlier"));
  const std::string html = page(report);
  EXPECT_THAT(html, HasSubstr("<p><b>FLEET OK</b>: 5 hosts compared, no outlier</p>"));
  EXPECT_THAT(html, HasSubstr("<li class=\"note\"><a href=\"#group-0\">vm03</a> "
                              "(Random_8k_70_Read): " +
                              note + "</li>"));
  EXPECT_THAT(html, HasSubstr("<tr class=\"ok\" data-host=\"vm03\"><td>vm03</td><td class=\"num "
                              "within\">"));
  EXPECT_THAT(html, HasSubstr("<p class=\"note\">" + note + "</p></td></tr>"));
  EXPECT_THAT(html, HasSubstr("<br>vm03: " + note + "</figcaption>"));
  EXPECT_THAT(html, HasSubstr("\"states\":[\"ok\",\"ok\",\"within\",\"ok\",\"ok\"]"));
  EXPECT_EQ(count(html, note), 3u);  // the banner, the host's row and the chart's caption
  // The Markdown row and the console say it in the same words.
  std::ostringstream md, console;
  make_fleet_markdown_writer(md)->write(report);
  make_fleet_console_writer(console)->write(report);
  EXPECT_THAT(md.str(), HasSubstr("| ok; " + note + " |"));
  EXPECT_THAT(console.str(), HasSubstr("  note: vm03: " + note + "\n"));
}

TEST(FleetHtml, ChartsAreTheRunReportsSizeWithTheFiguresNameAndUnitOnTheAxis) {
  const std::string html = page(latency_inside_its_bound());
  EXPECT_THAT(html, HasSubstr("<figure><canvas id=\"chart-0-0\" width=\"560\" height=\"300\">"));
  EXPECT_THAT(html, HasSubstr("\"axis\":\"p99 latency (ms)\""));
  FleetSettings iops;
  iops.figures = {"iops"};
  std::vector<double> twenty(20, 400);
  const std::string wide = page(compare_fleet(test::fleet(twenty), iops));
  EXPECT_THAT(wide, HasSubstr("<canvas id=\"chart-0-0\" width=\"1200\" height=\"300\">"));
  EXPECT_THAT(wide, HasSubstr("\"axis\":\"IOPS\""));
}

}  // namespace
}  // namespace iogate
