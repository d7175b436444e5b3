// The formats of a fleet comparison. Each only formats the FleetReport (fleet.hpp); nothing here
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
//             extra.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "iogate/fleet/fleet.hpp"

namespace iogate {

// 2: verdicts of three ways (ok, outlier, undecided), each figure's runs and interval.
inline constexpr int kFleetJsonVersion = 2;

// What makes an outlier and an undecided host (shortfall.hpp), in words every format shows.
std::string outlier_criteria(const FleetSettings& settings);

// A figure's value with its ratio and interval: "20134 (68%, 61-75%)"; without an interval
// "20134 (68%)".
std::string figure_cell(const FigureVerdict& f);

// "rerun vm04, vm06: judge again with --rerun DIR for each"; empty when none is undecided.
std::string rerun_line(const FleetReport& report);

void write_fleet_console(std::ostream& out, const FleetReport& report);
void write_fleet_markdown(std::ostream& out, const FleetReport& report);
void write_fleet_junit(std::ostream& out, const FleetReport& report);
nlohmann::json fleet_to_json(const FleetReport& report);
// `chart_js`: the charting library's source (load_chart_js()); empty: no charts, and the page
// says why.
void write_fleet_html(std::ostream& out, const FleetReport& report, const std::string& chart_js);

// fleet.md, fleet-junit.xml, fleet.json, fleet.html and rerun.txt (the hosts to rerun, a line each;
// empty when none) in `dir` (made when missing), all or none (output_file.hpp). Throws
// UnsafeOutputError or std::system_error naming the path.
void write_fleet_reports(const std::filesystem::path& dir, const FleetReport& report);

}  // namespace iogate
