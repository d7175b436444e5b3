// fleet.html: one self-contained page of a fleet comparison (fleet_formats.hpp). The verdict
// banner first (fleet_banner.cpp), then the hosts, the peer keys and the criteria, the report's
// notes; then per group (suite, check, workload, peer class) its workload
// (fleet_workload_html.cpp), a bar chart per compared figure, the hosts side by side, and a table
// of every host: its figures with their ratio to its peer median, its verdict and the outlier's
// line, a latency's note when it is beyond its threshold and still no outlier, or why it was not
// compared. The tables carry everything, so the page reads without JavaScript; the charts
// (Chart.js, inlined as the run report does: html_page.hpp) are extra. Only formats the
// FleetRecord.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "fleet_formats.hpp"
#include "fleet_html_js.hpp"
#include "fleet_html_parts.hpp"
#include "reports/html_charts_js.hpp"
#include "reports/html_page.hpp"

namespace iogate {
namespace {

using fleet_detail::group_id;
using html::esc;

constexpr const char* kStyle = R"CSS(th, td { vertical-align: top; }
td.num small { display: block; color: #555; }
span.badge { font-size: 0.7em; padding: 0.2em 0.6em; border-radius: 4px; background: #d9f2d9; }
tr.outlier td, span.badge.outlier { background: #f8d0d0; } td.outlier { font-weight: bold; }
tr.undecided td, span.badge.undecided { background: #fbeec8; } p.rerun { font-weight: bold; }
tr.not-compared td { color: #666; background: #f2f2f2; }
table.hosts td:first-child, td.num small { white-space: nowrap; }
td.within { background: #e3f0fa; } p.note { margin: 0.3em 0; color: #1a4f7a; }
#verdict li.note { color: #1a4f7a; }
dl.workload { display: flex; flex-wrap: wrap; margin: 0.3em 0 0.8em; }
dl.workload div { margin: 0 1.4em 0.3em 0; } dl.workload dt { font-size: 0.8em; color: #555; }
dl.workload dd { margin: 0; font-family: monospace; overflow-wrap: anywhere; }
p.limit { font-style: italic; } p.no-charts { color: #8a5a00; }
section.group { border-top: 2px solid #ddd; margin-top: 1.5em; }
)CSS";

// A canvas wide enough for the host names under their bars, and never narrower than the run
// report's (560x280): a chart is read from across the desk.
constexpr std::size_t kChartMinWidth = 560, kChartMaxWidth = 1200, kChartHeight = 300;
constexpr std::size_t kChartPerHost = 64;

const FigureVerdict* figure_of(const HostVerdict& h, const std::string& key) {
  for (const FigureVerdict& f : h.figures)
    if (f.key == key) return &f;
  return nullptr;
}

// A chart of a group's figure has a bar per compared host; a group with none has no charts.
bool has_chart(const FleetGroup& g) {
  return std::any_of(g.hosts.begin(), g.hosts.end(),
                     [](const HostVerdict& h) { return h.not_compared.empty(); });
}

std::string chart_id(std::size_t group, std::size_t figure) {
  return fmt::format("chart-{}-{}", group, figure);
}

// What a bar shows (fleet_html_js.hpp colours it): "outlier", "undecided", "within" (a latency
// beyond its threshold and still ok: FigureVerdict::note) or "ok".
const char* bar_state(const FigureVerdict& f) {
  if (f.shortfall.verdict == FleetVerdict::outlier) return "outlier";
  if (f.shortfall.verdict == FleetVerdict::undecided) return "undecided";
  return f.note.empty() ? "ok" : "within";
}

void header(std::ostream& out, const FleetRecord& r, bool charts) {
  const FleetSettings& s = r.settings;
  out << fmt::format("<h1>iogate fleet: {} hosts, {} outliers, {} undecided</h1>\n", r.hosts.size(),
                     r.outliers(), r.undecided());
  fleet_detail::write_fleet_banner(out, r);
  if (const std::string rerun = rerun_line(r); !rerun.empty())
    out << "<p class=\"rerun\">" << esc(rerun) << "</p>\n";
  out << "<table id=\"fleet-hosts\">\n<tr><th>Host</th><th>Results</th><th>Outlier in</th></tr>\n";
  // The checks each host is an outlier in, gathered in one pass rather than a pass a host.
  std::unordered_map<std::string, std::vector<std::string>> outlier_in;
  for (const FleetGroup& g : r.groups)
    for (const HostVerdict& h : g.hosts)
      if (h.outlier()) outlier_in[h.host].push_back(esc(g.check));
  const std::vector<std::string> nowhere;
  for (std::size_t i = 0; i < r.hosts.size(); ++i) {
    const auto found = outlier_in.find(r.hosts[i]);
    const std::vector<std::string>& where = found == outlier_in.end() ? nowhere : found->second;
    out << fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n", esc(r.hosts[i]),
                       esc(i < r.sources.size() ? r.sources[i] : ""), fmt::join(where, ", "));
  }
  out << "</table>\n<dl>\n"
      << "<dt>Peers</dt><dd>the other hosts with the same "
      << esc(fmt::format("{}", fmt::join(s.peer_keys, ", "))) << "</dd>\n"
      << "<dt>Figures</dt><dd>"
      << (s.figures.empty() ? std::string("those each check's expectations bound")
                            : esc(fmt::format("{}", fmt::join(s.figures, ", "))))
      << ", each host's geometric mean over its runs, with the interval of its ratio to the "
         "peer median</dd>\n"
      << fmt::format(
             "<dt>Outlier</dt><dd>{}; a class of fewer than {} hosts is not compared</dd>\n"
             "</dl>\n",
             esc(outlier_criteria(r)), kMinPeers + 1);
  if (!r.notes.empty()) {
    out << "<ul class=\"notes\">\n";
    for (const std::string& note : r.notes) out << "<li>" << esc(note) << "</li>\n";
    out << "</ul>\n";
  }
  if (!charts)
    out << "<p class=\"no-charts\">Charts unavailable: this page was written without Chart.js "
           "(install Debian's libjs-chart.js and write it again). The tables hold every "
           "figure.</p>\n";
  else
    out << "<noscript><p class=\"no-charts\">The charts need JavaScript; the tables hold every "
           "figure.</p></noscript>\n";
  out << "<ul class=\"contents\">\n";
  for (std::size_t i = 0; i < r.groups.size(); ++i) {
    const FleetGroup& g = r.groups[i];
    out << fmt::format("<li><a href=\"#{}\">{} {}</a> [{}]: {} hosts, {} outliers</li>\n",
                       group_id(i), esc(g.suite), esc(g.check), esc(g.peer_class), g.hosts.size(),
                       g.outliers());
  }
  out << "</ul>\n";
}

void host_row(std::ostream& out, const FleetGroup& g, const HostVerdict& h) {
  if (!h.not_compared.empty()) {
    out << fmt::format(
        "<tr class=\"not-compared\" data-host=\"{0}\"><td>{0}</td><td colspan=\"{1}\"></td>"
        "<td>not compared</td><td>{2}</td></tr>\n",
        esc(h.host), g.figures.size(), esc(h.not_compared));
    return;
  }
  const char* verdict = fleet_verdict_name(h.verdict);
  out << fmt::format("<tr class=\"{0}\" data-host=\"{1}\"><td>{1}</td>", verdict, esc(h.host));
  for (const std::string& key : g.figures) {
    const FigureVerdict* f = figure_of(h, key);
    if (!f) {
      out << "<td></td>";
      continue;
    }
    const PeerComparison& c = f->comparison;
    const HostShortfall& s = f->shortfall;
    const char* mark = c.outlier ? " outlier" : f->note.empty() ? "" : " within";
    out << fmt::format(
        "<td class=\"num{}\">{:.4g}<small>{:.0f}% of {:.4g}{}{}, {} run{}</small></td>", mark,
        c.value, c.ratio * 100, c.peer_median,
        s.has_interval ? fmt::format(" ({:.0f}-{:.0f}%)", s.ratio_low * 100, s.ratio_high * 100)
                       : std::string(),
        c.robust_z ? fmt::format(", z {:.1f}", *c.robust_z) : fmt::format(", {} peers", c.peers),
        s.runs, s.runs == 1 ? "" : "s");
  }
  std::string notes;  // why a latency beyond its threshold is still no outlier
  for (const FigureVerdict& f : h.figures)
    if (!f.note.empty()) notes += "<p class=\"note\">" + esc(f.note) + "</p>";
  out << fmt::format("<td>{} <small>(check: {})</small></td><td>{}{}</td></tr>\n",
                     h.outlier()     ? "<b>OUTLIER</b>"
                     : h.undecided() ? "<b>undecided</b>: rerun"
                                     : "ok",
                     esc(h.status), esc(h.explanation), notes);
}

// A chart's caption: what the bars and marks are, then each note on its figure, host by host.
std::string caption(const FleetGroup& g, const std::string& key) {
  std::string text =
      "Bars: each compared host's figure, the geometric mean of its runs; black marks: the median "
      "of its peers (the other hosts of its class).";
  for (const HostVerdict& h : g.hosts)
    if (const FigureVerdict* f = h.not_compared.empty() ? figure_of(h, key) : nullptr;
        f && !f->note.empty())
      text += "<br>" + esc(h.host) + ": " + esc(f->note);
  return text;
}

void group_section(std::ostream& out, const FleetGroup& g, std::size_t i, bool charts) {
  out << fmt::format("<section class=\"group\" id=\"{}\">\n<h2>{} {} ", group_id(i), esc(g.suite),
                     esc(g.check))
      << (g.outliers() > 0
              ? fmt::format("<span class=\"badge outlier\">{} outliers</span>", g.outliers())
              : std::string("<span class=\"badge\">no outlier</span>"))
      << (g.undecided() > 0
              ? fmt::format(" <span class=\"badge undecided\">{} undecided</span>", g.undecided())
              : std::string())
      << "</h2>\n"
      << "<p>Peers: " << esc(g.peer_class) << "</p>\n<p>Workload:</p>\n";
  fleet_detail::write_workload_table(out, g.workload_keys);
  if (!g.limit.empty()) out << "<p class=\"limit\">" << esc(g.limit) << "</p>\n";
  if (charts && has_chart(g)) {
    std::size_t compared = 0;
    for (const HostVerdict& h : g.hosts) compared += h.not_compared.empty() ? 1 : 0;
    const std::size_t width =
        std::clamp(160 + kChartPerHost * compared, kChartMinWidth, kChartMaxWidth);
    out << "<div class=\"charts\">";
    for (std::size_t f = 0; f < g.figures.size(); ++f)
      out << fmt::format(
          "<figure><canvas id=\"{}\" width=\"{}\" height=\"{}\"></canvas>"
          "<figcaption>{}</figcaption></figure>",
          chart_id(i, f), width, kChartHeight, caption(g, g.figures[f]));
    out << "</div>\n";
  }
  out << "<table class=\"hosts\">\n<tr><th>Host</th>";
  for (const std::string& key : g.figures)
    out << "<th>" << esc(fleet_figure(key)->shown) << " <small>(% of peer median)</small></th>";
  out << "<th>Verdict</th><th>Explanation</th></tr>\n";
  for (const HostVerdict& h : g.hosts) host_row(out, g, h);
  out << "</table>\n</section>\n";
}

nlohmann::json chart_data(const FleetRecord& r) {
  nlohmann::json charts = nlohmann::json::array();
  for (std::size_t i = 0; i < r.groups.size(); ++i) {
    const FleetGroup& g = r.groups[i];
    if (!has_chart(g)) continue;
    for (std::size_t f = 0; f < g.figures.size(); ++f) {
      nlohmann::json hosts = nlohmann::json::array(), values = nlohmann::json::array(),
                     medians = nlohmann::json::array(), outlier = nlohmann::json::array(),
                     states = nlohmann::json::array();
      for (const HostVerdict& h : g.hosts) {
        const FigureVerdict* v = h.not_compared.empty() ? figure_of(h, g.figures[f]) : nullptr;
        if (!v) continue;
        hosts.push_back(h.host);
        values.push_back(v->comparison.value);
        medians.push_back(v->comparison.peer_median);
        outlier.push_back(v->comparison.outlier);
        states.push_back(bar_state(*v));
      }
      const FleetFigureDef& def = *fleet_figure(g.figures[f]);
      const std::string unit = def.unit, name = def.name;
      charts.push_back({{"id", chart_id(i, f)},
                        {"shown", def.shown},
                        {"name", name},
                        {"axis", name == unit ? name : name + " (" + unit + ")"},
                        {"title", g.check + ": " + name},
                        {"higher_is_better", def.higher_is_better},
                        {"hosts", hosts},
                        {"values", values},
                        {"medians", medians},
                        {"outlier", outlier},
                        {"states", states}});
    }
  }
  return {{"charts", charts}};
}

void write_fleet_html(std::ostream& out, const FleetRecord& report, const std::string& chart_js) {
  const bool charts = !chart_js.empty();
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>iogate fleet</title>\n<style>" << html::kBaseStyle << html::kVerdictStyle
      << html::kChartFiguresStyle << kStyle << "</style>\n</head>\n<body>\n";
  header(out, report, charts);
  for (std::size_t i = 0; i < report.groups.size(); ++i)
    group_section(out, report.groups[i], i, charts);
  const std::string script = std::string(html::kChartPrelude) + html::kFleetChartsScript;
  html::write_scripts(out, chart_data(report), chart_js, script.c_str());
  out.flush();
}

class FleetHtmlWriter final : public FleetWriter {
 public:
  FleetHtmlWriter(std::ostream& out, std::string chart_js)
      : FleetWriter(out), chart_js_(std::move(chart_js)) {}
  void write(const FleetRecord& record) override { write_fleet_html(out(), record, chart_js_); }

 private:
  std::string chart_js_;
};

}  // namespace

std::unique_ptr<FleetWriter> make_fleet_html_writer(std::ostream& out, std::string chart_js) {
  return std::make_unique<FleetHtmlWriter>(out, std::move(chart_js));
}

}  // namespace iogate
