// The formats of a fleet comparison. Each only formats the FleetReport (fleet.hpp); nothing here
// compares or judges.
//   console   a line per group (check, class, hosts compared), each outlier's explanation, the
//             groups' limits, the notes, and the count;
//   Markdown  per group, a table of host × figure with each host's ratio to its peer median,
//             outliers in bold and marked;
//   JUnit     a testcase per host and check: classname "fleet.<suite>.<check>", name the host, so
//             a dashboard lists a check's hosts; an outlier is a failure carrying its explanation,
//             a host not compared is skipped with the reason;
//   JSON      format "iogate-fleet": settings, hosts, notes, and every group with its hosts'
//             figures, peer medians, MADs, ratios, robust z and verdicts.
#pragma once

#include <filesystem>
#include <ostream>

#include <nlohmann/json.hpp>

#include "iogate/fleet/fleet.hpp"

namespace iogate {

inline constexpr int kFleetJsonVersion = 1;

void write_fleet_console(std::ostream& out, const FleetReport& report);
void write_fleet_markdown(std::ostream& out, const FleetReport& report);
void write_fleet_junit(std::ostream& out, const FleetReport& report);
nlohmann::json fleet_to_json(const FleetReport& report);

// fleet.md, fleet-junit.xml and fleet.json in `dir` (made when missing). The directory is probed
// before anything is written, and each file is written whole or not at all
// (write_file_atomically). Throws std::system_error naming the path that cannot be written.
void write_fleet_reports(const std::filesystem::path& dir, const FleetReport& report);

}  // namespace iogate
