// The others' median and MAD of each member of a group at once; see leave_one_out.hpp.
#include "leave_one_out.hpp"

#include <algorithm>
#include <cmath>

#include "iogate/verdicts/statistics.hpp"

namespace iogate {
namespace {

// One median of the others and another are the same median (NaN is a median of NaNs).
bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

}  // namespace

LeaveOneOut::Middle LeaveOneOut::middle_of(std::vector<double> values) {
  Middle m;
  if (values.size() < 2) return m;
  // The rest, n - 1 values, has its median at rest / 2 (and rest / 2 - 1 when even); each of
  // those places holds the value there or the next one up (Middle::without).
  const std::size_t rest = values.size() - 1, half = rest / 2;
  const std::size_t first = rest % 2 == 1 ? half : half - 1, last = half + 1;
  const auto at = [&](std::size_t i) { return values.begin() + static_cast<std::ptrdiff_t>(i); };
  std::nth_element(values.begin(), at(first), values.end(), median_order);
  std::partial_sort(at(first + 1), at(last + 1), values.end(), median_order);
  m.first = first;
  m.sorted.assign(at(first), at(last + 1));
  return m;
}

double LeaveOneOut::Middle::without(double left_out, std::size_t rest) const {
  if (rest == 0) return NAN;
  // Before the left-out value's place (the first equal to it: equal values are alike) the rest
  // keeps its order; from there on each place holds the next value up.
  const auto s = [&](std::size_t j) { return sorted[j - first]; };
  const auto r = [&](std::size_t j) { return median_order(s(j), left_out) ? s(j) : s(j + 1); };
  const std::size_t half = rest / 2;
  return rest % 2 == 1 ? r(half) : (r(half - 1) + r(half)) / 2.0;
}

LeaveOneOut::LeaveOneOut(std::vector<double> values) : values_(std::move(values)) {
  middle_ = middle_of(values_);
  if (values_.size() < 2) return;
  for (std::size_t i = 0; i < values_.size(); ++i) {
    const double m = median_without(i);
    if (std::any_of(deviations_.begin(), deviations_.end(),
                    [&](const auto& d) { return same(d.first, m); }))
      continue;
    std::vector<double> deviations;
    deviations.reserve(values_.size());
    for (double v : values_) deviations.push_back(std::fabs(v - m));
    deviations_.emplace_back(m, middle_of(std::move(deviations)));
  }
}

double LeaveOneOut::median_without(std::size_t i) const {
  return middle_.without(values_[i], values_.size() - 1);
}

PeerSummary LeaveOneOut::without(std::size_t i) const {
  PeerSummary s;
  s.peers = static_cast<int>(values_.size()) - 1;
  if (s.peers < 1) return s;
  s.median = median_without(i);
  for (const auto& [median, deviations] : deviations_)
    if (same(median, s.median))
      s.mad = deviations.without(std::fabs(values_[i] - s.median), values_.size() - 1);
  return s;
}

}  // namespace iogate
