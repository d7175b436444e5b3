// Confirmation across time judged by its error rates (verdicts/confirmation.hpp):
// thousands of synthetic checks on a datastore whose speed changes in time, beside the run-to-run
// noise of noise_model.hpp; runs last 2 s each (the rigs' check), one after another. What changes
// the speed:
//   bursts   a neighbour halving the datastore for 10-20 s at random (exponential gaps); the
//            baseline was recorded in a quiet moment.
//   CPU hog  a hog on every core switching on for 1-3 s and off for 1-3 s, during the baseline and
//            the checks, slowing the datastore to kHogFactor while on: each 2 s run catches a
//            different share of it, so runs spread widely while nothing lasts.
// Each check is played three ways on the same draws: the first sample's answer (confirm = false),
// the previous rule (kept here as the reference it was: FAIL only when both samples broke it, PASS
// when the second passed, anything else unstable, after a pause of the longer of 30 s and the
// first sample's time), and confirm_samples() with confirmation_pause(). Seeded: every count is
// exact and the same on every machine.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "noise_model.hpp"
#include "verdicts/confirmation.hpp"

namespace iogate {
namespace {

using test::NoiseShape;

// Per shape and spread; $IOGATE_SIM_TRIALS for more.
const int kTrials =
    std::getenv("IOGATE_SIM_TRIALS") ? std::atoi(std::getenv("IOGATE_SIM_TRIALS")) : 100;
constexpr double kSpreads[] = {0.05, 0.10};
constexpr double kRunSeconds = 2;
constexpr double kBurstFactor = 0.5;
constexpr double kHogFactor = 0.6;
constexpr double kHorizon = 3000;

// Spans of a timeline during which the datastore runs at `slow` of its speed.
class Slowdowns {
 public:
  Slowdowns() = default;
  // A neighbour's bursts, one every `mean_gap_s` on average (0: none).
  static Slowdowns bursts(std::mt19937_64& rng, double mean_gap_s) {
    Slowdowns s;
    s.slow_ = kBurstFactor;
    if (mean_gap_s <= 0) return s;
    std::exponential_distribution<double> gap(1 / mean_gap_s);
    std::uniform_real_distribution<double> length(10, 20);
    for (double t = gap(rng); t < kHorizon; t += gap(rng)) {
      const double end = t + length(rng);
      s.spans_.emplace_back(t, end);
      t = end;
    }
    return s;
  }
  static Slowdowns cpu_hog(std::mt19937_64& rng) {
    Slowdowns s;
    s.slow_ = kHogFactor;
    std::uniform_real_distribution<double> length(1, 3);
    for (double t = length(rng); t < kHorizon;) {
      const double end = t + length(rng);
      s.spans_.emplace_back(t, end);
      t = end + length(rng);
    }
    return s;
  }
  // The datastore's mean speed over [t, t + d), as a share of its speed without slowdowns.
  double factor(double t, double d) const {
    double inside = 0;
    for (const auto& [start, end] : spans_)
      inside += std::max(0.0, std::min(end, t + d) - std::max(start, t));
    return 1 - (1 - slow_) * inside / d;
  }

 private:
  std::vector<std::pair<double, double>> spans_;
  double slow_ = 1;
};

enum class Noise { quiet, bursts_2m, bursts_1m, cpu_hog };

const char* noise_name(Noise n) {
  switch (n) {
    case Noise::quiet:
      return "no bursts";
    case Noise::bursts_2m:
      return "bursts every 2 min";
    case Noise::bursts_1m:
      return "bursts every minute";
    case Noise::cpu_hog:
      return "CPU hog on/off 1-3 s";
  }
  return "?";
}

enum class Rule { first_only, previous, confirmed };

Check relative_check(Rule rule) {
  Check c;
  c.name = "random_8k_70_read";
  c.repeat = 5;
  c.repeat_max = kDefaultRepeatMax;
  c.confirm = rule != Rule::first_only;
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, RelativeBound{0.9}}};
  return c;
}

struct Tally {
  int failed = 0, passed = 0, unstable = 0, transient = 0, trials = 0;
  double seconds = 0;          // the checks' time, pauses included
  double seconds_to_fail = 0;  // of the checks that failed
  void add(const Tally& t) {
    failed += t.failed, passed += t.passed, unstable += t.unstable, transient += t.transient;
    trials += t.trials, seconds += t.seconds, seconds_to_fail += t.seconds_to_fail;
  }
  double pct(int n) const { return 100.0 * n / trials; }
};

// The previous rule's check verdict: FAIL when the second sample broke what the first did, PASS
// when it passed, else unstable.
Verdict previous_rule(const Verdict& first, const Verdict& second, bool& transient) {
  Verdict v = second;
  const bool persisted = !first.shortfalls.empty() && !second.shortfalls.empty();
  transient = second.passed();
  if (!persisted && !transient) {
    v.shortfalls.clear();
    v.unstable.push_back("disagreed");
  }
  return v;
}

