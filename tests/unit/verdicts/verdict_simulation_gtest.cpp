// The verdicts judged by their error rates, as the adaptive runner plays them: thousands of
// synthetic sequences over six noise shapes and spreads from 2% to 40% (noise_model.hpp).
// Seeded: every count is exact and the same on every machine. bench/verdict_simulation prints
// the full table with more trials.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "noise_model.hpp"

namespace iogate {
namespace {

using test::NoiseShape;

// Per shape and spread: 6 x 6 x 200 = 7200 sequences per scenario; $IOGATE_SIM_TRIALS for more
// (the figures in docs/measurements.md come from 2000).
const int kTrials =
    std::getenv("IOGATE_SIM_TRIALS") ? std::atoi(std::getenv("IOGATE_SIM_TRIALS")) : 200;
constexpr double kSpreads[] = {0.02, 0.05, 0.10, 0.15, 0.25, 0.40};

Check relative_check(int repeat_max = kDefaultRepeatMax) {
  Check c;
  c.name = "rand_read_4k";
  c.repeat = 5;
  c.repeat_max = repeat_max;
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, RelativeBound{0.9}}};
  return c;
}

struct Tally {
  int failed = 0, passed = 0, trials = 0, runs = 0;
  double mean_runs() const { return trials ? static_cast<double>(runs) / trials : 0; }
};

// `level`: the current datastore's figure as a share of the healthy one the baseline recorded.
Tally play(NoiseShape shape, double spread, double level, std::uint64_t seed,
           int repeat_max = kDefaultRepeatMax) {
  std::mt19937_64 rng(seed);
  const Check check = relative_check(repeat_max);
  Tally t;
  for (int i = 0; i < kTrials; ++i) {
    MetricSamples baseline;
    baseline["iops"] = test::recorded_baseline(rng, shape, spread, 10000);
    const test::SequenceOutcome o =
        test::play_sequence(rng, check, shape, spread, 10000 * level, &baseline);
    t.failed += o.failed;
    t.passed += o.passed;
    t.runs += o.runs;
    ++t.trials;
  }
  return t;
}

TEST(VerdictSimulation, HealthyDatastoreFailsAtMostOnePercentWhateverTheNoise) {
  int failed = 0, total = 0;
  for (NoiseShape shape : test::all_shapes()) {
    for (double spread : kSpreads) {
      const Tally t = play(shape, spread, 1.0, 11);
      std::printf("healthy  %-10s spread %4.0f%%: %3d/%d failed, %3d passed, %.1f runs\n",
                  test::shape_name(shape), spread * 100, t.failed, t.trials, t.passed,
                  t.mean_runs());
      EXPECT_LE(t.failed, kTrials / 100 + 2) << test::shape_name(shape) << " " << spread;
      failed += t.failed;
      total += t.trials;
    }
  }
  EXPECT_LE(failed, total / 100);
}

// Against a "90% of baseline" floor a 25% cut is 17% beyond the bound: at 10% spread twenty
// runs tell it apart at the 1% level; at 15% they cannot always (a power limit, not a method's:
// docs/measurements.md's Detection section has the arithmetic). Bimodal and on-off noise are the
// hardest.
TEST(VerdictSimulation, TwentyFivePercentCutIsCaughtUpToTenPercentSpread) {
  for (NoiseShape shape : test::all_shapes()) {
    for (double spread : kSpreads) {
      if (spread > 0.15) continue;
      const Tally t = play(shape, spread, 0.75, 12);
      std::printf("-25%%     %-10s spread %4.0f%%: %3d/%d failed, %.1f runs\n",
                  test::shape_name(shape), spread * 100, t.failed, t.trials, t.mean_runs());
      const bool hard = shape == NoiseShape::bimodal || shape == NoiseShape::neighbour;
      if (spread <= 0.05 || (spread <= 0.10 && !hard))
        EXPECT_GE(t.failed, kTrials * 95 / 100) << test::shape_name(shape) << " " << spread;
      else
        EXPECT_GE(t.failed, kTrials / 2) << test::shape_name(shape) << " " << spread;
    }
  }
}

// What more runs buy: allowed up to 60, the 25% cut at 15% spread is caught nine times in ten
// or more under unimodal noise (the baseline, at most 20 runs, then limits it).
TEST(VerdictSimulation, SixtyRunsCatchTheTwentyFivePercentCutAtFifteenPercentSpread) {
  for (NoiseShape shape : test::all_shapes()) {
    const Tally t = play(shape, 0.15, 0.75, 15, 60);
    std::printf("-25%% x60 %-10s spread   15%%: %3d/%d failed, %.1f runs\n",
                test::shape_name(shape), t.failed, t.trials, t.mean_runs());
    const bool hard = shape == NoiseShape::bimodal || shape == NoiseShape::neighbour;
    EXPECT_GE(t.failed, kTrials * (hard ? 70 : 90) / 100) << test::shape_name(shape);
  }
}

TEST(VerdictSimulation, SevenfoldCutIsAlwaysCaught) {
  for (NoiseShape shape : test::all_shapes()) {
    for (double spread : kSpreads) {
      const Tally t = play(shape, spread, 1.0 / 7, 13);
      std::printf("1/7      %-10s spread %4.0f%%: %3d/%d failed, %.1f runs\n",
                  test::shape_name(shape), spread * 100, t.failed, t.trials, t.mean_runs());
      EXPECT_EQ(t.failed, kTrials) << test::shape_name(shape) << " " << spread;
    }
  }
}

// The issue's own example: a floor 500x below figures that spread 20%, three runs.
TEST(VerdictSimulation, AFloorFarBelowPassesAfterItsThreeRunsWhateverTheSpread) {
  Check check;
  check.name = "far_floor";
  check.repeat = 3;
  check.repeat_max = kDefaultRepeatMax;
  check.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{100}}};
  for (NoiseShape shape : test::all_shapes()) {
    std::mt19937_64 rng(14);
    for (int i = 0; i < kTrials; ++i) {
      const test::SequenceOutcome o = test::play_sequence(rng, check, shape, 0.20, 57500, nullptr);
      ASSERT_TRUE(o.passed) << test::shape_name(shape);
      ASSERT_EQ(o.runs, 3);
    }
  }
}

}  // namespace
}  // namespace iogate
