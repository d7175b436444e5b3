#include "host_runs.hpp"

#include <cmath>

#include "iogate/fleet/fleet.hpp"
#include "iogate/reports/figures.hpp"

namespace iogate::fleet_detail {
namespace {

constexpr double kFullInterval = 0.999;  // seconds: the last, partial interval is left out

// Throughput straight from the counts; a latency from the figures the reports print (its
// percentiles need the histogram walked, which the counts do not).
double figure_of(const RunResult& r, const std::string& key) {
  if (key == "iops") return r.iops();
  if (key == "mbps") return r.mbps();
  for (const Figure& f : key_figures(r))
    if (key == f.key) return f.value;
  return NAN;
}

void add_positive(std::vector<double>& out, double v) {
  if (std::isfinite(v) && v > 0) out.push_back(v);
}

}  // namespace

std::vector<double> runs_of(const CheckRecord& record, const std::string& figure) {
  std::vector<double> out;
  if (record.repeats.size() >= 2) {
    for (const RunResult& r : record.repeats) add_positive(out, figure_of(r, figure));
    return out;
  }
  if (figure == "iops" || figure == "mbps") {
    for (const IntervalSample& i : record.result.intervals)
      if (i.length_s >= kFullInterval) add_positive(out, figure == "iops" ? i.iops() : i.mbps());
    if (out.size() >= 2) return out;
    out.clear();
  }
  add_positive(out, figure_of(record.result, figure));
  return out;
}

double own_latency_bound(const CheckRecord& record, const std::string& figure) {
  for (const ExpectationRecord& e : record.expectations) {
    const char* f = figure_of_key(e.key);
    if (!e.peers && f != nullptr && figure == f && !e.figures.ratio &&
        std::isfinite(e.figures.bound))
      return e.figures.bound;
  }
  return NAN;
}

}  // namespace iogate::fleet_detail
