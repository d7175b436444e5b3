// What every fleet format says in the same words (fleet_formats.hpp): the rule in one sentence,
// a figure's cell, the hosts to rerun.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "fleet_formats.hpp"

namespace iogate {

std::string outlier_criteria(const FleetRecord& record) {
  const RobustCriteria& c = record.settings.criteria;
  return fmt::format(
      "its runs' interval wholly below {:.0f}% of its peer median (latency: above {:.0f}% and by "
      "{:g} ms or more, and above the check's own bound), at a {:g}% false-alarm rate for the "
      "whole fleet (Bonferroni); with a cause in its fingerprint, seen in {} sessions (the fewest "
      "in which a neighbour's burst, one session in {:.0f}, would leave a healthy host of {} "
      "host figures so in under {:g}% of fleets), or below {:.0f}% (judged without runs: with {} "
      "peers or more, a robust z above {:g} too). Undecided (rerun the host): an interval across "
      "the threshold, or a shortfall with no cause seen in fewer sessions",
      c.min_ratio * 100, 100 / c.min_ratio, record.settings.latency_floor_ms,
      kFleetFalseAlarmRate * 100, record.sessions_to_persist, 1 / kBurstRate,
      std::max(1, record.family_size), kFleetFalseAlarmRate * 100, c.min_ratio * kBurstDepth * 100,
      kMinPeersForMad, c.max_z);
}

std::string figure_cell(const FigureVerdict& f) {
  const HostShortfall& s = f.shortfall;
  if (!s.has_interval) return fmt::format("{:.4g} ({:.0f}%)", f.comparison.value, s.ratio * 100);
  return fmt::format("{:.4g} ({:.0f}%, {:.0f}-{:.0f}%)", f.comparison.value, s.ratio * 100,
                     s.ratio_low * 100, s.ratio_high * 100);
}

std::string rerun_line(const FleetRecord& report) {
  const std::vector<std::string> hosts = report.rerun_hosts();
  if (hosts.empty()) return "";
  const std::vector<std::string> beside = report.rerun_beside();
  std::vector<std::string> undecided;
  for (const std::string& h : hosts)
    if (std::find(beside.begin(), beside.end(), h) == beside.end()) undecided.push_back(h);
  if (beside.empty())
    return fmt::format("rerun {}: judge again with --rerun DIR for each",
                       fmt::join(undecided, ", "));
  return fmt::format(
      "rerun {}, and {} beside {} at the same time (their rerun is its reference): judge again "
      "with --rerun DIR for each",
      fmt::join(undecided, ", "), fmt::join(beside, ", "), undecided.size() == 1 ? "it" : "them");
}

}  // namespace iogate
