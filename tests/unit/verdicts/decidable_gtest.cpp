// Whether a check's budget can ever fail its bounds (verdicts/decidable.hpp), against the
// counts worked out by hand: n runs all below a median are 2^-n likely; n runs all below b
// baseline runs, 1 / C(n + b, b).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "iogate/verdicts/evidence.hpp"
#include "verdicts/decidable.hpp"

namespace iogate {
namespace {

using testing::HasSubstr;

Check check_of(Bound bound, int repeat, int repeat_max, bool confirm) {
  Check c;
  c.name = "c";
  c.repeat = repeat;
  c.repeat_max = repeat_max;
  c.confirm = confirm;
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, bound}};
  return c;
}

// Alone, the first sample looks after every run at absolute_fail_level (evidence.hpp), which for
// a plan of 1..7 runs admits 7 runs all below (2^-7 = 0.78%) and for 1..6 not 6 (1.6%).
TEST(Decidable, AnAbsoluteFloorWithoutConfirmationNeedsSevenRuns) {
  EXPECT_LE(std::pow(0.5, 7), absolute_fail_level(RunPlan{1, 7}));
  EXPECT_GT(std::pow(0.5, 6), absolute_fail_level(RunPlan{1, 6}));
  const Check c = check_of(AbsoluteBound{300}, 1, 3, false);
  const std::vector<UndecidableBound> found = bounds_that_cannot_fail(c, std::nullopt);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].repeat_max_needed, 7);
  EXPECT_TRUE(bounds_that_cannot_fail(check_of(AbsoluteBound{300}, 1, 7, false), {}).empty());
}

// With confirmation, both samples' runs are pooled at one look at 0.7%: 2 x 3 runs give 2^-6 =
// 1.6%, 2 x 4 give 2^-8 = 0.39%.
TEST(Decidable, AnAbsoluteFloorWithConfirmationNeedsFourRunsASample) {
  const Check c = check_of(AbsoluteBound{300}, 1, 3, true);
  const std::vector<UndecidableBound> found = bounds_that_cannot_fail(c, std::nullopt);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].repeat_max_needed, 4);
  EXPECT_EQ(found[0].baseline_runs, 0);
}

// The case that ended UNSTABLE for ever: 3 runs against 3 (1/20), pooled 6 against 3 (1/84 =
// 1.2%); 8 against 3 pooled is 1/165 = 0.61%.
TEST(Decidable, ThreeRunsAgainstABaselineOfThreeCanNeverFail) {
  const Check c = check_of(RelativeBound{5.0}, 3, 3, true);
  const std::vector<UndecidableBound> found = bounds_that_cannot_fail(c, 3);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].repeat_max_needed, 4);
  EXPECT_EQ(describe(found[0]),
            "iops_min can never fail: 3 runs against a baseline of 3 cannot reach the 1% level a "
            "FAIL needs; repeat_max = 4 can");
  // The same check with 12 runs against 8 failed in 40 s.
  EXPECT_TRUE(bounds_that_cannot_fail(check_of(RelativeBound{5.0}, 3, 12, true), 8).empty());
}

// Against a baseline of one figure (an imported result) the runs' ratios are judged as an absolute
// bound on their median at the relative bounds' levels: half the 1% for the last look, so 2^-8.
TEST(Decidable, ABaselineOfOneFigureIsJudgedOnTheRunsAlone) {
  const std::vector<UndecidableBound> found =
      bounds_that_cannot_fail(check_of(RelativeBound{0.9}, 1, 3, false), 1);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].repeat_max_needed, 8);
}

TEST(Decidable, RelativeBoundsAreNotAskedWithoutABaselineNorPeersBoundsAtAll) {
  EXPECT_TRUE(bounds_that_cannot_fail(check_of(RelativeBound{0.9}, 1, 2, true), {}).empty());
  EXPECT_TRUE(bounds_that_cannot_fail(check_of(PeersBound{0.7}, 1, 2, true), 3).empty());
}

TEST(Decidable, ACeilingIsJudgedOnItsOwnSide) {
  Check c = check_of(AbsoluteBound{120}, 1, 3, true);
  c.expectations[0] = {"duration_max", Metric::duration, BoundKind::max, 0, AbsoluteBound{120}};
  const std::vector<UndecidableBound> found = bounds_that_cannot_fail(c, std::nullopt);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_THAT(describe(found[0]), HasSubstr("duration_max can never fail: 3 runs cannot reach"));
  EXPECT_TRUE(bounds_that_cannot_fail(check_of(AbsoluteBound{120}, 1, 4, true), {}).empty());
}

}  // namespace
}  // namespace iogate
