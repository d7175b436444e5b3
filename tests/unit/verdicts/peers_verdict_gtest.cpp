// A bound relative to the peers ("70% of peers") on one host: the verdict leaves it to iogate
// fleet (decision "fleet"), it passes or fails nothing here, and its fraction reaches the results
// JSON so `iogate fleet` reads it back from results alone.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/results/figures.hpp"
#include "iogate/verdicts/verdict.hpp"
#include "iogate_test/synthetic_runs.hpp"
#include "results/result_json.hpp"
#include "results/result_reader.hpp"
#include "runner/outcome_records.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

Check peers_check() {
  Check c;
  c.name = "rand_read_4k";
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, PeersBound{0.7}}};
  return c;
}

CheckRecord record_of(const Check& check, const std::vector<RunResult>& runs) {
  CheckOutcome outcome;
  outcome.runs = runs;
  outcome.result = runs.front();
  outcome.verdict = evaluate(check, runs);
  return make_check_record("s", check, outcome);
}

TEST(PeersVerdict, APeersBoundAloneIsLeftToTheFleetAndPassesHere) {
  const Check check = peers_check();
  const Verdict v = evaluate(check, {test::run_at_iops(50)});
  ASSERT_EQ(v.judgements.size(), 1u);
  EXPECT_EQ(v.judgements[0].decision, Decision::fleet);
  EXPECT_TRUE(v.shortfalls.empty());
  EXPECT_TRUE(v.unstable.empty());
  EXPECT_TRUE(v.passed());

  const CheckRecord r = record_of(check, {test::run_at_iops(50)});
  EXPECT_EQ(r.status, CheckStatus::pass);
  EXPECT_TRUE(r.messages.empty());  // a message would fail the suite's test
  ASSERT_EQ(r.expectations.size(), 1u);
  EXPECT_EQ(r.expectations[0].decision, "fleet");
  EXPECT_THAT(r.expectations[0].evidence, HasSubstr("70% of peers, judged by iogate fleet"));
  ASSERT_TRUE(r.expectations[0].peers.has_value());
  EXPECT_DOUBLE_EQ(*r.expectations[0].peers, 0.7);
  EXPECT_THAT(fleet_lines(r),
              ::testing::ElementsAre("iops_min 70% of peers: judged by iogate fleet"));
}

TEST(PeersVerdict, AnAbsoluteBoundBesideItStillDecides) {
  Check check = peers_check();
  check.expectations.push_back({"mbps_min", Metric::mbps, BoundKind::min, 0, AbsoluteBound{100}});
  // Ten runs at 0.2 MiB/s < 100: enough to call a floor broken (one run alone is undecided).
  const std::vector<RunResult> ten(10, test::run_at_iops(50));
  const CheckRecord slow = record_of(check, ten);
  EXPECT_EQ(slow.status, CheckStatus::fail);
  ASSERT_EQ(slow.messages.size(), 1u);
  EXPECT_THAT(slow.messages[0], HasSubstr("mbps_min"));
  EXPECT_EQ(slow.expectations.at(0).decision, "fleet");
  EXPECT_EQ(slow.expectations.at(1).decision, "broken");

  check.expectations[1].bound = AbsoluteBound{0.1};
  EXPECT_EQ(record_of(check, ten).status, CheckStatus::pass);
}

TEST(PeersVerdict, FailFastDoesNotWatchAPeersBound) {
  // resolve_bound has no value for it, and must not throw on the variant.
  EXPECT_TRUE(std::isnan(resolve_bound(peers_check().expectations[0], nullptr)));
}

TEST(PeersVerdict, TheJsonRoundTripKeepsTheBound) {
  Check check = peers_check();
  // A workload the engine would run: results are read back under its rules.
  check.workload.block_size = 4096;
  check.workload.file_size = check.workload.io_size = 1 << 20;
  const CheckRecord r = record_of(check, {test::run_at_iops(50)});
  const nlohmann::json j = check_entry_to_json(r);
  EXPECT_DOUBLE_EQ(j["expectations"][0]["peers"].get<double>(), 0.7);
  const CheckRecord back = check_from_json(j);
  ASSERT_EQ(back.expectations.size(), 1u);
  EXPECT_EQ(back.expectations[0].decision, "fleet");
  ASSERT_TRUE(back.expectations[0].peers.has_value());
  EXPECT_DOUBLE_EQ(*back.expectations[0].peers, 0.7);
  // The other bounds carry no "peers" and read back without one.
  CheckRecord absolute = r;
  absolute.expectations[0] = {"iops_min", "holds", "iops 50.00 (iops_min 1.00)", {}, {}};
  const nlohmann::json a = check_entry_to_json(absolute);
  EXPECT_FALSE(a["expectations"][0].contains("peers"));
  EXPECT_FALSE(check_from_json(a).expectations[0].peers.has_value());
}

}  // namespace
}  // namespace iogate
