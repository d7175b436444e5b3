// How two samples combine (verdicts/confirmation.hpp), on verdicts made by evaluate() from
// chosen figures: persisted, transient, disagreed or undecided, the verdict the check then gets,
// and the words it says.
#include "verdicts/confirmation.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

Check two_floors() {
  Check c;
  c.name = "c";
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{1000}},
                    {"mbps_min", Metric::mbps, BoundKind::min, 0, AbsoluteBound{10}}};
  return c;
}

// A sample of these runs' figures, judged as one sequence of exactly that many runs at
// `false_fail` (1%: a first sample; kConfirmFalseFailRate: a second).
struct TestSample {
  MetricSamples samples;
  std::vector<RunResult> runs;
  Verdict verdict;
  SampleEvidence evidence() const { return {verdict, runs, samples}; }
};

TestSample sample(const Check& check, std::vector<double> iops, double mbps = 50,
                  double false_fail = kFalseFailRate) {
  TestSample s;
  const int n = static_cast<int>(iops.size());
  s.samples["mbps"] = std::vector<double>(iops.size(), mbps);
  s.samples["iops"] = std::move(iops);
  s.verdict = evaluate(check, {}, s.samples, nullptr, RunPlan{n, n, false_fail});
  return s;
}

TestSample steady(const Check& check, double iops, double mbps = 50) {
  return sample(check, std::vector<double>(10, iops), mbps);
}

Confirmed confirm(const Check& check, const TestSample& first, const TestSample& second) {
  return confirm_samples(check, first.evidence(), second.evidence(), nullptr);
}

TEST(ConfirmSamples, TheSameExpectationBrokenTwicePersists) {
  const Check check = two_floors();
  const TestSample first = steady(check, 500);
  ASSERT_EQ(first.verdict.shortfalls.size(), 1u);
  const Confirmed c = confirm(check, first, steady(check, 400));
  EXPECT_EQ(c.persistence, Persistence::persisted);
  ASSERT_EQ(c.verdict.shortfalls.size(), 1u);
  EXPECT_EQ(c.verdict.shortfalls[0].expectation, &check.expectations[0]);
  EXPECT_TRUE(c.together.empty());  // each sample decided on its own
}

TEST(ConfirmSamples, ASecondSampleThatPassesMakesItTransient) {
  const Check check = two_floors();
  const Confirmed c = confirm(check, steady(check, 500), steady(check, 2000));
  EXPECT_EQ(c.persistence, Persistence::transient);
  EXPECT_TRUE(c.verdict.passed());
}

// Another expectation broken later is a new finding nobody confirmed: the first sample held it.
TEST(ConfirmSamples, AnotherExpectationBrokenLaterDisagrees) {
  const Check check = two_floors();
  const Confirmed c = confirm(check, steady(check, 500, 50), steady(check, 2000, 5));
  EXPECT_EQ(c.persistence, Persistence::disagreed);
  EXPECT_TRUE(c.verdict.shortfalls.empty());
  ASSERT_EQ(c.verdict.unstable.size(), 1u);
  EXPECT_EQ(c.verdict.unstable[0],
            "mbps_min: first sample held, second broken: the samples disagree");
  EXPECT_FALSE(c.verdict.passed());
}

// A burst in the first sample, a second that leans to holding without deciding: they disagree.
TEST(ConfirmSamples, ABrokenFirstAndASecondWithinTheBoundDisagree) {
  const Check check = two_floors();
  const TestSample second = sample(check, {900, 1100, 950, 1050, 1010}, 50, kConfirmFalseFailRate);
  ASSERT_EQ(second.verdict.unstable.size(), 1u);
  const Confirmed c = confirm(check, steady(check, 500), second);
  EXPECT_EQ(c.persistence, Persistence::disagreed);
  ASSERT_EQ(c.verdict.unstable.size(), 1u);
  EXPECT_EQ(c.verdict.unstable[0],
            "iops_min: first sample broken, second undecided, within the bound: the samples "
            "disagree");
}

