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

// One host's runs of a figure against its peers' (shortfall.hpp): held to `bound` when the
// host's record has one, else to `defaults`. `context` comes from the group (family size, pooled
// spread, whether a fingerprint field explains, the latency floor and own bound); the threshold,
// direction and the peers' own spread (robust.hpp) are set here.
FigureVerdict judge_figure(const FleetFigureDef& def, const Sessions& host,
                           const std::vector<Sessions>& peers, const ExpectationRecord* bound,
                           const RobustCriteria& defaults, ShortfallContext context);

}  // namespace iogate::fleet_detail
