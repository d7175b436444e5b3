#include "host_runs.hpp"

#include <cmath>

#include "fleet.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iogate/results/figures.hpp"

namespace iogate::fleet_detail {

std::vector<double> runs_of(const CheckRecord& record, const std::string& figure) {
  // The fleet names a figure by its run key; figure_runs by its sample key, as the verdict does.
  const std::optional<FigureId> id = figure_of_run_key(figure);
  return figure_runs(record, id ? sample_key_of(*id) : figure);
}

const ExpectationRecord* own_latency_bound(const std::vector<ExpectationRecord>& expectations,
                                           const std::string& figure) {
  for (const ExpectationRecord& e : expectations) {
    const char* f = figure_of_key(e.key);
    if (!e.peers && f != nullptr && figure == f && !e.figures.ratio &&
        std::isfinite(e.figures.bound))
      return &e;
  }
  return nullptr;
}

}  // namespace iogate::fleet_detail
