// The proposing rules (src/propose/propose.hpp): which bounds a workload gets, how far
// from the recorded median each is set, and which checks are left out and why.
#include "propose/propose.hpp"

#include <gtest/gtest.h>

#include <random>

namespace iogate {
namespace {

using std::chrono::seconds;

WorkloadSpec timed() {
  WorkloadSpec w;
  w.block_size = 4096;
  w.read_pct = 100;
  w.random_pct = 100;
  w.file_size = 64 << 20;
  w.duration = seconds(5);
  return w;
}

TEST(ProposeShape, FollowsWhatTheWorkloadHoldsFixed) {
  WorkloadSpec w = timed();
  EXPECT_EQ(shape_of(w), CheckShape::timed);
  w.io_size = 32 << 20;  // a size with a time cap: the cap can stop the clock
  EXPECT_EQ(shape_of(w), CheckShape::timed);
  w.duration = seconds(0);
  EXPECT_EQ(shape_of(w), CheckShape::sized);
  w.rate_iops = 100;
  EXPECT_EQ(shape_of(w), CheckShape::paced);
  w.rate_iops = 0;
  w.rate_mbps = 5;
  EXPECT_EQ(shape_of(w), CheckShape::paced);
  WorkloadSpec integrity;
  integrity.kind = WorkloadKind::integrity;
  integrity.file_size = 1 << 20;
  EXPECT_EQ(shape_of(integrity), CheckShape::sized);
}

std::vector<std::string> keys(CheckShape shape) {
  std::vector<std::string> out;
  for (const BoundChoice& b : bounds_for(shape)) out.push_back(b.key);
  return out;
}

TEST(ProposeShape, ChoosesTheBoundsOfItsShape) {
  EXPECT_EQ(keys(CheckShape::timed), (std::vector<std::string>{"iops_min", "mbps_min"}));
  EXPECT_EQ(keys(CheckShape::sized), (std::vector<std::string>{"duration_max"}));
  EXPECT_EQ(keys(CheckShape::paced), (std::vector<std::string>{"latency_p99_max", "iops_min"}));
  for (CheckShape s : {CheckShape::timed, CheckShape::sized, CheckShape::paced})
    for (const BoundChoice& b : bounds_for(s))
      EXPECT_EQ(std::string(b.key).ends_with("_min"), b.kind == BoundKind::min) << b.key;
}

TEST(ProposeBound, FloorIsTheMarginBelowTheMedianWhenRunsAgree) {
  const std::vector<double> s{1000, 1001, 999, 1000, 1002};
  const auto d = derive_bound(s, BoundKind::min, 0.2);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->runs, 5);
  EXPECT_DOUBLE_EQ(d->median, 1000);
  EXPECT_DOUBLE_EQ(d->from_margin, 800);
  ASSERT_TRUE(d->sigma);
  EXPECT_NEAR(*d->sigma, 1.4826, 1e-9);  // MAD 1
  EXPECT_FALSE(d->spread_decided());
  EXPECT_DOUBLE_EQ(d->value, 800);
}

TEST(ProposeBound, WiderSpreadThanTheMarginSetsTheFloor) {
  const std::vector<double> s{1000, 700, 1300, 900, 1100};  // MAD 100
  const auto d = derive_bound(s, BoundKind::min, 0.2);
  ASSERT_TRUE(d);
  ASSERT_TRUE(d->from_spread);
  EXPECT_NEAR(*d->from_spread, 1000 - 3 * 148.26, 1e-9);
  EXPECT_TRUE(d->spread_decided());
  EXPECT_DOUBLE_EQ(d->value, 555);  // 555.22 rounded down
}

TEST(ProposeBound, OneDisturbedRunDoesNotMoveIt) {
  const std::vector<double> s{1000, 1000, 1000, 1000, 100};
  const auto d = derive_bound(s, BoundKind::min, 0.2);
  ASSERT_TRUE(d);
  EXPECT_DOUBLE_EQ(d->value, 800);
  EXPECT_DOUBLE_EQ(d->lowest, 100);  // still reported
}

TEST(ProposeBound, CeilingIsTheSameSlowdownSeenFromTheOtherSide) {
  const std::vector<double> s{10, 10, 10};
  const auto d = derive_bound(s, BoundKind::max, 0.2);
  ASSERT_TRUE(d);
  EXPECT_DOUBLE_EQ(d->from_margin, 12.5);  // 1 / 0.8: 20% less rate is 25% more time
  EXPECT_DOUBLE_EQ(d->value, 12.5);
  const std::vector<double> spread{10, 6, 14, 9, 11};  // MAD 1: +3 sigma = 14.45
  const auto w = derive_bound(spread, BoundKind::max, 0.2);
  ASSERT_TRUE(w);
  EXPECT_TRUE(w->spread_decided());
  EXPECT_DOUBLE_EQ(w->value, 14.5);  // 14.4478 rounded up
}

TEST(ProposeBound, FewerThanThreeRunsHaveNoSpread) {
  for (const std::vector<double>& s : {std::vector<double>{1000}, std::vector<double>{600, 1400}}) {
    const auto d = derive_bound(s, BoundKind::min, 0.2);
    ASSERT_TRUE(d);
    EXPECT_FALSE(d->sigma);
    EXPECT_FALSE(d->from_spread);
    EXPECT_DOUBLE_EQ(d->value, 800);
  }
}

TEST(ProposeBound, TheMarginMovesIt) {
  const std::vector<double> s{1000, 1000, 1000};
  EXPECT_DOUBLE_EQ(derive_bound(s, BoundKind::min, 0.5)->value, 500);
  EXPECT_DOUBLE_EQ(derive_bound(s, BoundKind::max, 0.5)->value, 2000);
  EXPECT_DOUBLE_EQ(derive_bound(s, BoundKind::min, 0.05)->value, 950);
}

TEST(ProposeBound, NoneWhereNoPositiveFloorFollows) {
  EXPECT_FALSE(derive_bound(std::vector<double>{1000, 10, 2000, 1, 3000}, BoundKind::min, 0.2));
  EXPECT_FALSE(derive_bound(std::vector<double>{0, 0, 0}, BoundKind::min, 0.2));
  EXPECT_FALSE(derive_bound(std::vector<double>{0}, BoundKind::max, 0.2));
  EXPECT_FALSE(derive_bound(std::vector<double>{}, BoundKind::min, 0.2));
}

TEST(ProposeRounding, ThreeDigitsAndOnlyEverWider) {
  EXPECT_DOUBLE_EQ(round_down_3(2272.86), 2270);
  EXPECT_DOUBLE_EQ(round_up_3(2272.86), 2280);
  EXPECT_NEAR(round_down_3(0.012345), 0.0123, 1e-15);
  EXPECT_NEAR(round_up_3(0.012345), 0.0124, 1e-15);
  EXPECT_DOUBLE_EQ(round_up_3(12.5), 12.5);
  EXPECT_DOUBLE_EQ(round_down_3(800), 800);
  // Already three digits, though the quotient by the step comes out a hair off in binary.
  EXPECT_NEAR(round_down_3(11.1 * 0.8), 8.88, 1e-12);
  EXPECT_NEAR(round_up_3(0.1 + 0.2), 0.3, 1e-12);
  EXPECT_NEAR(round_down_3(2.3), 2.3, 1e-12);
  std::mt19937_64 rng(16);
  std::uniform_real_distribution<double> exponent(-6, 9);
  for (int i = 0; i < 10000; ++i) {
    const double x = std::pow(10.0, exponent(rng));
    const double down = round_down_3(x), up = round_up_3(x);
    ASSERT_LE(down, x * (1 + 1e-12));  // binary noise aside, never narrower
    ASSERT_GE(up, x * (1 - 1e-12));
    ASSERT_GT(down, x * 0.989) << x;  // within one step of the third digit
    ASSERT_LT(up, x * 1.011) << x;
  }
}

RecordedCheck recorded(const std::string& name, const WorkloadSpec& w, double iops) {
  RecordedCheck c;
  c.name = name;
  c.workload = w;
  for (const char* key : {"iops", "mbps", "duration_s", "latency_p99_ms"})
    c.samples[key] = {iops, iops * 1.01, iops * 0.99};
  return c;
}

TEST(Propose, LeavesOutWhatItCannotProposeFromAndSaysWhy) {
  Recording r;
  r.source = "b.json";
  r.checks.push_back(recorded("good", timed(), 1000));
  RecordedCheck errored = recorded("errored", timed(), 1000);
  errored.unusable = "it ended in an error in that run: EIO";
  r.checks.push_back(errored);
  RecordedCheck no_p99 = recorded("no_p99", timed(), 1000);
  no_p99.workload.rate_iops = 100;
  no_p99.samples.erase("latency_p99_ms");
  r.checks.push_back(no_p99);
  RecordedCheck zero = recorded("zero", timed(), 0);
  r.checks.push_back(zero);
  const Proposal p = propose(r, {});
  ASSERT_EQ(p.checks.size(), 1u);
  EXPECT_EQ(p.checks[0].recorded->name, "good");
  EXPECT_EQ(p.checks[0].shape, CheckShape::timed);
  ASSERT_EQ(p.checks[0].bounds.size(), 2u);
  EXPECT_STREQ(p.checks[0].bounds[0].choice.key, "iops_min");
  EXPECT_DOUBLE_EQ(p.checks[0].bounds[0].how.value, 800);
  ASSERT_EQ(p.left_out.size(), 3u);
  EXPECT_EQ(p.left_out[0], "errored: it ended in an error in that run: EIO");
  EXPECT_EQ(p.left_out[1], "no_p99: the recording has no latency_p99_ms figures for it");
  EXPECT_TRUE(p.left_out[2].starts_with("zero: no positive iops_min follows from iops 0-0"))
      << p.left_out[2];
}

TEST(Propose, NamesTheSuite) {
  Recording r;
  r.source = "/x/array-gate.v2.json";
  EXPECT_EQ(proposal_suite_name(r), "array_gate_v2");
  r.source = "/x/---.json";
  EXPECT_EQ(proposal_suite_name(r), "proposed");
  r.suite = "quick";
  EXPECT_EQ(proposal_suite_name(r), "quick");
  r.checks.push_back(recorded("c", timed(), 10));
  EXPECT_EQ(propose(r, {0.2, "mine", ""}).suite, "mine");
  EXPECT_EQ(propose(r, {}).suite, "quick");
}

}  // namespace
}  // namespace iogate
