// Private to iogate fleet: a check's bounds relative to its peers ("iops_min = \"70% of peers\"",
// ExpectationRecord::peers) and how a host is held to them (the rule is stated in fleet.hpp, step
// 3): the bound's share takes the place of criteria.min_ratio for its figure.
#pragma once

#include <string>
#include <vector>

#include "iogate/fleet/fleet.hpp"

namespace iogate::fleet_detail {

// The record's bound relative to its peers on `figure` (kFleetFigures' key), or null.
const ExpectationRecord* peers_bound(const CheckRecord& record, const std::string& figure);

// `value`, one host's figure, against its peers' figures: held to `bound` when the host's record
// has one, else to `defaults`.
FigureVerdict judge_figure(const FleetFigureDef& def, double value, const ExpectationRecord* bound,
                           const std::vector<double>& peers, const RobustCriteria& defaults);

}  // namespace iogate::fleet_detail
