#include "peer_bounds.hpp"

#include <fmt/format.h>

namespace iogate::fleet_detail {

const ExpectationRecord* peers_bound(const CheckRecord& record, const std::string& figure) {
  for (const ExpectationRecord& e : record.expectations) {
    const char* f = figure_of_key(e.key);
    if (e.peers && f != nullptr && figure == f) return &e;
  }
  return nullptr;
}

FigureVerdict judge_figure(const FleetFigureDef& def, double value, const ExpectationRecord* bound,
                           const std::vector<double>& peers, const RobustCriteria& defaults) {
  FigureVerdict v;
  v.key = def.key;
  RobustCriteria criteria = defaults;
  if (bound != nullptr && bound->peers) {
    // robust.hpp holds a lower-is-better figure to 1 / min_ratio: "150% of peers" is 1 / 1.5.
    criteria.min_ratio = def.higher_is_better ? *bound->peers : 1 / *bound->peers;
    v.bound = fmt::format("{} {:g}% of peers", bound->key, *bound->peers * 100);
  }
  v.min_ratio = criteria.min_ratio;
  v.comparison = compare_with_peers(value, peers, def.higher_is_better, criteria);
  return v;
}

}  // namespace iogate::fleet_detail
