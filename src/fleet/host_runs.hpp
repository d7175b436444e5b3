// Private to iogate fleet: the runs behind one host's figure (shortfall.hpp's samples).
#pragma once

#include <string>
#include <vector>

#include "iogate/reports/check_record.hpp"

namespace iogate::fleet_detail {

// The runs of `figure` (kFleetFigures' key) in one record: its repeats' figures when it was
// repeated, else its full one-second intervals' (IOPS and MB/s: intervals carry no latency), else
// the record's one figure. Only values above 0 count: a log needs them, and a run or second that
// measured nothing says the host stalled, which its record's status tells better.
std::vector<double> runs_of(const CheckRecord& record, const std::string& figure);

// The host's absolute bound on a latency figure (its check's latency_avg_max or latency_p99_max,
// not a peers bound), in ms; NaN when it has none.
double own_latency_bound(const CheckRecord& record, const std::string& figure);

}  // namespace iogate::fleet_detail
