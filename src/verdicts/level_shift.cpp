// The test is described at the top of src/verdicts/level_shift.hpp.
#include "level_shift.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "iogate/verdicts/statistics.hpp"

namespace iogate {
namespace {

constexpr int kShuffles = 999;
// Longer recordings are judged on this many consecutive means: the test stays quadratic in a
// small number, and a burst short against such a recording moves its median by little anyway.
constexpr std::size_t kMostPoints = 60;

struct Stretch {
  std::size_t from = 0, to = 0;  // [from, to)
  double score = 0;
};

// The stretch of `x` whose mean differs most from the rest's, in standard errors (pooled spread:
// under no shift both parts have the same). Prefix sums make each stretch O(1).
Stretch odd_stretch(const std::vector<double>& x) {
  const std::size_t n = x.size();
  std::vector<double> sum(n + 1, 0.0), sq(n + 1, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    sum[i + 1] = sum[i] + x[i];
    sq[i + 1] = sq[i] + x[i] * x[i];
  }
  Stretch best;
  for (std::size_t i = 0; i + kMinStretch <= n; ++i) {
    for (std::size_t j = i + kMinStretch; j <= n; ++j) {
      const double a = static_cast<double>(j - i), b = static_cast<double>(n) - a;
      if (b < static_cast<double>(kMinStretch)) continue;
      const double in = sum[j] - sum[i], in_sq = sq[j] - sq[i];
      const double mean_in = in / a, mean_out = (sum[n] - in) / b;
      const double ss =
          (in_sq - a * mean_in * mean_in) + ((sq[n] - in_sq) - b * mean_out * mean_out);
      const double var = std::max(ss / (a + b - 2), 1e-12);
      const double score = std::fabs(mean_in - mean_out) / std::sqrt(var * (1 / a + 1 / b));
      if (score > best.score) best = {i, j, score};
    }
  }
  return best;
}

// Consecutive means of `x` down to at most kMostPoints; `width` says how many each holds.
std::vector<double> binned(const std::vector<double>& x, std::size_t& width) {
  width = (x.size() + kMostPoints - 1) / kMostPoints;
  std::vector<double> out;
  for (std::size_t i = 0; i < x.size(); i += width) {
    const std::size_t end = std::min(x.size(), i + width);
    double s = 0;
    for (std::size_t k = i; k < end; ++k) s += x[k];
    out.push_back(s / static_cast<double>(end - i));
  }
  return out;
}

}  // namespace

std::optional<LevelShift> find_level_shift(std::span<const double> rates) {
  std::vector<double> logs, kept;
  for (double r : rates)
    if (std::isfinite(r) && r > 0) {
      logs.push_back(std::log(r));
      kept.push_back(r);
    }
  if (logs.size() < 2 * kMinStretch) return std::nullopt;
  std::size_t width = 1;
  const std::vector<double> points = binned(logs, width);
  if (points.size() < 2 * kMinStretch) return std::nullopt;
  const Stretch seen = odd_stretch(points);
  LevelShift shift;
  shift.from = seen.from * width;
  shift.to = std::min(kept.size(), seen.to * width);
  std::vector<double> inside(kept.begin() + static_cast<std::ptrdiff_t>(shift.from),
                             kept.begin() + static_cast<std::ptrdiff_t>(shift.to));
  std::vector<double> outside(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(shift.from));
  outside.insert(outside.end(), kept.begin() + static_cast<std::ptrdiff_t>(shift.to), kept.end());
  shift.inside = median(inside);
  shift.outside = median(outside);
  // The faster level at least 1 / (1 - 25%) of the slower: a burst that halves, not a drift.
  if (std::fabs(std::log(shift.inside / shift.outside)) < -std::log(1 - kMaterialShift))
    return std::nullopt;
  std::mt19937_64 rng(42);
  std::vector<double> shuffled = points;
  int as_high = 0;
  for (int i = 0; i < kShuffles; ++i) {
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    as_high += odd_stretch(shuffled).score >= seen.score;
  }
  shift.p = (1.0 + as_high) / (kShuffles + 1);
  if (shift.p >= kShiftLevel) return std::nullopt;
  return shift;
}

}  // namespace iogate
