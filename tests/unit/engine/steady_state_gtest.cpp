// Steady state: fio's criterion spelling and its rules, the judge's figures against hand-computed
// ones, and the phase through the engine with fake backends (one worker and several).
#include "iogate/engine/steady_state.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "iogate/engine/engine.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"
#include "steady_state_phase.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;

SteadyState criterion(std::string_view text) {
  SteadyState rule;
  rule.window = 10s;
  rule.max_wait = 50s;
  const auto problem = parse_steady_criterion(text, rule);
  EXPECT_FALSE(problem) << text << ": " << problem.value_or("");
  return rule;
}

std::string refusal(std::string_view text) {
  SteadyState rule;
  const auto problem = parse_steady_criterion(text, rule);
  EXPECT_TRUE(problem) << text << " was accepted";
  EXPECT_EQ(rule, SteadyState{}) << "a refused criterion changed the rule";
  return problem.value_or("");
}

TEST(SteadyState, ReadsFiosCriteriaAndWritesThemBack) {
  const SteadyState iops = criterion("iops:10%");
  EXPECT_EQ(iops.metric, SteadyMetric::iops);
  EXPECT_FALSE(iops.slope);
  EXPECT_TRUE(iops.percent);
  EXPECT_DOUBLE_EQ(iops.limit, 10);
  const SteadyState slope = criterion("bw_slope:0.5%");
  EXPECT_EQ(slope.metric, SteadyMetric::bw);
  EXPECT_TRUE(slope.slope);
  EXPECT_DOUBLE_EQ(slope.limit, 0.5);
  // Absolute limits in the metric's unit: IOPS, a size per second, a time with its unit.
  EXPECT_DOUBLE_EQ(criterion("iops:50").limit, 50);
  EXPECT_DOUBLE_EQ(criterion("bw:20MiB").limit, 20.0 * 1048576);
  EXPECT_DOUBLE_EQ(criterion("lat_slope:200us").limit, 200'000);
  for (const char* text :
       {"iops:10%", "bw_slope:0.5%", "iops:50", "bw:20971520", "lat:200us", "lat_slope:1.5ms"})
    EXPECT_EQ(steady_criterion_text(criterion(text)), text);
}

TEST(SteadyState, RefusesWhatFioWouldNotRead) {
  EXPECT_NE(refusal("iops").find("a colon and a limit"), std::string::npos);
  EXPECT_NE(refusal("clat:5%").find("expected iops, iops_slope, bw"), std::string::npos);
  EXPECT_NE(refusal("iops:ten%").find("percentage"), std::string::npos);
  EXPECT_NE(refusal("iops:0%").find("above 0"), std::string::npos);
  EXPECT_NE(refusal("iops:150%").find("at most 100%"), std::string::npos);
  EXPECT_NE(refusal("iops:-5").find("above 0"), std::string::npos);
  // A bare latency would be seconds here and microseconds in fio: its unit is required.
  EXPECT_NE(refusal("lat:200").find("with its unit"), std::string::npos);
  EXPECT_NE(refusal("bw:lots").find("bw:"), std::string::npos);
  // What a refusal echoes is bounded.
  EXPECT_LT(refusal("iops:" + std::string(5000, '9') + "x").size(), 400u);
}

TEST(SteadyState, RulesNameThePartThatBreaksThem) {
  SteadyState rule = criterion("iops:10%");
  EXPECT_FALSE(steady_state_problem(rule));
  rule.window = 1s;  // one sample has no spread
  EXPECT_EQ(steady_state_problem(rule)->part, SteadyPart::window);
  rule.window = 2500ms;  // not whole intervals
  EXPECT_EQ(steady_state_problem(rule)->part, SteadyPart::window);
  rule.window = 10s;
  rule.interval = 10ms;
  EXPECT_EQ(steady_state_problem(rule)->part, SteadyPart::interval);
  rule.interval = 1s;
  rule.max_wait = 5s;  // shorter than a window: it could never settle
  EXPECT_EQ(steady_state_problem(rule)->part, SteadyPart::max_wait);
  EXPECT_NE(steady_state_problem(rule)->expected.find("never settle"), std::string::npos);
  // Through the workload's rules, with the field to point at, and never on an integrity pass.
  WorkloadSpec spec = test::fake_spec(1 << 20);
  spec.steady_state = criterion("iops:10%");
  EXPECT_FALSE(find_workload_problem(spec));
  spec.steady_state.max_wait = 1s;
  EXPECT_EQ(find_workload_problem(spec)->field, WorkloadField::steady_max);
  spec.steady_state.max_wait = 50s;
  spec.kind = WorkloadKind::integrity;
  EXPECT_EQ(find_workload_problem(spec)->field, WorkloadField::steady_state);
}

TEST(SteadyStateJudge, DeviationIsTheLargestDistanceFromTheWindowsMean) {
  SteadyState rule = criterion("iops:10%");
  rule.window = 4s;
  SteadyStateJudge judge(rule);
  EXPECT_FALSE(judge.add(100));
  EXPECT_FALSE(judge.add(110));
  EXPECT_FALSE(judge.add(90));
  // 100, 110, 90, 120: mean 105, farthest 90 and 120 at 15, 14.29% of the mean.
  EXPECT_NEAR(*judge.add(120), 100.0 * 15 / 105, 1e-9);
  EXPECT_FALSE(judge.holds(100.0 * 15 / 105));
  // The window rolls: 110, 90, 120, 105: mean 106.25, farthest 90 at 16.25.
  EXPECT_NEAR(*judge.add(105), 100.0 * 16.25 / 106.25, 1e-9);
  rule.percent = false;
  rule.limit = 20;
  SteadyStateJudge absolute(rule);
  for (const double v : {100.0, 110.0, 90.0}) absolute.add(v);
  const double c = *absolute.add(120);
  EXPECT_DOUBLE_EQ(c, 15);
  EXPECT_TRUE(absolute.holds(c));
}

TEST(SteadyStateJudge, SlopeIsTheLeastSquaresChangePerSampleOldestFirst) {
  SteadyState rule = criterion("iops_slope:1%");
  rule.window = 3s;
  SteadyStateJudge judge(rule);
  judge.add(1000);  // rolls out
  judge.add(100);
  judge.add(110);
  // 100, 110, 120 over x = 0, 1, 2: slope 10 per sample, 9.09% of the mean 110.
  EXPECT_NEAR(*judge.add(120), 100.0 * 10 / 110, 1e-9);
  // Falling counts as much as rising: 110, 120, 100 has slope -5, |-4.55%| is not under 1%.
  const double falling = *judge.add(100);
  EXPECT_NEAR(falling, 100.0 * -5 / 110, 1e-9);
  EXPECT_FALSE(judge.holds(falling));
  // A flat window holds.
  for (int i = 0; i < 3; ++i) judge.add(100);
  EXPECT_TRUE(judge.holds(*judge.add(100)));
}

TEST(SteadyStateJudge, AWindowWithoutAFigureIsNotSteady) {
  SteadyState rule = criterion("lat:10%");
  rule.window = 2s;
  SteadyStateJudge judge(rule);
  judge.add(NAN);  // no I/O completed in that interval: no latency
  EXPECT_FALSE(judge.holds(*judge.add(100)));
  SteadyStateJudge zero(criterion("iops:10%"));
  for (int i = 0; i < 9; ++i) zero.add(0);
  EXPECT_FALSE(zero.holds(*zero.add(0))) << "nothing completed is no steady state";
}

// The phase through the engine: the fake backend transfers nothing, as fast as it can, so only
// what cannot depend on timing is asserted.
class SteadyStateRun : public ::testing::Test {
 protected:
  SteadyStateRun() : file_(dir_.make_file("data", 1 << 20)) {}

  RunResult run(WorkloadSpec spec) {
    RunOptions options;
    stats_ = {};
    options.backend_factory = [this](unsigned worker) {
      return std::make_unique<test::FakeBackend>(stats_.at(worker), 4, true);
    };
    return run_workload(spec, file_, std::move(options));
  }

  std::uint64_t submits() const {
    std::uint64_t n = 0;
    for (const test::FakeStats& s : stats_) n += s.submits;
    return n;
  }

  static WorkloadSpec spec(std::string_view rule_text) {
    WorkloadSpec s = test::fake_spec(0);
    s.duration = 200ms;
    s.queue_depth = 4;
    s.steady_state = criterion(rule_text);
    s.steady_state.interval = 100ms;
    s.steady_state.window = 200ms;
    return s;
  }

  test::TempDir dir_;
  std::filesystem::path file_;
  std::array<test::FakeStats, 3> stats_;  // one per worker: each runs on its own thread
};

TEST_F(SteadyStateRun, SettlesOnAWindowItCannotFailAndThenMeasures) {
  // Two samples are always within 100% of their mean unless one is 0: it settles at the first
  // window in which I/O completed in both intervals, long before the longest wait.
  WorkloadSpec s = spec("iops:100%");
  s.steady_state.max_wait = 60s;
  for (const unsigned workers : {1u, 3u}) {
    s.workers = workers;
    const RunResult r = run(s);
    ASSERT_TRUE(r.steady_state) << workers;
    EXPECT_TRUE(r.steady_state->settled) << workers;
    EXPECT_GE(r.steady_state->after_s, 0.2) << "settled before a window was full";
    EXPECT_LT(r.steady_state->after_s, 60);
    ASSERT_TRUE(r.steady_state->criterion);
    EXPECT_LT(*r.steady_state->criterion, 100);
    EXPECT_GT(r.ios(), 0u);
    EXPECT_LT(r.ios(), submits()) << "the phase's I/Os were counted in the measured window";
    EXPECT_NE(steady_state_words(s.steady_state, *r.steady_state).find("iops:100% reached after"),
              std::string::npos);
  }
}

TEST_F(SteadyStateRun, MeasuresAnywayOnceTheLongestWaitHasPassed) {
  // No two intervals of an unpaced fake complete exactly as many I/Os: it never holds.
  WorkloadSpec s = spec("iops:0.000001%");
  s.steady_state.max_wait = 400ms;
  const RunResult r = run(s);
  ASSERT_TRUE(r.steady_state);
  EXPECT_FALSE(r.steady_state->settled);
  EXPECT_GE(r.steady_state->after_s, 0.4);
  EXPECT_GT(r.ios(), 0u) << "the measured window ran after the wait";
  EXPECT_NE(steady_state_words(s.steady_state, *r.steady_state).find("not reached within 400ms"),
            std::string::npos);
}

TEST_F(SteadyStateRun, AWorkloadWithoutOneHasNoOutcome) {
  WorkloadSpec s = spec("iops:10%");
  s.steady_state = {};
  EXPECT_FALSE(run(s).steady_state);
}

}  // namespace
}  // namespace iogate
