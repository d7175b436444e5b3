// fleet.html: every host named, the outlier marked, hostile labels and fingerprint values
// escaped, Chart.js embedded or its absence said, and no computing beyond the FleetReport.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "fleet_sample.hpp"
#include "iogate/fleet/fleet_writers.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kChartJsStandIn = "/* chart.js stand-in </script> */ var Chart;";

// vm07 at a fifth of its peers behind another controller driver, vm02 skipped. The check bounds
// nothing, so IOPS and MB/s are compared.
FleetReport sample() {
  std::vector<FleetInput> in = test::fleet({390, 402, 385, 377, 398, 410, 75, 391});
  in[6].run.context.stack.host_driver = "BusLogic";
  in[1].run.checks[0].status = CheckStatus::skipped;
  in[1].run.checks[0].messages = {"Random_8k_70_Read: skipped: no baseline"};
  return compare_fleet(in, {});
}

std::string page(const FleetReport& report, const std::string& chart_js = kChartJsStandIn) {
  std::ostringstream out;
  write_fleet_html(out, report, chart_js);
  return out.str();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(FleetHtml, NamesEveryHostInTheHeaderAndItsGroupsTable) {
  const FleetReport report = sample();
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
  const FleetReport report = compare_fleet(in, {});
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

}  // namespace
}  // namespace iogate
