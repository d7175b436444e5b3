// Private to iogate fleet: a check's bounds relative to its peers ("iops_min = \"70% of peers\"",
// ExpectationRecord::peers) and how a host is held to them (the rule is stated in fleet.hpp, step
// 3): the bound's share takes the place of criteria.min_ratio for its figure.
#pragma once

#include <string>
#include <vector>

#include "fleet.hpp"

namespace iogate::fleet_detail {

// The check's bound relative to its peers on `figure` (kFleetFigures' key) among its
// expectations, or null.
const ExpectationRecord* peers_bound(const std::vector<ExpectationRecord>& expectations,
                                     const std::string& figure);

// One host's runs of a figure (`runs.of(host)`) against its peers' (shortfall.hpp): held to
// `bound` when the host's record has one, else to `defaults`. `context` comes from the group
// (family size, pooled spread, whether a fingerprint field explains, the latency floor and own
// bound); the threshold, direction and the peers' own spread (robust.hpp) are set here.
FigureVerdict judge_figure(const FleetFigureDef& def, const FigureRuns& runs, std::size_t host,
                           const ExpectationRecord* bound, const RobustCriteria& defaults,
                           ShortfallContext context);

}  // namespace iogate::fleet_detail
