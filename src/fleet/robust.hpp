// Leave-one-out robust comparison of one host's figure with its peers' (iogate fleet): the ratio
// and robust z every fleet format shows. The verdict is shortfall.hpp's, which judges each host by
// its runs; the two criteria below decide it only where no host has runs to give a spread.
//
// A host is compared with the OTHER hosts of its peer class: their median m and their median
// absolute deviation MAD. The ratio is x / m. The host is an outlier only when both criteria hold:
//   - practical: the ratio is below min_ratio for a higher-is-better figure (IOPS, MB/s), above
//     1 / min_ratio for a lower-is-better one (latency). Only shortfalls count: a host faster
//     than its peers is not the finding of a regression gate;
//   - statistical: the robust z = |x - m| / (1.4826 MAD) is above max_z (Iglewicz and Hoaglin's
//     3.5; 1.4826 MAD estimates the standard deviation of normal noise). It is used only where
//     the MAD means something: at least kMinPeersForMad other hosts, and a MAD above 0.
// Without a usable MAD only the practical criterion applies, and the result says so: with 2 or 3
// peers the spread cannot be estimated, so a fleet of 3 can name a large shortfall and nothing
// finer. Leaving the host out of its own reference keeps an outlier from dragging the median and
// inflating the MAD that should expose it.
//
// The criteria, their defaults, the peers needed and the comparison's result (RobustCriteria,
// PeerComparison) are part of the fleet's record (results/fleet_record.hpp), which every fleet
// format states.
#pragma once

#include <cmath>
#include <vector>

#include "results/fleet_record.hpp"

namespace iogate {

inline constexpr double kMadToSigma = 1.4826;  // MAD of normal noise x 1.4826 = sigma

// The median absolute deviation (NaN for none); the median itself is verdicts' median().
double mad_of(const std::vector<double>& values);

// The peers' figures as the comparison takes them: how many, their median and their MAD. A
// group's hosts take theirs from one LeaveOneOut (leave_one_out.hpp) rather than each its own.
struct PeerSummary {
  int peers = 0;
  double median = NAN;
  double mad = NAN;
};
PeerSummary summary_of(const std::vector<double>& peers);

// `value` against `peers` (the other hosts' figures; at least kMinPeers of them).
PeerComparison compare_with_peers(double value, const std::vector<double>& peers,
                                  bool higher_is_better, const RobustCriteria& criteria);
// The same against the peers' summary (summary_of them).
PeerComparison compare_with_summary(double value, const PeerSummary& peers, bool higher_is_better,
                                    const RobustCriteria& criteria);

}  // namespace iogate