// One check as the runner plays it (src/runner/adaptive_runs.cpp), on the timeline from a random
// moment.
void play_check(std::mt19937_64& rng, Rule rule, NoiseShape shape, double spread, double level,
                const MetricSamples& baseline, const Slowdowns& slowdowns, Tally& t) {
  const Check check = relative_check(rule);
  const double start = std::uniform_real_distribution<double>(0, 600)(rng);
  double now = start;
  const auto next = [&] {
    const double figure =
        level * test::noise_factor(rng, shape, spread) * slowdowns.factor(now, kRunSeconds);
    now += kRunSeconds;
    return figure;
  };
  RunPlan plan = test::plan_of(check);
  MetricSamples first_figures;
  Verdict v = test::play_plan(check, plan, &baseline, next, &first_figures);
  if (worth_confirming(v) && check.confirm) {
    const double took = now - start;
    now += rule == Rule::previous
               ? std::max(took, 30.0)
               : std::chrono::duration<double>(confirmation_pause(check, std::chrono::seconds(2)))
                     .count();
    plan.false_fail = kConfirmFalseFailRate;
    MetricSamples second_figures;
    const Verdict second = test::play_plan(check, plan, &baseline, next, &second_figures);
    bool transient = false;
    if (rule == Rule::previous) {
      v = previous_rule(v, second, transient);
    } else {
      const std::vector<RunResult> no_runs;
      Confirmed c = confirm_samples(check, {v, no_runs, first_figures},
                                    {second, no_runs, second_figures}, &baseline);
      transient = c.persistence == Persistence::transient;
      v = std::move(c.verdict);
    }
    t.transient += transient;
  }
  const bool failed = !v.shortfalls.empty();
  t.failed += failed;
  t.passed += v.passed();
  t.unstable += !failed && !v.passed();
  t.seconds += now - start;
  if (failed) t.seconds_to_fail += now - start;
  ++t.trials;
}

// Every shape (or those given) and spread, `level` x the healthy figure, under `noise`.
Tally play(double level, Noise noise, Rule rule, std::uint64_t seed, const char* what,
           const std::vector<NoiseShape>& shapes = test::all_shapes()) {
  std::mt19937_64 rng(seed);
  Tally all;
  for (NoiseShape shape : shapes) {
    for (double spread : kSpreads) {
      Tally t;
      for (int i = 0; i < kTrials; ++i) {
        const Slowdowns slowdowns = noise == Noise::cpu_hog     ? Slowdowns::cpu_hog(rng)
                                    : noise == Noise::bursts_2m ? Slowdowns::bursts(rng, 120)
                                    : noise == Noise::bursts_1m ? Slowdowns::bursts(rng, 60)
                                                                : Slowdowns();
        // Bursts: the baseline was recorded in a quiet moment (a burst during recording is the
        // recorder's to notice). The CPU hog ran while it was recorded too.
        const Slowdowns during_baseline =
            noise == Noise::cpu_hog ? Slowdowns::cpu_hog(rng) : Slowdowns();
        double at = 0;
        MetricSamples baseline;
        baseline["iops"] = test::recorded_baseline([&] {
          const double figure = 10000 * test::noise_factor(rng, shape, spread) *
                                during_baseline.factor(at, kRunSeconds);
          at += kRunSeconds;
          return figure;
        });
        play_check(rng, rule, shape, spread, 10000 * level, baseline, slowdowns, t);
      }
      all.add(t);
    }
  }
  static const char* const kRuleNames[] = {"first only", "previous", "confirmed"};
  std::printf(
      "%-8s %-21s %-10s: %5d/%d failed (%6.2f%%), unstable %6.2f%%, passed %6.2f%% (%4d "
      "transient), %3.0f s per check, %3.0f s to a FAIL\n",
      what, noise_name(noise), kRuleNames[static_cast<int>(rule)], all.failed, all.trials,
      all.pct(all.failed), all.pct(all.unstable), all.pct(all.passed), all.transient,
      all.seconds / all.trials, all.failed ? all.seconds_to_fail / all.failed : 0.0);
  return all;
}

struct ThreeWays {
  Tally first_only, previous, confirmed;
};

ThreeWays play_all(double level, Noise noise, std::uint64_t seed, const char* what,
                   const std::vector<NoiseShape>& shapes = test::all_shapes()) {
  return {play(level, noise, Rule::first_only, seed, what, shapes),
          play(level, noise, Rule::previous, seed, what, shapes),
          play(level, noise, Rule::confirmed, seed, what, shapes)};
}

TEST(ConfirmationSimulation, WithoutBurstsAHealthyDatastoreFailsNoMoreThanBefore) {
  const ThreeWays r = play_all(1.0, Noise::quiet, 21, "healthy");
  EXPECT_LE(r.first_only.failed, r.first_only.trials / 100);
  EXPECT_LE(r.confirmed.failed, r.first_only.failed);
  EXPECT_LE(r.confirmed.unstable, r.previous.unstable);
}

