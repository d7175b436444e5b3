#include "peer_bounds.hpp"

#include <fmt/format.h>

#include <cmath>

namespace iogate::fleet_detail {

const ExpectationRecord* peers_bound(const std::vector<ExpectationRecord>& expectations,
                                     const std::string& figure) {
  for (const ExpectationRecord& e : expectations) {
    const char* f = figure_of_key(e.key);
    if (e.peers && f != nullptr && figure == f) return &e;
  }
  return nullptr;
}

FigureVerdict judge_figure(const FleetFigureDef& def, const FigureRuns& runs, std::size_t host,
                           const ExpectationRecord* bound, const RobustCriteria& defaults,
                           ShortfallContext context) {
  FigureVerdict v;
  v.key = def.key;
  RobustCriteria criteria = defaults;
  if (bound != nullptr && bound->peers) {
    // robust.hpp holds a lower-is-better figure to 1 / min_ratio: "150% of peers" is 1 / 1.5.
    criteria.min_ratio = def.higher_is_better ? *bound->peers : 1 / *bound->peers;
    v.bound = fmt::format("{} {:g}% of peers", bound->key, *bound->peers * 100);
  }
  v.min_ratio = criteria.min_ratio;
  context.threshold = criteria.min_ratio;
  context.higher_is_better = def.higher_is_better;
  // The robust z weighs the host's estimate among its peers' estimates: between hosts, where
  // the shortfall's interval weighs within them.
  v.comparison = compare_with_summary(host_estimate(runs.of(host)), runs.estimates(host),
                                      def.higher_is_better, criteria);
  context.peers_spread_rules_out =
      v.comparison.robust_z && *v.comparison.robust_z <= criteria.max_z;
  v.shortfall = judge_shortfall(runs, host, context);
  v.comparison.outlier = v.shortfall.verdict == FleetVerdict::outlier;
  return v;
}

}  // namespace iogate::fleet_detail
