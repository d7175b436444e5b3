// One self-contained HTML page per run: opens offline, fetches nothing. It holds, from the top:
// the verdict banner (PASS, or every check that did not pass with its one-line reason), the
// count chips (neutral at zero: only a non-zero fail or error count is red), the storage stack,
// the IOMeter-style table with verdicts, and per check its verdict lines, fingerprint changes and
// charts: throughput over time (the one-second samples), latency by percentile, and, when it was
// compared with a baseline, now/baseline with the verdict's interval.
//
// What the charts show, and why:
// - One quantity per chart: a rate chart per rate the check's bounds name (IOPS, MB/s); without
//   such a bound, IOPS for a random workload and MB/s for a sequential one. With one block size
//   the other rate is the same line times the block size, which on a second axis hides one line
//   behind the other; with a block mix both are charted, apart. The throughput is that of the
//   run the table row shows (CheckRecord::shown_run_text), and the caption names it.
// - Every bound the check's expectations set on a charted figure is a dashed red flat line on
//   that figure's chart (iops_min and mbps_min on throughput, the latency bounds on latency, a
//   duration bound on the duration of each run the verdict weighed, whose interval is shaded
//   there). A relative bound is drawn where it stands on this baseline (fraction x the
//   baseline's median). Every bound, charted or not (a direction's: the charts are of all I/Os),
//   is a row of the check's bounds table, with the verdict's interval and decision.
// - An undecided bound says why where it is drawn and in its row: where its interval stands
//   against the bound and what ended the runs (undecided_reason). A caption speaks only of what
//   its chart draws: where an interval bar is missing, it says why.
// - Every axis is labelled with its unit; the latency axis (log scale) on 1-2-5 steps, ending on
//   one, so the top of the figures has a label.
// - A rate bound more than kOffScale times the highest interval drawn would squash the figures
//   into a flat line at zero, and make a shortfall of 446x look like a near miss: the axis stays
//   on the figures and the bound is a labelled red marker on its top edge, the caption saying how
//   far off it is.
// - Rate axes (MB/s, IOPS, now/baseline) start at zero: 150-185 MB/s must not look like a cliff.
// - Every number has its unit (figure_with_unit).
// - The last interval of a run is partial when the run did not end on a second. Its rate over
//   its own length is real but is a handful of I/Os (72 us holding one I/O reads as 1741 MB/s
//   against a steady 1020), so it is left out of the throughput chart whenever a full interval
//   is there to draw, and the chart's caption says what was left out (its length, I/Os and rate).
//   A run shorter than a second has only that interval: it is drawn, rate over its real length,
//   and the caption says so.
//
// Charts are drawn in the browser by Chart.js, inlined from the file Debian's libjs-chart.js
// installs (load_chart_js); the writer embeds the records' figures as JSON and computes none of
// its own. All text is HTML-escaped, and the JSON and scripts are embedded so no string ends
// their <script> element (html_page.hpp). Each canvas says in data-bounds how many bound lines
// it must show; the page script records what it drew (data-bound-lines, data-ymin), for tests.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/display_text.hpp"
#include "html_charts_js.hpp"
#include "html_check_charts.hpp"
#include "html_page.hpp"
#include "iogate/common/units.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"

