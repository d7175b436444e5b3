// The formats of a fleet comparison. Each is a FleetWriter (fleet_writer.hpp) in a file of its own
// in reports/fleet/, and only formats the FleetRecord (results/fleet_record.hpp); nothing here
// compares or judges.
//   console   a line per group (check, class, hosts compared), each outlier's and undecided
//             host's line, each latency's note when it is beyond its threshold and still no
//             outlier (FigureVerdict::note), the groups' limits, the notes, the counts and the
//             hosts to rerun;
//   Markdown  per group, a table of host × figure with each host's ratio to its peer median,
//             outliers in bold and marked, the notes beside "ok";
//   JUnit     a testcase per host and check: classname "fleet.<suite>.<check>", name the host, so
//             a dashboard lists a check's hosts; an outlier is a failure carrying its explanation,
//             a host not compared is skipped with the reason;
//   JSON      format "iogate-fleet": settings, hosts, notes, and every group with its hosts'
//             figures, peer medians, MADs, ratios, robust z and verdicts;
//   HTML      one self-contained page: a verdict banner in the run report's look (FLEET OK,
//             OUTLIERS or UNDECIDED: rerun, with the hosts not compared and the notes), the
//             hosts, peer keys and criteria, then per group its workload's keys and a bar chart
//             per figure with the hosts side by side (outliers red and labelled, each host's peer
//             median marked, the axis from zero in the figure's unit) above the table of hosts,
//             figures, ratios, verdicts, explanations and notes, hosts not compared with why. The
//             tables carry everything; the charts (Chart.js, inlined like the run report's) are
//             extra;
//   rerun     the hosts to rerun, a line each (empty when none): for a pipeline's shell,
//             `grep -qx "$LABEL" rerun.txt` needs no JSON parser on the host.
#pragma once

#include <memory>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "fleet_writer.hpp"

namespace iogate {

std::unique_ptr<FleetWriter> make_fleet_console_writer(std::ostream& out);
std::unique_ptr<FleetWriter> make_fleet_markdown_writer(std::ostream& out);
std::unique_ptr<FleetWriter> make_fleet_junit_writer(std::ostream& out);
// fleet_to_json(record), indented by 2, with a newline.
std::unique_ptr<FleetWriter> make_fleet_json_writer(std::ostream& out);
// `chart_js`: the charting library's source (load_chart_js() in report_formats.hpp); empty: no
// charts, and the page says why.
std::unique_ptr<FleetWriter> make_fleet_html_writer(std::ostream& out, std::string chart_js);
std::unique_ptr<FleetWriter> make_fleet_rerun_writer(std::ostream& out);

// 2: verdicts of three ways (ok, outlier, undecided), each figure's runs and interval.
inline constexpr int kFleetJsonVersion = 2;

// The JSON format's document, for a reader that wants it whole.
nlohmann::json fleet_to_json(const FleetRecord& record);

// What every format says in the same words:
// what makes an outlier and an undecided host (shortfall.hpp), in one sentence, with the
// record's settings and the sessions its size asks of persistence;
std::string outlier_criteria(const FleetRecord& record);

// a figure's value with its ratio and interval: "20134 (68%, 61-75%)"; without an interval
// "20134 (68%)";
std::string figure_cell(const FigureVerdict& f);

// "rerun vm04, and vm01, vm02, vm03 beside it at the same time (their rerun is its reference):
// judge again with --rerun DIR for each"; empty when none is undecided.
std::string rerun_line(const FleetRecord& record);

}  // namespace iogate