// The finding: samples that both lean short of the bound, neither decided alone, decide
// together.
TEST(ConfirmSamples, TwoUndecidedSamplesShortOfTheBoundFailTogether) {
  const Check check = two_floors();
  const TestSample first = sample(check, {900, 950, 980, 960, 940});
  const TestSample second = sample(check, {930, 960, 990, 970, 985});
  ASSERT_EQ(first.verdict.unstable.size(), 1u);
  ASSERT_EQ(second.verdict.unstable.size(), 1u);
  const Confirmed c = confirm(check, first, second);
  EXPECT_EQ(c.persistence, Persistence::persisted);
  ASSERT_EQ(c.verdict.shortfalls.size(), 1u);
  const Judgement& both = *c.verdict.shortfalls[0].judgement;
  EXPECT_EQ(both.runs, 10);
  EXPECT_EQ(both.samples, 2);
  ASSERT_EQ(c.together.size(), 1u);
  EXPECT_THAT(c.together[0], HasSubstr("after 10 runs: broken"));
  // The failure line says where the evidence came from.
  RunResult shown;
  EXPECT_THAT(failure_line(check, shown, c.verdict.shortfalls[0], 5, "run 3 of 5"),
              HasSubstr("after the 10 runs of both samples"));
}

// A burst that halved the first sample is not lent to a second that merely leans short: the two
// are not one datastore's figures, so they are not judged together.
TEST(ConfirmSamples, SamplesThatDifferAreNotJudgedTogether) {
  const Check check = two_floors();
  const TestSample second = sample(check, {930, 960, 990, 970, 985});
  ASSERT_EQ(second.verdict.unstable.size(), 1u);
  const Confirmed c = confirm(check, steady(check, 500), second);
  EXPECT_EQ(c.persistence, Persistence::disagreed);
  EXPECT_TRUE(c.verdict.shortfalls.empty());
  EXPECT_TRUE(c.together.empty());
  ASSERT_EQ(c.verdict.unstable.size(), 1u);
  EXPECT_THAT(c.verdict.unstable[0],
              HasSubstr("iops_min: first sample broken, second undecided, short of the bound, but "
                        "at 0.52x the second's figures the first was not the same datastore's"));
}

TEST(ConfirmSamples, TwoUndecidedSamplesThatStayUndecidedSaySoInThoseWords) {
  const Check check = two_floors();
  const Confirmed c = confirm(check, sample(check, {900, 950, 980, 1020, 940}),
                              sample(check, {930, 960, 990, 1010, 900}));
  EXPECT_EQ(c.persistence, Persistence::undecided);
  EXPECT_STREQ(persistence_name(c.persistence), "undecided");
  ASSERT_EQ(c.verdict.unstable.size(), 1u);
  EXPECT_THAT(c.verdict.unstable[0], HasSubstr("after the 10 runs of both samples: undecided"));
  EXPECT_THAT(c.verdict.unstable[0], HasSubstr("(both samples undecided)"));
  EXPECT_THAT(c.verdict.unstable[0], Not(HasSubstr("disagree")));
}

TEST(ConfirmSamples, AnUndecidedFirstAndABrokenSecondAreNamedSo) {
  const Check check = two_floors();
  const TestSample second = sample(check, {930, 960, 990, 970, 985}, 50, kConfirmFalseFailRate);
  ASSERT_EQ(second.verdict.shortfalls.size(), 1u);
  // Pooled: 9 of 10 runs short, not quite the 1% look's evidence.
  const Confirmed c = confirm(check, sample(check, {900, 950, 980, 1020, 940}), second);
  EXPECT_EQ(c.persistence, Persistence::undecided);
  ASSERT_EQ(c.verdict.unstable.size(), 1u);
  EXPECT_THAT(c.verdict.unstable[0], HasSubstr("(first undecided, second broken)"));
  // One more run short in the first sample, and together they decide.
  const Confirmed d = confirm(check, sample(check, {900, 950, 980, 990, 940}), second);
  EXPECT_EQ(d.persistence, Persistence::persisted);
}