namespace iogate {
namespace {

using html::esc;

constexpr const char* kPageStyle =
    R"CSS(.counts span { display: inline-block; padding: 0.3em 0.8em; margin-right: 0.4em; border-radius: 4px; }
.counts span.zero { background: #eee; color: #666; }
section.check { border-top: 2px solid #ddd; margin-top: 1.5em; }
table.bounds td { max-width: 40em; }
)CSS";

// The class a decision's cell is coloured by, as a status is.
const char* decision_class(const std::string& decision) {
  if (decision == "holds") return "pass";
  if (decision == "broken") return "fail";
  if (decision == "undecided") return "unstable";
  return "skipped";  // "fleet": left to iogate fleet
}

// " iops_min undecided: <why>." for each undecided bound among `keys`: said where it is drawn.
std::string undecided_notes(const CheckRecord& c, const std::vector<std::string>& keys) {
  std::string notes;
  for (const ExpectationRecord& e : c.expectations)
    if (e.decision == "undecided" && std::find(keys.begin(), keys.end(), e.key) != keys.end())
      notes += fmt::format(" {} undecided: {}.", esc(e.key), esc(undecided_reason(c, e)));
  return notes;
}

std::vector<std::string> keys_of(const std::vector<html::ChartBound>& bounds) {
  std::vector<std::string> keys;
  for (const html::ChartBound& b : bounds) keys.push_back(b.key);
  return keys;
}

// " Dashed red: iops_min 300 IOPS.", or for a bound kOffScale times above the highest figure
// drawn, where it is marked instead and how far off it is.
std::string bound_caption(const html::ChartBound& b, double top, const std::string& figure,
                          const char* highest) {
  if (!b.off_scale) return fmt::format(" Dashed red: {} {}.", esc(b.key), b.text);
  return fmt::format(
      " {} {} is off the scale, {:.0f}x the highest {} ({:.2f} {}): the red triangle on the top "
      "edge marks it, the axis stays on the figures.",
      esc(b.key), b.text, b.value / top, highest, top, figure_unit(figure));
}

class HtmlWriter final : public ReportWriter {
 public:
  HtmlWriter(std::ostream& out, std::string chart_js)
      : ReportWriter(out), chart_js_(std::move(chart_js)) {}

  void begin(const RunContext& context) override { context_ = context; }
  void check(const CheckRecord& record) override { checks_.push_back(record); }
  void end() override;

 private:
  void banner();
  void summary();
  void table();
  void check_section(std::size_t i, const CheckRecord& c, const html::CheckCharts& charts);
  void bounds_table(const CheckRecord& c);
  void throughput_figures(std::size_t i, const CheckRecord& c, const html::CheckCharts& charts);
  void latency_figure(std::size_t i, const CheckRecord& c, const html::CheckCharts& charts);
  void duration_figure(std::size_t i, const CheckRecord& c, const html::RunsChart& chart);
  void baseline_figure(std::size_t i, const CheckRecord& c);

  std::string chart_js_;
  RunContext context_;
  std::vector<CheckRecord> checks_;
};

void HtmlWriter::end() {
  const std::string title = "iogate: " + (context_.suite.empty() ? "run" : context_.suite);
  out() << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<title>" << esc(title) << "</title>\n<style>" << html::kBaseStyle << html::kVerdictStyle
        << html::kChartFiguresStyle << html::kStatusStyle << kPageStyle << "</style>\n</head>\n"
        << "<body>\n<h1>" << esc(title) << "</h1>\n";
  banner();
  summary();
  table();
  nlohmann::json charted = nlohmann::json::array();
  for (std::size_t i = 0; i < checks_.size(); ++i) {
    const html::CheckCharts charts = html::check_charts(checks_[i]);
    check_section(i, checks_[i], charts);
    charted.push_back(html::chart_json(checks_[i], charts));
  }
  const std::string script = std::string(html::kChartPrelude) + html::kChartsScript;
  html::write_scripts(out(), {{"checks", charted}}, chart_js_, script.c_str());
  out().flush();
}

// The run's verdict first: a check that did not pass is what the reader came for. FAIL when any
// check failed, was unstable or errored (as the exit status and JUnit count them); skipped checks
// are listed beside a pass, which they do not spoil.
void HtmlWriter::banner() {
  const StatusCounts n = count_statuses(checks_);
  const int not_passed = n.fail + n.unstable + n.error;
  std::string cls = "pass";
  std::string head;
  if (n.total() == 0) {
    cls = "none";
    head = "<b>NO CHECKS</b>: this run holds no check results";
  } else if (not_passed > 0) {
    cls = "fail";
    head =
        fmt::format("<b>FAIL</b>: {} of {} did not pass", not_passed, counted(n.total(), "check"));
  } else if (n.pass == 0) {
    cls = "skipped";
    head = n.total() == 1 ? std::string("<b>NO VERDICT</b>: the check was skipped")
                          : fmt::format("<b>NO VERDICT</b>: all {} checks were skipped", n.total());
  } else {
    head = n.skipped != 0 ? fmt::format("<b>PASS</b>: {} passed, {} skipped",
                                        counted(n.pass, "check"), n.skipped)
           : n.pass == 1  ? std::string("<b>PASS</b>: the check passed")
                          : fmt::format("<b>PASS</b>: all {} checks passed", n.pass);
  }
  out() << "<div id=\"verdict\" class=\"" << cls << "\">\n<p>" << head << "</p>\n";
  std::string lines;
  for (std::size_t i = 0; i < checks_.size(); ++i) {
    const CheckRecord& c = checks_[i];
    if (c.status == CheckStatus::pass) continue;
    lines += fmt::format("<li class=\"{0}\"><a href=\"#check-{1}\">{2}</a> <b>{3}</b>: {4}</li>\n",
                         status_name(c.status), i, esc(c.check), verdict_label(c.status),
                         esc(one_line_verdict(c)));
  }
  if (!lines.empty()) out() << "<ul>\n" << lines << "</ul>\n";
  out() << "</div>\n";
}

void HtmlWriter::summary() {
  const StatusCounts n = count_statuses(checks_);
  // A chip is coloured only when it counts something: red "0 fail" reads as a failure.
  const auto chip = [](int count, const char* status) {
    return fmt::format("<span class=\"{}\">{} {}</span>", count == 0 ? "zero" : status, count,
                       status);
  };
  out() << fmt::format(
      "<p>host <b>{}</b>, datastore <b>{}</b>, started {}, iogate {}</p>\n"
      "<p class=\"counts\">{}{}{}{}{}</p>\n",
      esc(context_.host_shown()), esc(context_.datastore), esc(context_.started_at),
      esc(context_.iogate_version), chip(n.pass, "pass"), chip(n.fail, "fail"),
      chip(n.unstable, "unstable"), chip(n.skipped, "skipped"), chip(n.error, "error"));
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
  out() << "</table>\n<p class=\"note\">A repeated check's row shows one of its runs (its "
           "section names which); its verdict weighs them all.</p>\n";
}

void HtmlWriter::check_section(std::size_t i, const CheckRecord& c,
                               const html::CheckCharts& charts) {
  out() << fmt::format(
      "<section class=\"check\" id=\"check-{}\">\n<h2>{} <span class=\"{}\">{}"
      "</span></h2>\n",
      i, esc(c.check), status_name(c.status), verdict_label(c.status));
  if (!c.description.empty()) out() << "<p>" << esc(c.description) << "</p>\n";
  if (!c.datastore.empty()) out() << "<p>datastore <b>" << esc(c.datastore) << "</b></p>\n";
  if (const std::string sides = directions_line(c.result); !sides.empty())
    out() << "<p>" << esc(sides) << "</p>\n";
  const std::vector<std::string> confirmed = confirmation_lines(c);
  if (!c.messages.empty() || !c.baseline.empty() || !c.fingerprint_changes.empty() ||
      !confirmed.empty()) {
    out() << "<ul>\n";
    for (const std::string& m : c.messages) out() << "<li>" << esc(m) << "</li>\n";
    for (const std::string& m : baseline_lines(c)) out() << "<li>" << esc(m) << "</li>\n";
    for (const std::string& m : c.fingerprint_changes)
      out() << "<li>fingerprint: " << esc(m) << "</li>\n";
    for (const std::string& m : confirmed) out() << "<li>" << esc(m) << "</li>\n";
    out() << "</ul>\n";
  }
  bounds_table(c);
  if (c.result.ios() == 0) {  // skipped, errored or stopped before any I/O: nothing to draw
    out() << "</section>\n";
    return;
  }
  out() << "<div class=\"charts\">\n";
  throughput_figures(i, c, charts);
  if (charts.duration) duration_figure(i, c, *charts.duration);
  latency_figure(i, c, charts);
  if (!c.baseline.empty()) baseline_figure(i, c);
  out() << "</div>\n</section>\n";
}

// Every bound of the check, charted or not: what it holds its figure to, the verdict's interval
// as the verdict read it, and the decision, an undecided one with why.
void HtmlWriter::bounds_table(const CheckRecord& c) {
  if (c.expectations.empty()) return;
  out() << "<table class=\"bounds\">\n<tr><th>Bound</th><th>Holds the figure to</th>"
           "<th>The verdict's interval</th><th>Decision</th></tr>\n";
  for (const ExpectationRecord& e : c.expectations) {
    std::string limit = "not known here";
    if (const std::optional<KnownBound> b = known_bound(e))
      limit = fmt::format("{} {}", b->sense == BoundSense::min ? "at least" : "at most",
                          figure_with_unit(b->value, b->figure));
    else if (e.peers)
      limit = fmt::format("{:g}% of its peers' (judged by iogate fleet)", *e.peers * 100);
    else if (e.figures.ratio)
      limit = "a share of the baseline's, not resolved here";
    std::string decision = e.decision;
    if (e.decision == "undecided") decision += ": " + undecided_reason(c, e);
    out() << fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>\n",
                         esc(e.key), esc(limit), esc(e.evidence), decision_class(e.decision),
                         esc(decision));
  }
  out() << "</table>\n";
}

// What every rate chart of a check says after its own bounds: what it left out and why.
std::string throughput_notes(const CheckRecord& c, const html::CheckCharts& charts) {
  const html::ChartIntervals& iv = charts.intervals;
  std::string notes;
  if (iv.left_out)
    notes += fmt::format(
        " The last interval ({:.3g} ms, {} I/O{}, {:.2f} MB/s over its own length) is left out: "
        "too short to give a rate.",
        iv.left_out->length_s * 1e3, iv.left_out->ios, iv.left_out->ios == 1 ? "" : "s",
        iv.left_out->mbps());
  if (iv.only_partial && !iv.drawn.empty())
    notes += fmt::format(
        " The run's only interval is partial: its rate is over its real length, {:.3g} ms.",
        iv.drawn.front().length_s * 1e3);
  if (charts.rates.size() == 1 && c.workload.block_mix.empty())
    notes += charts.rates.front().rate == "iops"
                 ? fmt::format(" MB/s is IOPS x {} here (one block size).",
                               format_size(c.workload.block_size))
                 : fmt::format(" IOPS is MB/s / {} here (one block size).",
                               format_size(c.workload.block_size));
  for (const ExpectationRecord* e : charts.not_charted)
    notes += fmt::format(
        " {} {} is not charted: the charts are of all I/Os; the bounds table above has it.",
        esc(e->key), figure_with_unit(e->figures.bound, e->figures.figure));
  return notes;
}

void HtmlWriter::throughput_figures(std::size_t i, const CheckRecord& c,
                                    const html::CheckCharts& charts) {
  const std::string notes = throughput_notes(c, charts);
  for (const html::RateChart& chart : charts.rates) {
    std::string caption;
    for (const html::ChartBound& b : chart.bounds)
      caption += bound_caption(b, chart.top, chart.rate, "interval");
    caption += undecided_notes(c, keys_of(chart.bounds));
    const int off = chart.off_scale();
    out() << fmt::format(
        "<figure><canvas id=\"tp-{}-{}\" width=\"560\" height=\"280\" data-bounds=\"{}\" "
        "data-off-scale=\"{}\"{}></canvas><figcaption>{} per one-second interval of {} (axis "
        "from zero).{}{}</figcaption></figure>\n",
        i, chart.rate, chart.bounds.size(), off,
        off > 0 ? fmt::format(" data-off-bound=\"{}\"", format_figure(chart.lowest_off_scale()))
                : "",
        figure_unit(chart.rate), esc(c.shown_run_text()), caption, notes);
  }
}

void HtmlWriter::latency_figure(std::size_t i, const CheckRecord& c,
                                const html::CheckCharts& charts) {
  std::string caption;
  for (const html::ChartBound& b : charts.latency_bounds)
    caption += fmt::format(" Dashed red: {} {}.", esc(b.key), b.text);
  caption += undecided_notes(c, keys_of(charts.latency_bounds));
  out() << fmt::format(
      "<figure><canvas id=\"lat-{}\" width=\"560\" height=\"280\" data-bounds=\"{}\"></canvas>"
      "<figcaption>Latency by percentile of {} (log scale).{}</figcaption></figure>\n",
      i, charts.latency_bounds.size(), esc(c.shown_run_text()), caption);
}

// A run has one duration: its bound is drawn over the runs the verdict weighed, a bar each, with
// the verdict's interval around their median shaded where both its ends are known.
void HtmlWriter::duration_figure(std::size_t i, const CheckRecord& c,
                                 const html::RunsChart& chart) {
  const std::size_t runs = chart.values.size();
  std::string caption =
      runs == 1
          ? std::string("Duration of the run (axis from zero).")
          : fmt::format("Duration of each of the {} runs the verdict weighed{} (axis from zero).",
                        runs, c.confirmation ? ", the second sample's" : "");
  for (const html::ChartBound& b : chart.bounds)
    caption += bound_caption(b, chart.top, chart.figure, "run");
  if (std::isfinite(chart.low) && std::isfinite(chart.high))
    caption += fmt::format(" Shaded: the verdict's interval, {}-{}.", format_figure(chart.low),
                           figure_with_unit(chart.high, chart.figure));
  else if (std::isfinite(chart.low) || std::isfinite(chart.high))
    caption +=
        " Nothing is shaded: the verdict's interval has one end only (one run bounds a "
        "figure from one side).";
  caption += undecided_notes(c, keys_of(chart.bounds));
  const int off = chart.off_scale();
  out() << fmt::format(
      "<figure><canvas id=\"dur-{}\" width=\"420\" height=\"280\" data-bounds=\"{}\" "
      "data-off-scale=\"{}\"></canvas><figcaption>{}</figcaption></figure>\n",
      i, chart.bounds.size(), off, caption);
}

void HtmlWriter::baseline_figure(std::size_t i, const CheckRecord& c) {
  bool bound = false;
  bool bar = false;
  std::string caption;
  for (const BaselineFigure& b : c.baseline) {
    const ExpectationRecord* e = html::ratio_expectation(c, b.key);
    bound = bound || (e != nullptr && std::isfinite(e->figures.bound) && b.baseline != 0);
    const bool low = e != nullptr && std::isfinite(e->figures.low);
    const bool high = e != nullptr && std::isfinite(e->figures.high);
    bar = bar || (low && high);
    // The figure's unit comes with the expectation: results from before it was recorded have none.
    const std::string figure = e != nullptr ? e->figures.figure : "";
    std::string line =
        fmt::format(" {}: baseline {}", esc(b.key), figure_with_unit(b.baseline, figure));
    if (std::isfinite(b.baseline_low) && std::isfinite(b.baseline_high))
      line += fmt::format(" (its runs {}-{})", format_figure(b.baseline_low),
                          figure_with_unit(b.baseline_high, figure));
    line += fmt::format(", now {} ({:+.1f}%)", figure_with_unit(b.current, figure), b.delta_pct());
    if (low && high)
      line += fmt::format("; now/baseline {:.2f}-{:.2f}", e->figures.low, e->figures.high);
    else if (low || high)
      line +=
          fmt::format("; no bar: the verdict's interval ({}) has one end only", esc(e->evidence));
    else
      line += "; no bar: these results hold no verdict's interval for it";
    caption += line + ".";
    if (e != nullptr) caption += undecided_notes(c, {e->key});
  }
  out() << fmt::format(
      "<figure><canvas id=\"bl-{}\" width=\"420\" height=\"280\" data-bounds=\"{}\"></canvas>"
      "<figcaption>Now / baseline:{} the dot is the median now over the baseline's, grey the "
      "baseline (1.0){}.{}</figcaption></figure>\n",
      i, bound ? 1 : 0, bar ? " the bar is the verdict's interval," : "",
      bound ? ", dashed red the bound" : "", caption);
}

}  // namespace

std::unique_ptr<ReportWriter> make_html_writer(std::ostream& out, std::string chart_js) {
  return std::make_unique<HtmlWriter>(out, std::move(chart_js));
}

}  // namespace iogate
