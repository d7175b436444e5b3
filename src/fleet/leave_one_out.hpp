// The median and MAD of a group's values with each member left out in turn: the peers' reference
// of every host of a group (robust.hpp, shortfall.hpp compare a host with the OTHER hosts).
//
// Why not compute them for each host. The others' median and MAD afresh cost a copy and a sort
// of the group per host: O(n^2 log n) for a group of n, minutes and gigabytes at 10,000 hosts.
// But leaving one of n sorted values out moves the rest by at most one place, and only from the
// left-out value's place on: the others' median is one of three values, told apart by where the
// left-out value lies against the middle. The others' MAD is the median of their deviations from
// their median, one of those three: so it is the median of every member's deviations from it,
// with the left-out member's deviation left out, told apart the same way. So a group needs its
// values' middle order statistics and, for each of the (at most three) medians, its deviations'
// (std::nth_element, O(n) each); each member's median and MAD is then O(1), and the very double
// median() and mad_of() of the others give: the same elements, the same arithmetic, median()'s
// order (NaNs last).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "robust.hpp"

namespace iogate {

class LeaveOneOut {
 public:
  LeaveOneOut() = default;
  explicit LeaveOneOut(std::vector<double> values);

  std::size_t size() const { return values_.size(); }
  double value(std::size_t i) const { return values_[i]; }
  // The others' count, median and MAD (median(), mad_of() of every value but the i-th).
  PeerSummary without(std::size_t i) const;

 private:
  // Some of the values' order statistics: the first-th to the first + size() - 1-th.
  struct Middle {
    std::size_t first = 0;
    std::vector<double> sorted;
    // The median of the n - 1 values left when one equal to `left_out` is taken out.
    double without(double left_out, std::size_t rest) const;
  };
  static Middle middle_of(std::vector<double> values);
  double median_without(std::size_t i) const;

  std::vector<double> values_;
  Middle middle_;
  std::vector<std::pair<double, Middle>> deviations_;  // per median of the others: |v - median|
};

}  // namespace iogate
