// How two samples combine (iogate/verdicts/confirmation.hpp), on verdicts made by evaluate() from
// chosen figures: persisted, transient or disagreed, and the verdict the check then gets.
#include "iogate/verdicts/confirmation.hpp"

#include <gtest/gtest.h>

namespace iogate {
namespace {

Check two_floors() {
  Check c;
  c.name = "c";
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{1000}},
                    {"mbps_min", Metric::mbps, BoundKind::min, 0, AbsoluteBound{10}}};
  return c;
}

// Ten runs at these figures, judged as one sample.
Verdict sample(const Check& check, double iops, double mbps) {
  MetricSamples s;
  s["iops"] = std::vector<double>(10, iops);
  s["mbps"] = std::vector<double>(10, mbps);
  return evaluate(check, {}, s, nullptr, RunPlan{10, 10});
}

TEST(SamplesAgree, TheSameExpectationBrokenTwicePersists) {
  const Check check = two_floors();
  const Verdict first = sample(check, 500, 50);
  ASSERT_EQ(first.shortfalls.size(), 1u);
  const Verdict second = sample(check, 400, 50);
  EXPECT_EQ(samples_agree(first, second), Persistence::persisted);
  const Verdict v = confirmed_verdict(second, Persistence::persisted);
  EXPECT_EQ(v.shortfalls.size(), 1u);
}

TEST(SamplesAgree, ASecondSampleThatPassesMakesItTransient) {
  const Check check = two_floors();
  const Verdict second = sample(check, 2000, 50);
  EXPECT_EQ(samples_agree(sample(check, 500, 50), second), Persistence::transient);
  EXPECT_TRUE(confirmed_verdict(second, Persistence::transient).passed());
}

// Another expectation broken later is a new finding nobody confirmed: unstable, not FAIL.
TEST(SamplesAgree, AnotherExpectationBrokenLaterDisagrees) {
  const Check check = two_floors();
  const Verdict second = sample(check, 2000, 5);
  const Persistence p = samples_agree(sample(check, 500, 50), second);
  EXPECT_EQ(p, Persistence::disagreed);
  const Verdict v = confirmed_verdict(second, p);
  EXPECT_TRUE(v.shortfalls.empty());
  ASSERT_EQ(v.unstable.size(), 2u);
  EXPECT_NE(v.unstable[0].find("mbps"), std::string::npos) << v.unstable[0];
  EXPECT_NE(v.unstable[0].find("in the second sample only"), std::string::npos);
  EXPECT_NE(v.unstable[1].find("the samples disagree"), std::string::npos);
  EXPECT_FALSE(v.passed());
}

TEST(SamplesAgree, AnUndecidedSecondSampleDisagrees) {
  const Check check = two_floors();
  MetricSamples s;
  s["iops"] = {900, 1100, 950, 1050, 1000};  // straddles the floor: undecided
  s["mbps"] = std::vector<double>(5, 50);
  const Verdict second = evaluate(check, {}, s, nullptr, RunPlan{5, 5});
  ASSERT_EQ(second.unstable.size(), 1u);
  EXPECT_EQ(samples_agree(sample(check, 500, 50), second), Persistence::disagreed);
}

// An undecided first sample is weighed again too: a pass later makes it transient.
TEST(SamplesAgree, AnUndecidedFirstSampleThatPassesLaterIsTransient) {
  const Check check = two_floors();
  MetricSamples s;
  s["iops"] = {900, 1100, 950, 1050, 1000};
  s["mbps"] = std::vector<double>(5, 50);
  const Verdict first = evaluate(check, {}, s, nullptr, RunPlan{5, 5});
  ASSERT_TRUE(first.shortfalls.empty());
  EXPECT_TRUE(worth_confirming(first));
  EXPECT_FALSE(worth_confirming(sample(check, 2000, 50)));
  EXPECT_EQ(samples_agree(first, sample(check, 2000, 50)), Persistence::transient);
  // Broken only later: not seen twice, so not a FAIL.
  EXPECT_EQ(samples_agree(first, sample(check, 500, 50)), Persistence::disagreed);
}

TEST(SampleLines, ShortfallsFirstElseTheJudgements) {
  const Check check = two_floors();
  const std::vector<std::string> broken = sample_lines(sample(check, 500, 50));
  ASSERT_EQ(broken.size(), 1u);
  EXPECT_NE(broken[0].find("after 10 runs: broken"), std::string::npos) << broken[0];
  const std::vector<std::string> passed = sample_lines(sample(check, 2000, 50));
  ASSERT_EQ(passed.size(), 2u);
  EXPECT_NE(passed[0].find("holds"), std::string::npos) << passed[0];
}

// A confirming sample spends more on a false FAIL: it only counts after a first one.
TEST(ConfirmLevel, TheSecondSampleDecidesSoonerThanTheFirst) {
  RunPlan first{5, 20};
  RunPlan again = first;
  again.false_fail = kConfirmFalseFailRate;
  EXPECT_GT(absolute_fail_level(again), absolute_fail_level(first));
  EXPECT_GT(fail_level(again, 5), fail_level(first, 5));
  EXPECT_DOUBLE_EQ(fail_level(again, 20), kConfirmFalseFailRate / 2);
}

}  // namespace
}  // namespace iogate
