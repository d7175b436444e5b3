// A level shift inside one sample: whether a recording's one-second intervals, in time order,
// fall into two stretches at different speeds — a neighbour's burst that began or ended while a
// baseline was recorded. A baseline that kept it would hold the burst as "known good" and every
// later check would be compared with it; `iogate baseline record` records such a check again.
//
// The test. On the log of the intervals' rates, every stretch [from, to) of at least
// kMinStretch intervals, with at least as many outside it, is scored by the difference of its
// mean and the rest's over their standard error (a burst that began and ended inside the
// recording is such a stretch; one that began or ended inside it, a stretch at an end); the
// largest score is the statistic. Its null distribution is that of the same intervals in random
// order (999 shuffles, seeded: the answer is the same on every run), which holds whatever the
// noise's shape; a shift is reported when fewer than kShiftLevel (5%) of the shuffles score as
// high AND the stretch's median and the rest's differ by at least kMaterialShift (25%): a warm-up
// or a drift of a few percent is not what a burst looks like. 5%, not 1%: a shift seen wrongly
// costs one more recording, a shift missed stays in the baseline; and among a dozen seconds a
// six-second burst is one of few arrangements, so 1% could not be reached at all. Measured
// (tests/unit/verdicts/level_shift_gtest.cpp): 1.2% of steady 12-second recordings recorded
// again, 95% or more of those with a halving burst found. Recordings of more than 60 intervals
// are judged on 60 consecutive means.
//
// What it cannot see: a burst that covered the whole recording. That needs a second sample at
// another time, which is what a check's confirmation (confirmation.hpp) gives the comparisons
// made against the baseline.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace iogate {

inline constexpr std::size_t kMinStretch = 3;
inline constexpr double kShiftLevel = 0.05;
inline constexpr double kMaterialShift = 0.25;

struct LevelShift {
  std::size_t from = 0;  // the odd stretch: intervals [from, to), counted from 0
  std::size_t to = 0;
  double inside = 0;  // the medians of the stretch and of the rest, in the rates' unit
  double outside = 0;
  double p = 1;  // the share of shuffles that scored at least as high
};

// `rates`: the intervals' rates in time order, all above 0 (others are left out). None when
// there are fewer than 2 x kMinStretch of them, or no shift.
std::optional<LevelShift> find_level_shift(std::span<const double> rates);

}  // namespace iogate
