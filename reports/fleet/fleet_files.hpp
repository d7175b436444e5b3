// Writing a fleet comparison's reports to files, as report_files.hpp does a run's: each format's
// FleetWriter (fleet_formats.hpp) to its file, the set whole or not at all (output_file.hpp).
#pragma once

#include <filesystem>
#include <vector>

#include "results/fleet_record.hpp"

namespace iogate {

// fleet.md, fleet-junit.xml, fleet.json, fleet.html and rerun.txt in `dir` (made when missing),
// all or none (output_file.hpp). Throws UnsafeOutputError or std::system_error naming the path.
void write_fleet_reports(const std::filesystem::path& dir, const FleetRecord& record);

// The paths write_fleet_reports() writes in `dir`, to keep them apart from the inputs
// (require_distinct_paths, output_file.hpp) before any is read.
std::vector<std::filesystem::path> fleet_report_paths(const std::filesystem::path& dir);

}  // namespace iogate
