#include "robust.hpp"

#include <cmath>

#include "iogate/verdicts/statistics.hpp"

namespace iogate {

double mad_of(const std::vector<double>& values) {
  const double m = median(values);
  std::vector<double> deviations;
  deviations.reserve(values.size());
  for (double v : values) deviations.push_back(std::fabs(v - m));
  return median(deviations);
}

PeerSummary summary_of(const std::vector<double>& peers) {
  PeerSummary s;
  s.peers = static_cast<int>(peers.size());
  if (peers.empty()) return s;
  s.median = median(peers);
  s.mad = mad_of(peers);
  return s;
}

PeerComparison compare_with_peers(double value, const std::vector<double>& peers,
                                  bool higher_is_better, const RobustCriteria& criteria) {
  return compare_with_summary(value, summary_of(peers), higher_is_better, criteria);
}

PeerComparison compare_with_summary(double value, const PeerSummary& peers, bool higher_is_better,
                                    const RobustCriteria& criteria) {
  PeerComparison c;
  c.value = value;
  c.peers = peers.peers;
  if (peers.peers == 0) return c;
  c.peer_median = peers.median;
  c.peer_mad = peers.mad;
  c.ratio = c.peer_median != 0 ? value / c.peer_median : 0;
  if (c.peer_median <= 0) return c;  // peers that measured nothing: no reference to fall short of
  c.practical = higher_is_better ? c.ratio < criteria.min_ratio : c.ratio > 1 / criteria.min_ratio;
  if (c.peers >= kMinPeersForMad && c.peer_mad > 0)
    c.robust_z = std::fabs(value - c.peer_median) / (kMadToSigma * c.peer_mad);
  c.outlier = c.practical && (!c.robust_z || *c.robust_z > criteria.max_z);
  return c;
}

}  // namespace iogate
