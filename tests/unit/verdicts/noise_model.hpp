// Synthetic run figures for judging the verdicts by their error rates: a run's figure is the
// datastore's true figure times a noise factor drawn from one of several shapes a shared machine
// gives, at a chosen spread; and the adaptive sequence of the runner (src/runner/judge.cpp: look
// after `repeat` runs, then after every run, stop once decided) played on them without I/O.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "iogate/verdicts/verdict.hpp"
#include "verdicts/baseline_precision.hpp"

namespace iogate::test {

enum class NoiseShape { lognormal, normal, slow_tail, bimodal, heavy_tail, neighbour };

inline std::vector<NoiseShape> all_shapes() {
  return {NoiseShape::lognormal, NoiseShape::normal,     NoiseShape::slow_tail,
          NoiseShape::bimodal,   NoiseShape::heavy_tail, NoiseShape::neighbour};
}

inline const char* shape_name(NoiseShape s) {
  switch (s) {
    case NoiseShape::lognormal:
      return "lognormal";
    case NoiseShape::normal:
      return "normal";
    case NoiseShape::slow_tail:
      return "slow tail";
    case NoiseShape::bimodal:
      return "bimodal";
    case NoiseShape::heavy_tail:
      return "heavy tail";
    case NoiseShape::neighbour:
      return "neighbour";
  }
  return "?";
}

// A factor around 1 whose spread (coefficient of variation, roughly) is `spread`.
//   lognormal   exp(N(0, spread))
//   normal      N(1, spread), kept above 5%
//   slow_tail   1 minus an exponential slowdown of mean `spread`, at most 80% (skewed: most runs
//               near full speed, some far below, as when other work steals the CPU now and then)
//   bimodal     1 + spread or 1 - spread with equal odds, plus 1% jitter (a cache warm or not)
//   heavy_tail  exp(spread / 1.4 * t with 2 degrees of freedom) (rare huge excursions)
//   neighbour   a CPU hog switching on and off: half the runs slowed by U(0, 3.1 spread), at
//               most 90%
inline double noise_factor(std::mt19937_64& rng, NoiseShape shape, double spread) {
  std::normal_distribution<double> z(0, 1);
  std::uniform_real_distribution<double> u(0, 1);
  switch (shape) {
    case NoiseShape::lognormal:
      return std::exp(spread * z(rng));
    case NoiseShape::normal:
      return std::max(0.05, 1 + spread * z(rng));
    case NoiseShape::slow_tail: {
      std::exponential_distribution<double> slow(1 / spread);
      return 1 - std::min(0.8, slow(rng));
    }
    case NoiseShape::bimodal:
      return (u(rng) < 0.5 ? 1 + spread : 1 - spread) * (1 + 0.01 * z(rng));
    case NoiseShape::heavy_tail: {
      std::student_t_distribution<double> t(2);
      return std::exp(std::clamp(spread / 1.4 * t(rng), -3.0, 3.0));
    }
    case NoiseShape::neighbour:
      return u(rng) < 0.5 ? 1.0 : 1 - std::min(0.9, 3.1 * spread) * u(rng);
  }
  return 1;
}

inline std::vector<double> noisy_figures(std::mt19937_64& rng, NoiseShape shape, double spread,
                                         double level, int count) {
  std::vector<double> out;
  for (int i = 0; i < count; ++i) out.push_back(level * noise_factor(rng, shape, spread));
  return out;
}

// A baseline recorded as `iogate baseline record` does by default for a check bounded "90% of
// baseline" (recording_aim, verdicts/baseline_precision.hpp): at least 5 runs, then more
// until the median is pinned within 3% (95%) for up to 20 runs, within the 5% the bound needs
// beyond, up to kRecordingRunsRelative runs.
inline std::vector<double> recorded_baseline(const std::function<double()>& next_figure) {
  Check ninety;
  ninety.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, RelativeBound{0.9}}};
  std::vector<double> runs;
  while (runs.size() < static_cast<std::size_t>(kRecordingFewestRuns))
    runs.push_back(next_figure());
  while (runs.size() < static_cast<std::size_t>(kRecordingRunsRelative) &&
         !(median_precision(runs, 0.95) <=
           recording_aim(ninety, 0.03, static_cast<int>(runs.size()), false)))
    runs.push_back(next_figure());
  return runs;
}

inline std::vector<double> recorded_baseline(std::mt19937_64& rng, NoiseShape shape, double spread,
                                             double level) {
  return recorded_baseline([&] { return level * noise_factor(rng, shape, spread); });
}

struct SequenceOutcome {
  bool failed = false;
  bool passed = false;  // neither: unstable (undecided when the runs were spent)
  int runs = 0;
};

// The runner's adaptive sequence for `check` (one IOPS expectation) under `plan`, each run's
// figure from next_figure(), against `baseline` samples (or none): its last verdict, and in
// `figures` (when given) the runs' figures it was made of.
inline Verdict play_plan(const Check& check, const RunPlan& plan, const MetricSamples* baseline,
                         const std::function<double()>& next_figure,
                         MetricSamples* figures = nullptr) {
  MetricSamples own;
  MetricSamples& samples = figures ? *figures : own;
  std::vector<double>& iops = samples["iops"];
  iops.clear();
  Verdict v;
  while (static_cast<int>(iops.size()) < plan.max_runs) {
    iops.push_back(next_figure());
    if (static_cast<int>(iops.size()) < plan.min_runs) continue;
    v = evaluate(check, {}, samples, baseline, plan);
    if (v.decided()) break;
  }
  return v;
}

inline RunPlan plan_of(const Check& check) {
  return {check.repeat, std::max(check.repeat, check.repeat_max)};
}

// Plays the adaptive sequence with run figures drawn at `level` x the datastore's healthy figure.
inline SequenceOutcome play_sequence(std::mt19937_64& rng, const Check& check, NoiseShape shape,
                                     double spread, double level, const MetricSamples* baseline) {
  const Verdict v = play_plan(check, plan_of(check), baseline,
                              [&] { return level * noise_factor(rng, shape, spread); });
  SequenceOutcome out;
  out.runs = v.runs;
  out.failed = !v.shortfalls.empty();
  out.passed = v.passed();
  return out;
}

}  // namespace iogate::test