TEST(ConfirmSamples, TwoUndecidedSamplesWithinTheBoundPassTogether) {
  const Check check = two_floors();
  const TestSample first =
      sample(check, {980, 1050, 1060, 1020, 1040, 1100, 995, 1070, 1010, 1090});
  const TestSample second =
      sample(check, {1030, 1060, 990, 1080, 1070, 985, 1040, 1050, 1020, 1100});
  ASSERT_EQ(first.verdict.unstable.size(), 1u);
  ASSERT_EQ(second.verdict.unstable.size(), 1u);
  const Confirmed c = confirm(check, first, second);
  EXPECT_EQ(c.persistence, Persistence::transient);
  EXPECT_TRUE(c.verdict.passed());
  ASSERT_EQ(c.together.size(), 1u);
  EXPECT_THAT(c.together[0], HasSubstr("holds"));
}

// A stall (a shortfall without an expectation) seen only later is nobody's confirmation.
TEST(ConfirmSamples, AStallInTheSecondSampleOnlyDisagrees) {
  const Check check = two_floors();
  TestSample second = steady(check, 2000);
  second.verdict.shortfalls.push_back({nullptr, 1, 5, "stall: second 3 of run 2", std::nullopt});
  const Confirmed c = confirm(check, steady(check, 500), second);
  EXPECT_EQ(c.persistence, Persistence::disagreed);
  ASSERT_EQ(c.verdict.unstable.size(), 1u);
  EXPECT_EQ(c.verdict.unstable[0], "stall: second 3 of run 2 in the second sample only");
}

TEST(WorthConfirming, AShortfallOrAnUndecidedExpectation) {
  const Check check = two_floors();
  EXPECT_TRUE(worth_confirming(steady(check, 500).verdict));
  EXPECT_TRUE(worth_confirming(sample(check, {900, 1100, 950, 1050, 1000}).verdict));
  EXPECT_FALSE(worth_confirming(steady(check, 2000).verdict));
}

TEST(PersistenceNames, OneTableBothWays) {
  for (const Persistence p : {Persistence::persisted, Persistence::transient,
                              Persistence::disagreed, Persistence::undecided})
    EXPECT_EQ(persistence_from_name(persistence_name(p)), p);
  EXPECT_FALSE(persistence_from_name("confirmed"));
  EXPECT_EQ(persistence_names(), "\"persisted\", \"transient\", \"disagreed\" or \"undecided\"");
}

TEST(SampleLines, ShortfallsFirstElseTheJudgements) {
  const Check check = two_floors();
  const std::vector<std::string> broken = sample_lines(steady(check, 500).verdict);
  ASSERT_EQ(broken.size(), 1u);
  EXPECT_THAT(broken[0], HasSubstr("after 10 runs: broken"));
  const std::vector<std::string> passed = sample_lines(steady(check, 2000).verdict);
  ASSERT_EQ(passed.size(), 2u);
  EXPECT_THAT(passed[0], HasSubstr("holds"));
}

// A confirming sample spends more on a false FAIL: it only counts after a first one.
TEST(ConfirmLevel, TheSecondSampleDecidesSoonerThanTheFirst) {
  RunPlan first{5, 20};
  RunPlan again = first;
  again.false_fail = kConfirmFalseFailRate;
  EXPECT_GT(absolute_fail_level(again), absolute_fail_level(first));
  EXPECT_GT(fail_level(again, 5), fail_level(first, 5));
  EXPECT_DOUBLE_EQ(fail_level(again, 20), kConfirmFalseFailRate / 2);
  // The two roads to FAIL spend the gate's 1% between them.
  EXPECT_LE(kPooledFalseFailRate + kFalseFailRate * kConfirmFalseFailRate, kFalseFailRate);
}

}  // namespace
}  // namespace iogate