// The neighbour: bursts halving the datastore for 10-20 s, one every two minutes on
// average (a sixth of the time). One sample alone fails a healthy check several times in a
// hundred; confirmed, at most one in a hundred.
TEST(ConfirmationSimulation, BurstsEveryTwoMinutesFailAHealthyCheckAtMostOnePercent) {
  const ThreeWays r = play_all(1.0, Noise::bursts_2m, 22, "healthy");
  EXPECT_GE(r.first_only.failed, r.first_only.trials * 3 / 100)
      << "the neighbour no longer bites: a weak test";
  EXPECT_LE(r.confirmed.failed, r.confirmed.trials / 100);
  EXPECT_GT(r.confirmed.transient, 0);
}

// A busier neighbour (a burst a minute, a fifth to a third of the time): what the rule allows.
// Its bursts spoil both samples of a check often enough that both lean short of the bound, and
// together they are then short: a datastore that slow in both samples is what a regression looks
// like from inside (confirmation.hpp, "what a pause cannot tell apart").
TEST(ConfirmationSimulation, BurstsEveryMinuteStillFailFewHealthyChecks) {
  const ThreeWays r = play_all(1.0, Noise::bursts_1m, 23, "healthy");
  EXPECT_LE(r.confirmed.failed * 3, r.first_only.failed);
  EXPECT_LE(r.confirmed.failed, r.confirmed.trials * 4 / 100);
}

// The CPU hog: nothing lasts, so a healthy check fails no more than the gate's 1%, and two samples
// that both lean to holding pass together instead of ending unstable.
TEST(ConfirmationSimulation, UnderACpuHogAHealthyCheckFailsAtMostOnePercent) {
  const ThreeWays r = play_all(1.0, Noise::cpu_hog, 26, "healthy");
  EXPECT_LE(r.confirmed.failed, r.confirmed.trials / 100);
  EXPECT_LE(r.confirmed.unstable * 3, r.previous.unstable);
}

// A persistent 25% cut, bursts or not: caught at least 95% of the time (the spreads here are
// those at which one sample catches it, VerdictSimulation), as before.
TEST(ConfirmationSimulation, ATwentyFivePercentCutIsStillCaught) {
  for (const Noise noise : {Noise::quiet, Noise::bursts_2m}) {
    const ThreeWays r = play_all(0.75, noise, 24, "-25%");
    EXPECT_GE(r.confirmed.failed, r.confirmed.trials * 95 / 100) << noise_name(noise);
    EXPECT_GE(r.confirmed.failed, r.previous.failed) << noise_name(noise);
  }
}

// The finding: under the CPU hog the previous rule left a lasting 25% cut UNSTABLE in
// most checks (samples that both leaned short of the bound read as disagreeing). Pooled, they
// decide: most fail, and the few left unstable say why.
TEST(ConfirmationSimulation, UnderACpuHogATwentyFivePercentCutFails) {
  const ThreeWays r = play_all(0.75, Noise::cpu_hog, 27, "-25%");
  EXPECT_GE(r.confirmed.failed, r.confirmed.trials * 90 / 100);
  EXPECT_GE(r.confirmed.failed, r.previous.failed);
  EXPECT_LE(r.confirmed.unstable * 2, r.previous.unstable);
  EXPECT_EQ(r.confirmed.passed, 0);
}

// The worst case for a false FAIL: a datastore whose typical run sits exactly at the bound. The
// two roads to FAIL spend the gate's 1% between them (confirmation.hpp); the pooled look follows
// sequences that stopped where the evidence leaned, so allow it a little over. The `neighbour`
// shape is left out: half its runs are exactly the healthy figure, so its "typical run" is a point
// mass sitting on the bound, ties that no rank test can place (the first sample alone fails about
// 15% of those).
TEST(ConfirmationSimulation, ADatastoreExactlyAtItsBoundFailsAboutOnePercent) {
  std::vector<NoiseShape> shapes = test::all_shapes();
  std::erase(shapes, NoiseShape::neighbour);
  for (const Noise noise : {Noise::quiet, Noise::cpu_hog}) {
    const ThreeWays r = play_all(0.9, noise, 28, "at bound", shapes);
    EXPECT_LE(r.confirmed.failed, r.confirmed.trials * 2 / 100) << noise_name(noise);
  }
}

// A regression just past the bound (15% against a 10% margin) seldom has both samples lean to
// holding, so the joint look's looser "holds" (kPooledPassLevel) lets almost none pass.
TEST(ConfirmationSimulation, ARegressionJustPastTheBoundSeldomPasses) {
  for (const Noise noise : {Noise::quiet, Noise::cpu_hog}) {
    const ThreeWays r = play_all(0.85, noise, 29, "-15%");
    EXPECT_LE(r.confirmed.passed, r.confirmed.trials / 100) << noise_name(noise);
    EXPECT_GE(r.confirmed.failed, r.previous.failed) << noise_name(noise);
  }
}

TEST(ConfirmationSimulation, ASevenfoldCutAlwaysFails) {
  for (const Noise noise : {Noise::bursts_2m, Noise::cpu_hog}) {
    const Tally after = play(1.0 / 7, noise, Rule::confirmed, 25, "1/7");
    EXPECT_EQ(after.failed, after.trials) << noise_name(noise);
  }
}

}  // namespace
}  // namespace iogate
