// The history page (history.hpp): one self-contained HTML page of one datastore's runs over time,
// written as the run report is (html_page.hpp: escaping, the figures as JSON, Chart.js inlined).
// Per check, a chart of each figure over the runs: the figure per run, the bound each run was
// held to (dashed red, stepped where it changed), the baseline's band (grey, the range of the
// baseline's runs), and a red triangle at the run where the figure changed (find_change), all on
// a y axis from zero; below it a table of the same numbers, so the page reads without JavaScript.
// Only formats the History: the change is found by find_change, not here.
#include <fmt/format.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "html_charts_js.hpp"
#include "html_page.hpp"
#include "iogate/results/figures.hpp"
#include "results/history.hpp"

namespace iogate {
namespace {

using html::esc;

constexpr const char* kHistoryStyle = R"CSS(tr.changed td { font-weight: bold; }
#changes { padding: 0.6em 1em; border-radius: 6px; margin: 0.5em 0 1em; }
#changes.changed { background: #fbeec0; border: 2px solid #b8860b; }
#changes.steady { background: #eef4ee; border: 2px solid #9ab89a; }
#changes p { margin: 0.2em 0; font-size: 1.15em; } #changes p.rule, p.rule { font-size: 0.9em; color: #444; }
.charts figure { margin: 0.5em 0; }
.charts canvas { border: 1px solid #eee; }
.charts figcaption { font-size: 0.85em; color: #444; max-width: 640px; }
section.check { border-top: 2px solid #ddd; margin-top: 1.5em; }
)CSS";

constexpr const char* kRule =
    "A run is marked as a change when at least two runs before it have the figure, and it and "
    "every run after it lie beyond the runs before it, on the same side, by at least 5% of their "
    "median: where the checks give their runs (repeats or one-second intervals), the run's 95% "
    "interval and the earlier runs' do not overlap; otherwise it lies beyond the range of the "
    "earlier runs by more than that range's width. A single run undone by the next is not marked; "
    "only the earliest change of a figure is. A changed workload is said as such, and the runs "
    "before it are not compared with those after.";

std::string cell(double v) { return std::isfinite(v) ? format_figure(v) : ""; }

std::string band(const HistorySeries& s, std::size_t r) {
  if (!std::isfinite(s.baseline_low[r])) return "";
  if (s.baseline_low[r] == s.baseline_high[r]) return format_figure(s.baseline_low[r]);
  return format_figure(s.baseline_low[r]) + "-" + format_figure(s.baseline_high[r]);
}

bool any_finite(const std::vector<double>& v) {
  for (double x : v)
    if (std::isfinite(x)) return true;
  return false;
}

void header(std::ostream& out, const History& h) {
  const RunContext& c = h.runs.front().context;
  out << fmt::format("<h1>iogate history: {}</h1>\n<p>host <b>{}</b>, {} runs, from {} to {}</p>\n",
                     esc(c.datastore), esc(c.host_shown()), h.runs.size(), esc(c.started_at),
                     esc(h.runs.back().context.started_at));
  std::string lines;
  for (const HistorySeries& s : h.series) {
    if (s.workload_changed_at) lines += "<li>" + esc(workload_change_line(h, s)) + "</li>\n";
    if (s.changed_at) lines += "<li>" + esc(change_line(h, s)) + "</li>\n";
  }
  if (lines.empty())
    out << "<div id=\"changes\" class=\"steady\"><p><b>No figure changed</b> beyond the runs' "
           "spread</p>\n";
  else
    out << "<div id=\"changes\" class=\"changed\"><p><b>Changed</b></p>\n<ul>\n"
        << lines << "</ul>\n";
  out << "<p class=\"rule\">" << esc(kRule) << "</p>\n</div>\n";
  if (!h.notes.empty()) {
    out << "<ul class=\"notes\">\n";
    for (const std::string& n : h.notes) out << "<li>" << esc(n) << "</li>\n";
    out << "</ul>\n";
  }
  out << "<h2>Runs</h2>\n<table id=\"runs\">\n<tr><th>Run</th><th>Started</th><th>Results</th>"
         "<th>iogate</th><th>pass</th><th>fail</th><th>unstable</th><th>skipped</th>"
         "<th>error</th></tr>\n";
  for (std::size_t r = 0; r < h.runs.size(); ++r) {
    const HistoryRun& run = h.runs[r];
    const StatusCounts& n = run.counts;
    out << fmt::format(
        "<tr><td class=\"num\">{}</td><td>{}</td><td><code>{}</code></td><td>{}</td>"
        "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
        r + 1, esc(run.context.started_at), esc(run.source), esc(run.context.iogate_version),
        n.pass, n.fail, n.unstable, n.skipped, n.error);
  }
  out << "</table>\n";
}

// "iops (IOPS)", "latency_p99_ms (ms)": a figure's name as the results give it, and its unit.
std::string figure_title(const std::string& figure) {
  const std::string unit = figure_unit(figure);
  return unit.empty() ? figure : figure + " (" + unit + ")";
}

void series_figure(std::ostream& out, const History& h, std::size_t k) {
  const HistorySeries& s = h.series[k];
  const bool bounded = any_finite(s.bounds);
  std::string caption = esc(figure_title(s.figure)) + " per run (axis from zero).";
  if (bounded) caption += " Dashed red: the bound " + esc(s.bound_key) + " each run was held to.";
  if (any_finite(s.baseline_low)) caption += " Grey band: the baseline's runs.";
  if (s.changed_at) caption += fmt::format(" Red triangle: changed at run {}.", *s.changed_at + 1);
  if (s.workload_changed_at)
    caption += fmt::format(
        " Grey diamond: the workload changed at run {} ({}); the runs before it, in grey, ran "
        "another workload and are not joined to the runs after it.",
        *s.workload_changed_at + 1, esc(s.workload_change));
  out << fmt::format(
      "<div class=\"charts\"><figure><canvas id=\"hist-{}\" width=\"640\" height=\"280\" "
      "data-bounds=\"{}\"{}{}></canvas><figcaption>{}</figcaption></figure></div>\n",
      k, bounded ? 1 : 0, s.changed_at ? fmt::format(" data-change=\"{}\"", *s.changed_at + 1) : "",
      s.workload_changed_at
          ? fmt::format(" data-workload-change=\"{}\"", *s.workload_changed_at + 1)
          : "",
      caption);
  out << fmt::format(
      "<table class=\"series\" id=\"series-{}\">\n<tr><th>Run</th><th>Verdict</th>"
      "<th>{}</th><th>bound</th><th>baseline</th></tr>\n",
      k, esc(figure_title(s.figure)));
  for (std::size_t r = 0; r < h.runs.size(); ++r)
    out << fmt::format(
        "<tr{}><td class=\"num\">{}{}</td><td class=\"{}\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
        s.changed_at == r ? " class=\"changed\"" : "", r + 1,
        s.workload_changed_at == r ? " <small>(workload changed)</small>" : "", esc(s.statuses[r]),
        s.statuses[r].empty() ? "absent" : esc(s.statuses[r]), cell(s.values[r]), cell(s.bounds[r]),
        band(s, r));
  out << "</table>\n";
}

// A run on the x axis: its number and "MM-DD HH:MM" of "2026-11-01T18:00:00Z" (the table above
// the charts has the whole time; a whole stamp under every point crowds the axis).
std::string run_label(std::size_t r, const std::string& started_at) {
  const bool stamp = started_at.size() >= 16 && started_at[4] == '-' && started_at[10] == 'T';
  return fmt::format("{} {}", r + 1,
                     stamp ? started_at.substr(5, 5) + " " + started_at.substr(11, 5) : started_at);
}

nlohmann::json chart_data(const History& h) {
  nlohmann::json labels = nlohmann::json::array();
  for (std::size_t r = 0; r < h.runs.size(); ++r)
    labels.push_back(run_label(r, h.runs[r].context.started_at));
  nlohmann::json series = nlohmann::json::array();
  for (const HistorySeries& s : h.series)  // NaN is written as null: no point for that run
    series.push_back(
        {{"figure", s.figure},
         {"title", figure_title(s.figure)},
         {"bound_key", s.bound_key},
         {"values", s.values},
         {"bounds", s.bounds},
         {"low", s.baseline_low},
         {"high", s.baseline_high},
         {"change", s.changed_at ? nlohmann::json(*s.changed_at) : nlohmann::json(nullptr)},
         {"workload_change", s.workload_changed_at ? nlohmann::json(*s.workload_changed_at)
                                                   : nlohmann::json(nullptr)}});
  return {{"labels", labels}, {"series", series}};
}

}  // namespace

void write_history_html(std::ostream& out, const History& h, const std::string& chart_js) {
  const std::string title = "iogate history: " + h.runs.front().context.datastore;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>" << esc(title) << "</title>\n<style>" << html::kBaseStyle << html::kStatusStyle
      << kHistoryStyle << "</style>\n</head>\n<body>\n";
  header(out, h);
  std::string check;
  for (std::size_t k = 0; k < h.series.size(); ++k) {
    if (h.series[k].check != check) {
      if (!check.empty()) out << "</section>\n";
      check = h.series[k].check;
      out << "<section class=\"check\">\n<h2>" << esc(check) << "</h2>\n";
    }
    series_figure(out, h, k);
  }
  out << "</section>\n";
  const std::string script = std::string(html::kChartPrelude) + html::kHistoryScript;
  html::write_scripts(out, chart_data(h), chart_js, script.c_str());
  out.flush();
}

}  // namespace iogate
