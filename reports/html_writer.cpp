// One self-contained HTML page per run: opens offline, fetches nothing. It holds the summary
// counts, the IOMeter-style table with verdicts, the storage stack (fingerprint), and per check
// its verdict, fingerprint changes and three charts: throughput over time (the one-second
// samples), latency by percentile, and baseline vs current where a baseline exists.
//
// Charts are drawn in the browser by Chart.js, inlined from the file Debian's libjs-chart.js
// installs (load_chart_js); the writer embeds the figures as JSON and computes nothing. All text
// is HTML-escaped, and the JSON and scripts are embedded so no string ends their <script> element
// (html_page.hpp).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "html_charts_js.hpp"
#include "html_page.hpp"
#include "iogate/reports/figures.hpp"
#include "iogate/reports/report_formats.hpp"

namespace iogate {
namespace {

constexpr double kChartPercentiles[] = {0, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100};

using html::esc;

constexpr const char* kStyle = R"CSS(
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.pass { background: #d9f2d9; } .fail, .error { background: #f8d0d0; }
.unstable, .skipped { background: #fbeec0; }
.counts span { display: inline-block; padding: 0.3em 0.8em; margin-right: 0.4em; border-radius: 4px; }
.charts canvas { margin-right: 1em; border: 1px solid #eee; }
section.check { border-top: 2px solid #ddd; margin-top: 1.5em; }
)CSS";

class HtmlWriter final : public ReportWriter {
 public:
  HtmlWriter(std::ostream& out, std::string chart_js)
      : ReportWriter(out), chart_js_(std::move(chart_js)) {}

  void begin(const RunContext& context) override { context_ = context; }
  void check(const CheckRecord& record) override { checks_.push_back(record); }
  void end() override;

 private:
  void summary();
  void table();
  void check_section(std::size_t i, const CheckRecord& c);
  nlohmann::json chart_data() const;

  std::string chart_js_;
  RunContext context_;
  std::vector<CheckRecord> checks_;
};

void HtmlWriter::end() {
  const std::string title = "iogate: " + (context_.suite.empty() ? "run" : context_.suite);
  out() << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<title>" << esc(title) << "</title>\n<style>" << kStyle << "</style>\n</head>\n"
        << "<body>\n<h1>" << esc(title) << "</h1>\n";
  summary();
  table();
  for (std::size_t i = 0; i < checks_.size(); ++i) check_section(i, checks_[i]);
  html::write_scripts(out(), chart_data(), chart_js_, html::kChartsScript);
  out().flush();
}

void HtmlWriter::summary() {
  const StatusCounts n = count_statuses(checks_);
  out() << fmt::format(
      "<p>host <b>{}</b>, datastore <b>{}</b>, started {}, iogate {}</p>\n"
      "<p class=\"counts\"><span class=\"pass\">{} pass</span><span class=\"fail\">{} fail</span>"
      "<span class=\"unstable\">{} unstable</span><span class=\"skipped\">{} skipped</span>"
      "<span class=\"error\">{} error</span></p>\n",
      esc(context_.host_shown()), esc(context_.datastore), esc(context_.started_at),
      esc(context_.iogate_version), n.pass, n.fail, n.unstable, n.skipped, n.error);
  out() << "<h2>Storage stack</h2>\n<table>\n";
  for (const auto& [key, value] : context_.stack.fields())
    out() << "<tr><th>" << esc(key) << "</th><td>" << esc(value) << "</td></tr>\n";
  out() << "</table>\n";
}

void HtmlWriter::table() {
  out() << "<h2>Results</h2>\n<table id=\"results\">\n<tr><th>Test Name</th><th>Total I/O/sec</th>"
           "<th>Total MB/sec</th><th>Avg IO Resp ms</th><th>Max IO Resp ms</th><th>% CPU</th>"
           "<th>Verdict</th></tr>\n";
  for (std::size_t i = 0; i < checks_.size(); ++i) {
    const CheckRecord& c = checks_[i];
    const RunResult& r = c.result;
    out() << fmt::format(
        "<tr><td><a href=\"#check-{}\">{}</a></td><td class=\"num\">{:.2f}</td>"
        "<td class=\"num\">{:.2f}</td><td class=\"num\">{:.2f}</td><td class=\"num\">{:.2f}</td>"
        "<td class=\"num\">{:.2f}</td><td class=\"{}\">{}</td></tr>\n",
        i, esc(c.check), r.iops(), r.mbps(), r.lat_avg_ms(), r.lat_max_ms(), r.cpu_system_pct,
        status_name(c.status), verdict_label(c.status));
  }
  out() << "</table>\n";
}

void HtmlWriter::check_section(std::size_t i, const CheckRecord& c) {
  out() << fmt::format(
      "<section class=\"check\" id=\"check-{}\">\n<h2>{} <span class=\"{}\">{}"
      "</span></h2>\n",
      i, esc(c.check), status_name(c.status), verdict_label(c.status));
  if (!c.description.empty()) out() << "<p>" << esc(c.description) << "</p>\n";
  if (!c.datastore.empty()) out() << "<p>datastore <b>" << esc(c.datastore) << "</b></p>\n";
  if (!c.messages.empty() || !c.baseline.empty() || !c.fingerprint_changes.empty()) {
    out() << "<ul>\n";
    for (const std::string& m : c.messages) out() << "<li>" << esc(m) << "</li>\n";
    for (const std::string& m : baseline_lines(c)) out() << "<li>" << esc(m) << "</li>\n";
    for (const std::string& m : c.fingerprint_changes)
      out() << "<li>fingerprint: " << esc(m) << "</li>\n";
    out() << "</ul>\n";
  }
  if (c.result.ios() == 0) {  // skipped, errored or stopped before any I/O: nothing to draw
    out() << "</section>\n";
    return;
  }
  out() << fmt::format(
      "<div class=\"charts\"><canvas id=\"tp-{0}\" width=\"560\" height=\"280\"></canvas>"
      "<canvas id=\"lat-{0}\" width=\"560\" height=\"280\"></canvas>",
      i);
  if (!c.baseline.empty())
    out() << fmt::format("<canvas id=\"bl-{}\" width=\"420\" height=\"280\"></canvas>", i);
  out() << "</div>\n</section>\n";
}

nlohmann::json HtmlWriter::chart_data() const {
  nlohmann::json checks = nlohmann::json::array();
  for (const CheckRecord& c : checks_) {
    nlohmann::json intervals = nlohmann::json::array();
    for (const IntervalSample& s : c.result.intervals)
      intervals.push_back({s.start_s + s.length_s, s.mbps(), s.iops()});
    nlohmann::json percentiles = nlohmann::json::array();
    if (c.result.latency.count() > 0)
      for (double q : kChartPercentiles)
        percentiles.push_back({fmt::format("p{:g}", q), c.result.lat_percentile_ms(q)});
    nlohmann::json baseline = nlohmann::json::array();
    for (const BaselineFigure& b : c.baseline) baseline.push_back({b.key, b.baseline, b.current});
    checks.push_back({{"name", c.check},
                      {"intervals", intervals},
                      {"percentiles", percentiles},
                      {"baseline", baseline}});
  }
  return {{"checks", checks}};
}

}  // namespace

std::unique_ptr<ReportWriter> make_html_writer(std::ostream& out, std::string chart_js) {
  return std::make_unique<HtmlWriter>(out, std::move(chart_js));
}

}  // namespace iogate
