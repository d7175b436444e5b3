// The level-shift test (verdicts/level_shift.hpp) by its error rates: seeded series of
// one-second rates with the noise shapes of noise_model.hpp, with and without a burst inside.
#include "verdicts/level_shift.hpp"

#include <gtest/gtest.h>

#include "noise_model.hpp"

namespace iogate {
namespace {

using test::NoiseShape;

// `n` intervals at 1000 x noise; those in [from, to) at `factor` of it.
std::vector<double> series(std::mt19937_64& rng, NoiseShape shape, double spread, int n,
                           int from = 0, int to = 0, double factor = 1) {
  std::vector<double> out;
  for (int i = 0; i < n; ++i)
    out.push_back(1000 * test::noise_factor(rng, shape, spread) *
                  (i >= from && i < to ? factor : 1));
  return out;
}

TEST(LevelShift, SteadyRecordingsAreLeftAloneWhateverTheNoise) {
  std::mt19937_64 rng(31);
  int flagged = 0, total = 0;
  for (NoiseShape shape : test::all_shapes())
    for (double spread : {0.05, 0.10, 0.20})
      for (int t = 0; t < 60; ++t, ++total)
        flagged += find_level_shift(series(rng, shape, spread, 12)).has_value();
  // At most 5% by the shuffles, and far fewer once a shift must also be 25% or more: a
  // recording taken again for nothing costs its time, nothing else.
  EXPECT_LE(flagged, total * 2 / 100) << flagged << " of " << total;
}

// 12 seconds recorded; the neighbour halves the datastore for the first 5, the last 6, or 6 in
// the middle: found, and where, to a second (a heavy-tailed second beside an edge may move it).
TEST(LevelShift, ABurstInsideTheRecordingIsFound) {
  struct Burst {
    int from, to;
  };
  std::mt19937_64 rng(32);
  int found = 0, total = 0;
  for (NoiseShape shape : test::all_shapes()) {
    for (const Burst b : {Burst{0, 5}, Burst{6, 12}, Burst{4, 10}}) {
      for (int t = 0; t < 30; ++t, ++total) {
        const auto shift = find_level_shift(series(rng, shape, 0.05, 12, b.from, b.to, 0.5));
        if (!shift) continue;
        ++found;
        // The odd stretch is the burst or the rest: the seconds on its slow side are the burst's.
        const bool slow_inside = shift->inside < shift->outside;
        int misplaced = 0;
        for (std::size_t k = 0; k < 12; ++k) {
          const bool in_stretch = k >= shift->from && k < shift->to;
          const bool in_burst = static_cast<int>(k) >= b.from && static_cast<int>(k) < b.to;
          misplaced += (in_stretch == slow_inside) != in_burst;
        }
        EXPECT_LE(misplaced, 1) << test::shape_name(shape);
        EXPECT_NEAR(
            std::max(shift->inside, shift->outside) / std::min(shift->inside, shift->outside), 2,
            0.3)
            << test::shape_name(shape);
      }
    }
  }
  EXPECT_GE(found, total * 95 / 100) << found << " of " << total;
}

TEST(LevelShift, ADriftOfAFewPercentIsNoBurst) {
  std::mt19937_64 rng(33);
  EXPECT_FALSE(find_level_shift(series(rng, NoiseShape::normal, 0.01, 12, 6, 12, 0.9)));
}

TEST(LevelShift, TooFewIntervalsSayNothing) {
  EXPECT_FALSE(find_level_shift(std::vector<double>{1000, 1000, 1000, 500, 500}));
  // Zero or NaN rates are left out, not counted as a shift.
  EXPECT_FALSE(find_level_shift(std::vector<double>{1000, 0, 1000, NAN, 1000, 1000, 1000, 1000}));
}

}  // namespace
}  // namespace iogate
