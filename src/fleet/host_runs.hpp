// Private to iogate fleet: the runs behind one host's figure (shortfall.hpp's samples).
#pragma once

#include <string>
#include <vector>

#include "iogate/results/check_record.hpp"

namespace iogate::fleet_detail {

// The runs of `figure` (kFleetFigures' key) in one record: figure_runs (figures.hpp).
std::vector<double> runs_of(const CheckRecord& record, const std::string& figure);

// The host's absolute bound on a latency figure (its check's latency_avg_max or latency_p99_max,
// not a peers bound; figures.bound in ms) among its check's expectations, or null when it has
// none.
const ExpectationRecord* own_latency_bound(const std::vector<ExpectationRecord>& expectations,
                                           const std::string& figure);

}  // namespace iogate::fleet_detail
