// Private to fleet.html (fleet_html.cpp): the parts of the page that have files of their own.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "results/fleet_record.hpp"

namespace iogate::fleet_detail {

// The id of group `i`'s section, "group-3": what the banner and the contents link to.
std::string group_id(std::size_t i);

// The verdict banner, first on the page and in the run report's look (html_page.hpp's
// kVerdictStyle): FLEET OK (green), OUTLIERS (red) or UNDECIDED: rerun (amber), each host named
// with its check and deciding figure and linked to its group; then the hosts not compared and
// the latencies beyond their threshold that are no outlier, with why.
void write_fleet_banner(std::ostream& out, const FleetRecord& report);

// The group's workload as a table of the [check.workload] keys a threshold file would give it
// (FleetGroup::workload_keys), so the reader sees "block_size 4KiB, queue_depth 32" and not a
// JSON blob.
void write_workload_table(std::ostream& out, const std::vector<WorkloadKey>& keys);

}  // namespace iogate::fleet_detail
