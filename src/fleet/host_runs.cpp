#include "host_runs.hpp"

#include <cmath>

#include "iogate/fleet/fleet.hpp"
#include "iogate/results/figures.hpp"

namespace iogate::fleet_detail {

std::vector<double> runs_of(const CheckRecord& record, const std::string& figure) {
  // The fleet's keys are the results JSON's; figure_runs names latencies as the verdict does.
  if (figure == "lat_avg_ms") return figure_runs(record, "latency_avg_ms");
  if (figure == "lat_p99_ms") return figure_runs(record, "latency_p99_ms");
  return figure_runs(record, figure);
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
