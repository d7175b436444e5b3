// fleet.html: one self-contained page of a fleet comparison (fleet_writers.hpp). A header with
// the hosts, the peer keys and the criteria, the report's notes; then per group (suite, check,
// workload, peer class) a bar chart per compared figure, the hosts side by side, and a table of
// every host: its figures with their ratio to its peer median, its verdict and the outlier's
// line, or why it was not compared. The tables carry everything, so the page reads without
// JavaScript; the charts (Chart.js, inlined as the run report does: html_page.hpp) are extra.
// Only formats the FleetReport.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "fleet_html_js.hpp"
#include "html_charts_js.hpp"
#include "html_page.hpp"
#include "iogate/fleet/fleet_writers.hpp"

namespace iogate {
namespace {

using html::esc;

constexpr const char* kStyle = R"CSS(th, td { vertical-align: top; }
td.num small { display: block; color: #555; }
span.badge { font-size: 0.7em; padding: 0.2em 0.6em; border-radius: 4px; background: #d9f2d9; }
tr.outlier td, span.badge.outlier { background: #f8d0d0; } td.outlier { font-weight: bold; }
tr.undecided td { background: #fbeec8; } p.rerun { font-weight: bold; }
tr.not-compared td { color: #666; background: #f2f2f2; }
code { overflow-wrap: anywhere; }
.charts canvas { margin: 0 1em 0.5em 0; border: 1px solid #eee; }
p.limit { font-style: italic; } p.no-charts { color: #8a5a00; }
section.group { border-top: 2px solid #ddd; margin-top: 1.5em; }
)CSS";

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

void header(std::ostream& out, const FleetReport& r, bool charts) {
  const FleetSettings& s = r.settings;
  out << fmt::format("<h1>iogate fleet: {} hosts, {} outliers, {} undecided</h1>\n", r.hosts.size(),
                     r.outliers(), r.undecided());
  if (const std::string rerun = rerun_line(r); !rerun.empty())
    out << "<p class=\"rerun\">" << esc(rerun) << "</p>\n";
  out << "<table id=\"fleet-hosts\">\n<tr><th>Host</th><th>Results</th><th>Outlier in</th></tr>\n";
  for (std::size_t i = 0; i < r.hosts.size(); ++i) {
    std::vector<std::string> where;
    for (const FleetGroup& g : r.groups)
      for (const HostVerdict& h : g.hosts)
        if (h.host == r.hosts[i] && h.outlier()) where.push_back(esc(g.check));
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
             esc(outlier_criteria(s)), kMinPeers + 1);
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
    out << fmt::format("<li><a href=\"#group-{}\">{} {}</a> [{}]: {} hosts, {} outliers</li>\n", i,
                       esc(g.suite), esc(g.check), esc(g.peer_class), g.hosts.size(), g.outliers());
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
    out << fmt::format(
        "<td class=\"num{}\">{:.4g}<small>{:.0f}% of {:.4g}{}{}, {} run{}</small></td>",
        c.outlier ? " outlier" : "", c.value, c.ratio * 100, c.peer_median,
        s.has_interval ? fmt::format(" ({:.0f}-{:.0f}%)", s.ratio_low * 100, s.ratio_high * 100)
                       : std::string(),
        c.robust_z ? fmt::format(", z {:.1f}", *c.robust_z) : fmt::format(", {} peers", c.peers),
        s.runs, s.runs == 1 ? "" : "s");
  }
  out << fmt::format("<td>{} <small>(check: {})</small></td><td>{}</td></tr>\n",
                     h.outlier()     ? "<b>OUTLIER</b>"
                     : h.undecided() ? "<b>undecided</b>: rerun"
                                     : "ok",
                     esc(h.status), esc(h.explanation));
}

void group_section(std::ostream& out, const FleetGroup& g, std::size_t i, bool charts) {
  out << fmt::format("<section class=\"group\" id=\"group-{}\">\n<h2>{} {} ", i, esc(g.suite),
                     esc(g.check))
      << (g.outliers() > 0
              ? fmt::format("<span class=\"badge outlier\">{} outliers</span>", g.outliers())
              : std::string("<span class=\"badge\">no outlier</span>"))
      << "</h2>\n"
      << "<p>Peers: " << esc(g.peer_class) << "<br>Workload: <code>" << esc(g.workload_key)
      << "</code></p>\n";
  if (!g.limit.empty()) out << "<p class=\"limit\">" << esc(g.limit) << "</p>\n";
  if (charts && has_chart(g)) {
    std::size_t compared = 0;
    for (const HostVerdict& h : g.hosts) compared += h.not_compared.empty() ? 1 : 0;
    const std::size_t width = std::clamp<std::size_t>(160 + 56 * compared, 360, 1400);
    out << "<div class=\"charts\">";
    for (std::size_t f = 0; f < g.figures.size(); ++f)
      out << fmt::format("<canvas id=\"{}\" width=\"{}\" height=\"280\"></canvas>", chart_id(i, f),
                         width);
    out << "</div>\n";
  }
  out << "<table class=\"hosts\">\n<tr><th>Host</th>";
  for (const std::string& key : g.figures)
    out << "<th>" << esc(fleet_figure(key)->shown) << " <small>(% of peer median)</small></th>";
  out << "<th>Verdict</th><th>Explanation</th></tr>\n";
  for (const HostVerdict& h : g.hosts) host_row(out, g, h);
  out << "</table>\n</section>\n";
}

nlohmann::json chart_data(const FleetReport& r) {
  nlohmann::json charts = nlohmann::json::array();
  for (std::size_t i = 0; i < r.groups.size(); ++i) {
    const FleetGroup& g = r.groups[i];
    if (!has_chart(g)) continue;
    for (std::size_t f = 0; f < g.figures.size(); ++f) {
      nlohmann::json hosts = nlohmann::json::array(), values = nlohmann::json::array(),
                     medians = nlohmann::json::array(), outlier = nlohmann::json::array();
      for (const HostVerdict& h : g.hosts) {
        const FigureVerdict* v = h.not_compared.empty() ? figure_of(h, g.figures[f]) : nullptr;
        if (!v) continue;
        hosts.push_back(h.host);
        values.push_back(v->comparison.value);
        medians.push_back(v->comparison.peer_median);
        outlier.push_back(v->comparison.outlier);
      }
      const std::string shown = fleet_figure(g.figures[f])->shown;
      charts.push_back({{"id", chart_id(i, f)},
                        {"shown", shown},
                        {"title", g.check + ": " + shown},
                        {"hosts", hosts},
                        {"values", values},
                        {"medians", medians},
                        {"outlier", outlier}});
    }
  }
  return {{"charts", charts}};
}

}  // namespace

void write_fleet_html(std::ostream& out, const FleetReport& report, const std::string& chart_js) {
  const bool charts = !chart_js.empty();
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>iogate fleet</title>\n<style>" << html::kBaseStyle << kStyle
      << "</style>\n</head>\n<body>\n";
  header(out, report, charts);
  for (std::size_t i = 0; i < report.groups.size(); ++i)
    group_section(out, report.groups[i], i, charts);
  const std::string script = std::string(html::kChartPrelude) + html::kFleetChartsScript;
  html::write_scripts(out, chart_data(report), chart_js, script.c_str());
  out.flush();
}

}  // namespace iogate
