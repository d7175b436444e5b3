#include "fleet/fleet.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "iogate_test/fleet_sample.hpp"

namespace iogate {
namespace {

using test::fleet;
using test::host;
using test::record;
using test::verdict_of;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string input_error(const std::vector<FleetInput>& inputs, const FleetSettings& s = {}) {
  try {
    compare_fleet(inputs, s);
  } catch (const FleetInputError& e) {
    return e.what();
  }
  return "";
}

TEST(Fleet, EightPeersNameTheHostCappedToAFifthAndNoOther) {
  const FleetRecord r = compare_fleet(fleet({390, 402, 385, 377, 398, 410, 80, 391}), {});
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.outliers(), 1);
  EXPECT_TRUE(verdict_of(r, "vm07").outlier());
  for (const char* other : {"vm01", "vm02", "vm03", "vm04", "vm05", "vm06", "vm08"})
    EXPECT_FALSE(verdict_of(r, other).outlier()) << other;
  EXPECT_EQ(r.groups[0].limit, "");  // 7 peers: the robust z applies
  const FigureVerdict& iops = verdict_of(r, "vm07").figures.at(0);
  EXPECT_EQ(iops.key, "iops");
  EXPECT_EQ(iops.comparison.peers, 7);
  EXPECT_DOUBLE_EQ(iops.comparison.peer_median, 391);  // the others' median, vm07 left out
  ASSERT_TRUE(iops.comparison.robust_z);
}

TEST(Fleet, ThreeHostsWorkAndSayHowLittleTheyCanTell) {
  std::vector<FleetInput> in = fleet({400, 190, 410});
  in[1].run.context.stack.scheduler = "none";  // a cause: a shortfall seen once is enough
  const FleetRecord r = compare_fleet(in, {});
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.outliers(), 1);
  EXPECT_TRUE(verdict_of(r, "vm02").outlier());
  EXPECT_FALSE(verdict_of(r, "vm02").figures[0].comparison.robust_z);
  EXPECT_THAT(r.groups[0].limit,
              HasSubstr("3 hosts: only a shortfall below 70% of the peer median can be named"));
  // 80% of the peers: a fleet of 3 cannot tell it from noise, and does not name it.
  EXPECT_EQ(compare_fleet(fleet({400, 325, 410}), {}).outliers(), 0);
}

TEST(Fleet, FiguresWithoutSpreadAreSaidToBeJudgedByTheRatioAlone) {
  std::vector<FleetInput> in = fleet({400, 400, 400, 400, 400, 250});
  in[5].run.context.stack.scheduler = "none";
  const FleetRecord r = compare_fleet(in, {});
  EXPECT_EQ(r.outliers(), 1);  // 62%, and no MAD to weigh it with
  EXPECT_THAT(verdict_of(r, "vm06").explanation, HasSubstr("(no runs gave a spread)"));
  EXPECT_THAT(r.groups[0].limit, HasSubstr("the peers' iops, mbps do not spread (MAD 0): only a "
                                           "shortfall below 70%"));
  EXPECT_EQ(compare_fleet(fleet({390, 402, 385, 377, 398, 410}), {}).groups[0].limit, "");
}

TEST(Fleet, AClassOfTwoIsNotComparedAndSaysWhy) {
  std::vector<FleetInput> in = fleet({400, 100, 410});
  in[2].run.context.stack.model = "Other disk";  // vm03 alone on its hardware
  const FleetRecord r = compare_fleet(in, {});
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.outliers(), 0);
  EXPECT_THAT(verdict_of(r, "vm01").not_compared, HasSubstr("1 peer(s) ran it"));
  EXPECT_THAT(verdict_of(r, "vm03", 1).not_compared, HasSubstr("model=Other disk"));
}

TEST(Fleet, OutlierIsExplainedByTheFieldItAloneHas) {
  std::vector<FleetInput> in = fleet({390, 402, 385, 377, 398, 410, 75, 391});
  in[6].run.context.stack.host_driver = "BusLogic";
  const FleetRecord r = compare_fleet(in, {});
  EXPECT_EQ(verdict_of(r, "vm07").explanation,
            "vm07 Random_8k_70_Read: 75 IOPS, 19% of the peer median 391 IOPS (7 peers, 1 run); "
            "19% of the peer median (no runs gave a spread), wholly below 70%; its fingerprint "
            "differs; differs from 7 of 7 peers in host_driver: BusLogic (peers: mptspi)");
  ASSERT_EQ(verdict_of(r, "vm07").differences.size(), 1u);  // not device, mount_point ...
  EXPECT_EQ(verdict_of(r, "vm07").differences[0].key, "host_driver");
}

TEST(Fleet, FieldsThePeersDoNotAgreeOnExplainNothing) {
  std::vector<FleetInput> in = fleet({390, 402, 385, 377, 398, 410, 75, 391});
  for (std::size_t i = 0; i < in.size(); ++i)  // every host its own kernel
    in[i].run.context.stack.kernel = "6.1." + std::to_string(i);
  in[6].run.context.stack.scheduler = "none";
  const FleetRecord r = compare_fleet(in, {});
  const HostVerdict& v = verdict_of(r, "vm07");
  ASSERT_EQ(v.differences.size(), 1u);
  EXPECT_EQ(v.differences[0].key, "scheduler");
  EXPECT_THAT(v.explanation, HasSubstr("in scheduler: none (peers: mq-deadline)"));
  EXPECT_THAT(v.explanation, ::testing::Not(HasSubstr("kernel")));
}

TEST(Fleet, OutlierWithoutADifferenceSaysSo) {
  const FleetRecord r = compare_fleet(fleet({390, 402, 385, 377, 398, 410, 75, 391}), {});
  EXPECT_THAT(verdict_of(r, "vm07").explanation,
              HasSubstr("; no fingerprint field differs from most of its peers"));
}

TEST(Fleet, AnotherWorkloadIsComparedApartAndNamed) {
  std::vector<FleetInput> in = fleet({390, 402, 385, 377});
  in[2].run.checks[0] = record("Random_8k_70_Read", 60, 32);  // vm03 at queue depth 32
  const FleetRecord r = compare_fleet(in, {});
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.groups[0].hosts.size(), 3u);
  ASSERT_EQ(r.groups[1].hosts.size(), 1u);
  EXPECT_EQ(r.groups[1].hosts[0].host, "vm03");
  EXPECT_EQ(r.outliers(), 0);  // its 60 IOPS is never held against the others' 64-deep runs
  EXPECT_THAT(r.notes, ElementsAre("vm03 ran Random_8k_70_Read with queue_depth 32, the others "
                                   "with 64: compared apart"));
}

TEST(Fleet, AFixedSeedIsNotAnotherWorkload) {
  std::vector<FleetInput> in = fleet({390, 402, 385});
  in[1].run.checks[0].workload.seed = 7;
  EXPECT_EQ(compare_fleet(in, {}).groups.size(), 1u);
}

TEST(Fleet, PeerClassesKeepOtherHardwareApartAndPeerKeysChooseThem) {
  std::vector<FleetInput> in = fleet({390, 402, 385, 900, 910, 905});
  for (std::size_t i = 3; i < 6; ++i) in[i].run.context.stack.model = "NVMe disk";
  const FleetRecord by_model = compare_fleet(in, {});
  ASSERT_EQ(by_model.groups.size(), 2u);
  EXPECT_EQ(by_model.outliers(), 0);
  EXPECT_THAT(by_model.groups[1].peer_class, HasSubstr("model=NVMe disk"));
  FleetSettings scheduler_only;
  scheduler_only.peer_keys = {"scheduler"};
  const FleetRecord together = compare_fleet(in, scheduler_only);
  ASSERT_EQ(together.groups.size(), 1u);
  EXPECT_EQ(together.groups[0].peer_class, "scheduler=mq-deadline");
  EXPECT_EQ(together.outliers(), 3);  // the three slower disks, against faster "peers"
}

TEST(Fleet, AHostLackingAPeerKeyFieldIsAPeerOnlyOfHostsLackingIt) {
  std::vector<FleetInput> in = fleet({390, 402, 385, 100});
  in[3].run.context.stack.model.clear();
  const FleetRecord r = compare_fleet(in, {});
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_THAT(r.groups[1].peer_class, HasSubstr("model=(unknown)"));
  EXPECT_EQ(r.outliers(), 0);
}

TEST(Fleet, SkippedAndErroredChecksAreReportedNotCompared) {
  std::vector<FleetInput> in = fleet({390, 402, 385, 377});
  in[1].run.checks[0].status = CheckStatus::skipped;
  in[1].run.checks[0].messages = {"Random_8k_70_Read: skipped: no baseline"};
  in[2].run.checks[0].status = CheckStatus::error;
  in[2].run.checks[0].result = RunResult{};
  in[2].run.checks[0].messages = {"Random_8k_70_Read: EIO"};
  in[3].run.checks[0].status = CheckStatus::fail;  // measured: a failed threshold still compares
  const FleetRecord r = compare_fleet(in, {});
  EXPECT_EQ(verdict_of(r, "vm02").not_compared, "skipped: Random_8k_70_Read: skipped: no baseline");
  EXPECT_EQ(verdict_of(r, "vm03").not_compared, "error: Random_8k_70_Read: EIO");
  // Two hosts left to compare: one peer each, too few.
  EXPECT_THAT(verdict_of(r, "vm01").not_compared, HasSubstr("1 peer(s)"));
}

TEST(Fleet, AHostWithoutTheCheckIsNoted) {
  std::vector<FleetInput> in = fleet({390, 402, 385});
  in[2].run.checks.clear();
  EXPECT_THAT(compare_fleet(in, {}).notes, ElementsAre("Random_8k_70_Read: no result from vm03"));
}

TEST(Fleet, TwoInputsOfOneHostAreRefusedNamingBothAndTheLabel) {
  std::vector<FleetInput> in = fleet({390, 402, 385});
  in[2].run.context.host_label = "vm01";
  in[2].source = "b/results.json";
  const std::string what = input_error(in);
  EXPECT_THAT(what, HasSubstr("results/vm01 and b/results.json are both host \"vm01\""));
  EXPECT_THAT(what, HasSubstr("--host-label"));
  EXPECT_THAT(what, HasSubstr("IOGATE_HOST_LABEL"));
  // Without labels, clones share a hostname: the same refusal.
  for (FleetInput& i : in) i.run.context.host_label.clear();
  EXPECT_THAT(input_error(in), HasSubstr("are both host \"ubuntu\""));
}

TEST(Fleet, FewerThanTwoHostsAndUnknownPeerKeysAreBadInput) {
  EXPECT_THAT(input_error(fleet({390})), HasSubstr("at least 2 hosts"));
  FleetSettings s;
  s.peer_keys = {"modle"};
  const std::string what = input_error(fleet({390, 400}), s);
  EXPECT_THAT(what, HasSubstr("--peer-key modle: not a fingerprint field"));
  EXPECT_THAT(what, HasSubstr("host_driver"));
}

TEST(Fleet, FiguresChooseWhatIsComparedAndUnknownOnesAreBadInput) {
  std::vector<FleetInput> in = fleet({390, 402, 385});
  in[1].run.checks[0].result.latency.reset();
  for (int i = 0; i < 16; ++i) in[1].run.checks[0].result.latency.record(5'000'000);
  FleetSettings throughput;
  throughput.figures = {"iops", "mbps"};
  const FleetRecord r = compare_fleet(in, throughput);
  EXPECT_EQ(r.outliers(), 0);
  EXPECT_EQ(verdict_of(r, "vm02").figures.size(), 2u);
  FleetSettings bad;
  bad.figures = {"iops", "lat_p95_ms"};
  EXPECT_THAT(input_error(in, bad), HasSubstr("--figure lat_p95_ms: not a compared figure; known"));
}

// Three hosts at one rate, vm02 answering in 5 ms against ~2.5 ms: the latency a rate cap hides
// its slowness in. `expectations` are the check's on every host.
std::vector<FleetInput> slow_latency_fleet(const std::vector<std::string>& expectations) {
  std::vector<FleetInput> in = fleet({390, 402, 385});
  for (FleetInput& host : in)
    for (const std::string& key : expectations)
      host.run.checks[0].expectations.push_back({key, "holds", "", {}, {}});
  RunResult& slow = in[1].run.checks[0].result;
  slow.latency.reset();
  for (int i = 0; i < 16; ++i) slow.latency.record(5'000'000);
  in[1].run.context.stack.scheduler = "none";  // a cause: twice the latency is not beyond a burst
  return in;
}

TEST(Fleet, ALatencyCheckMakesAnOutlierOfSlowLatencyAlone) {
  const FleetRecord r = compare_fleet(slow_latency_fleet({"iops_min", "latency_avg_max"}), {});
  EXPECT_EQ(r.groups[0].figures, (std::vector<std::string>{"iops", "lat_avg_ms"}));
  EXPECT_TRUE(verdict_of(r, "vm02").outlier());
  EXPECT_THAT(verdict_of(r, "vm02").explanation, HasSubstr("ms mean latency"));
  EXPECT_THAT(verdict_of(r, "vm02").explanation, ::testing::Not(HasSubstr("IOPS")));
}

TEST(Fleet, AThroughputCheckIsJudgedOnItsThroughputNotItsLatency) {
  const FleetRecord r = compare_fleet(slow_latency_fleet({"iops_min", "cv_max"}), {});
  EXPECT_EQ(r.groups[0].figures, (std::vector<std::string>{"iops"}));
  EXPECT_EQ(r.outliers(), 0);
  // --figure asks for latency all the same.
  FleetSettings latency;
  latency.figures = {"lat_avg_ms"};
  EXPECT_TRUE(
      verdict_of(compare_fleet(slow_latency_fleet({"iops_min"}), latency), "vm02").outlier());
}

TEST(Fleet, TheFiguresComparedAreThoseTheExpectationsBound) {
  auto figures = [](const std::vector<std::string>& keys) {
    std::vector<ExpectationRecord> e;
    for (const std::string& k : keys) e.push_back({k, "holds", "", {}, {}});
    return bounded_figures(e);
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(figures({"duration_max"}), (V{"mbps"}));
  EXPECT_EQ(figures({"latency_p99_max", "mbps_min", "iops_max"}),
            (V{"iops", "mbps", "lat_p99_ms"}));
  EXPECT_EQ(figures({"latency_p99_9_max", "latency_max", "cv_max"}), (V{"iops", "mbps"}));
  EXPECT_EQ(figures({}), (V{"iops", "mbps"}));  // a check that never ran has none
}

// Four hosts, vm04 at 75% of the others' 400 IOPS; every host's check says iops_min = `share`.
std::vector<FleetInput> peers_bound_fleet(double share) {
  std::vector<FleetInput> in = fleet({400, 400, 400, 300});
  for (FleetInput& host : in)
    host.run.checks[0].expectations.push_back({"iops_min", "fleet", "", share, {}});
  in[3].run.context.stack.scheduler = "none";  // a cause: 75% seen once is enough
  return in;
}

TEST(Fleet, APeersBoundsFractionReplacesTheDefaultRatio) {
  EXPECT_EQ(compare_fleet(peers_bound_fleet(0.7), {}).outliers(), 0);
  const FleetRecord r = compare_fleet(peers_bound_fleet(0.8), {});
  EXPECT_EQ(r.outliers(), 1);
  const HostVerdict& vm04 = verdict_of(r, "vm04");
  ASSERT_TRUE(vm04.outlier());
  EXPECT_EQ(vm04.figures.at(0).bound, "iops_min 80% of peers");
  EXPECT_DOUBLE_EQ(vm04.figures.at(0).min_ratio, 0.8);
  EXPECT_THAT(vm04.explanation,
              HasSubstr("300 IOPS, 75% of the peer median 400 IOPS (3 peers, below iops_min 80% of "
                        "peers, 1 run)"));
  // The default 70% would not have named it.
  std::vector<FleetInput> plain = fleet({400, 400, 400, 300});
  plain[3].run.context.stack.scheduler = "none";
  EXPECT_EQ(compare_fleet(plain, {}).outliers(), 0);
}

TEST(Fleet, EachHostIsHeldToItsOwnRecordsPeersBound) {
  std::vector<FleetInput> in = peers_bound_fleet(0.8);
  in[3].run.checks[0].expectations[0].peers = 0.7;  // vm04 ran another threshold file
  EXPECT_EQ(compare_fleet(in, {}).outliers(), 0);
  in = peers_bound_fleet(0.7);
  in[3].run.checks[0].expectations[0].peers = 0.8;
  EXPECT_TRUE(verdict_of(compare_fleet(in, {}), "vm04").outlier());
}

TEST(Fleet, APeersBoundIsComparedWhateverFigureWasAskedFor) {
  FleetSettings mbps;
  mbps.figures = {"mbps"};
  const FleetRecord r = compare_fleet(peers_bound_fleet(0.8), mbps);
  EXPECT_EQ(r.groups[0].figures, (std::vector<std::string>{"iops", "mbps"}));
  EXPECT_TRUE(verdict_of(r, "vm04").outlier());
}

TEST(Fleet, ACeilingPeersBoundIsHeldAboveItsShare) {
  // vm02 answers in 5 ms against ~2.5 ms: twice its peers.
  std::vector<FleetInput> in = slow_latency_fleet({});
  for (FleetInput& host : in)
    host.run.checks[0].expectations.push_back({"latency_avg_max", "fleet", "", 2.5, {}});
  EXPECT_EQ(compare_fleet(in, {}).outliers(), 0);  // 250% of peers: within
  for (FleetInput& host : in) host.run.checks[0].expectations[0].peers = 1.5;
  const FleetRecord r = compare_fleet(in, {});
  ASSERT_TRUE(verdict_of(r, "vm02").outlier());
  EXPECT_THAT(verdict_of(r, "vm02").explanation, HasSubstr("above latency_avg_max 150% of peers"));
  const std::vector<FigureVerdict>& figures = verdict_of(r, "vm02").figures;
  const auto lat_avg = std::find_if(figures.begin(), figures.end(),
                                    [](const FigureVerdict& f) { return f.key == "lat_avg_ms"; });
  ASSERT_NE(lat_avg, figures.end());
  EXPECT_EQ(lat_avg->bound, "latency_avg_max 150% of peers");
}

// vm07 at 19% of its peers is deeper than a burst: named with no cause. At 50% with no cause it
// could be a neighbour's burst: undecided, rerun; short again in its rerun it could be a burst
// that came back (among 16 host figures, 2 sessions cannot tell): undecided, rerun with the same
// peers; short a third time, it is an outlier. A rerun at its peers' level leaves it undecided,
// never an outlier. In a fleet of 3 judged on IOPS alone, two sessions tell.
TEST(Fleet, AShortfallWithoutACauseNeedsDepthOrEnoughSessions) {
  EXPECT_TRUE(verdict_of(compare_fleet(fleet({390, 402, 385, 377, 398, 410, 75, 391}), {}), "vm07")
                  .outlier());
  std::vector<FleetInput> in = fleet({390, 402, 385, 377, 398, 410, 200, 391});
  const FleetRecord first = compare_fleet(in, {});
  EXPECT_TRUE(verdict_of(first, "vm07").undecided());
  EXPECT_THAT(verdict_of(first, "vm07").explanation,
              HasSubstr("no fingerprint field differs and one session cannot tell a regression "
                        "from a neighbour's burst"));
  EXPECT_EQ(first.sessions_to_persist, 3);
  // Rerun with the three ok hosts nearest the median (390.5): vm01, vm08, vm03.
  EXPECT_EQ(first.rerun_hosts(), (std::vector<std::string>{"vm01", "vm03", "vm07", "vm08"}));
  EXPECT_EQ(first.rerun_beside(), (std::vector<std::string>{"vm01", "vm03", "vm08"}));
  const auto rerun = [&in](const std::string& label, double iops) {
    FleetInput again = host(label, label.back() - '0', {record("Random_8k_70_Read", iops)});
    again.rerun = true;
    in.push_back(again);
  };
  rerun("vm07", 205);
  const FleetRecord second = compare_fleet(in, {});
  EXPECT_TRUE(verdict_of(second, "vm07").undecided());
  EXPECT_EQ(verdict_of(second, "vm07").sessions, 2);
  EXPECT_THAT(verdict_of(second, "vm07").explanation,
              HasSubstr("2 sessions cannot tell a regression from a neighbour's burst that comes "
                        "back among 16 host figures judged (3 can)"));
  EXPECT_EQ(second.rerun_hosts(), first.rerun_hosts());
  rerun("vm07", 198);
  const FleetRecord third = compare_fleet(in, {});
  EXPECT_TRUE(verdict_of(third, "vm07").outlier());
  EXPECT_THAT(verdict_of(third, "vm07").explanation, HasSubstr("seen in 3 sessions"));
  in.back().run.checks[0] = record("Random_8k_70_Read", 395);  // the neighbour left
  const FleetRecord left = compare_fleet(in, {});
  EXPECT_FALSE(verdict_of(left, "vm07").outlier());
  EXPECT_THAT(verdict_of(left, "vm07").explanation, HasSubstr("short in 2 of its 3 sessions"));

  std::vector<FleetInput> three = fleet({390, 402, 200});
  FleetInput again = host("vm03", 3, {record("Random_8k_70_Read", 205)});
  again.rerun = true;
  three.push_back(again);
  for (FleetInput& h : three)
    h.run.checks[0].expectations = {{"iops_min", "holds", "", std::nullopt, {}}};
  const FleetRecord small = compare_fleet(three, {});
  EXPECT_EQ(small.sessions_to_persist, 2);
  EXPECT_THAT(verdict_of(small, "vm03").explanation, HasSubstr("seen in 2 sessions"));
}

// The sessions persistence needs, K: the fewest with m x (1/20)^K at most 1% for m host figures.
TEST(Fleet, PersistenceNeedsMoreSessionsInALargerFleet) {
  EXPECT_EQ(sessions_to_persist(1), 2);
  EXPECT_EQ(sessions_to_persist(4), 2);
  EXPECT_EQ(sessions_to_persist(5), 3);
  EXPECT_EQ(sessions_to_persist(80), 3);
  EXPECT_EQ(sessions_to_persist(81), 4);
  EXPECT_EQ(sessions_to_persist(1'600), 4);
  EXPECT_EQ(sessions_to_persist(1'601), 5);
  EXPECT_EQ(sessions_to_persist(32'000), 5);
  EXPECT_EQ(sessions_to_persist(40'000), 6);
}

// A shared datastore drifts: vm06, measured in a slow minute at half its peers' figure, is
// undecided; rerun with three peers beside it while the datastore is still slow, it is at their
// level, so ok, where judged against the peers' first figures it would have been short twice.
// Short of the peers beside it as well, it is short in 2 sessions, which among 6 host figures
// cannot tell a burst that came back: rerun again with the same peers beside it, and short a third
// time, an outlier. With one peer rerun beside it, too few for a median, the rerun is judged
// against every peer's figures.
TEST(Fleet, ARerunIsJudgedAgainstThePeersRerunBesideIt) {
  std::vector<FleetInput> in = fleet({390, 402, 385, 377, 398, 200});
  const FleetRecord first = compare_fleet(in, {});
  ASSERT_TRUE(verdict_of(first, "vm06").undecided());
  // The ok hosts nearest the median of all (387.5) on log scale: 390, 385 and 398.
  ASSERT_EQ(first.rerun_beside(), (std::vector<std::string>{"vm01", "vm03", "vm05"}));
  EXPECT_EQ(first.groups[0].rerun_beside, first.rerun_beside());
  // Each round's reruns, in order, after the hosts' first sessions.
  const auto rerun = [&](std::vector<std::map<std::string, double>> rounds) {
    std::vector<FleetInput> all = in;
    for (const auto& round : rounds)
      for (const auto& [label, iops] : round) {
        const int n = label.back() - '0';
        FleetInput again = host(label, n, {record("Random_8k_70_Read", iops)});
        again.rerun = true;
        all.push_back(again);
      }
    return compare_fleet(all, {});
  };
  const FleetRecord slow_minute =
      rerun({{{"vm06", 205}, {"vm01", 210}, {"vm05", 198}, {"vm03", 215}}});
  const HostVerdict& v = verdict_of(slow_minute, "vm06");
  EXPECT_EQ(v.verdict, FleetVerdict::ok) << v.figures.at(0).shortfall.reason;
  EXPECT_EQ(v.figures.at(0).shortfall.peers_beside, 3);
  EXPECT_THAT(v.figures.at(0).shortfall.reason,
              HasSubstr("of the 3 peers rerun beside it (its rerun alone; no runs gave a spread)"));
  EXPECT_EQ(slow_minute.outliers(), 0);
  EXPECT_TRUE(slow_minute.rerun_hosts().empty());
  // Judged against every peer's first figure (none rerun beside it), the same rerun is short again.
  EXPECT_THAT(verdict_of(rerun({{{"vm06", 205}}}), "vm06").explanation,
              HasSubstr("2 sessions cannot tell"));

  const std::map<std::string, double> persisting = {
      {"vm06", 100}, {"vm01", 210}, {"vm05", 198}, {"vm03", 215}};
  const FleetRecord twice = rerun({persisting});
  EXPECT_TRUE(verdict_of(twice, "vm06").undecided());
  // The peers rerun beside its second session again: those beside its third must be they.
  EXPECT_EQ(twice.rerun_beside(), first.rerun_beside());
  const FleetRecord thrice =
      rerun({persisting, {{"vm06", 110}, {"vm01", 380}, {"vm05", 392}, {"vm03", 401}}});
  EXPECT_TRUE(verdict_of(thrice, "vm06").outlier());
  EXPECT_THAT(verdict_of(thrice, "vm06").explanation, HasSubstr("seen in 3 sessions"));
  EXPECT_EQ(verdict_of(thrice, "vm06").figures.at(0).shortfall.peers_beside, 3);

  const FleetRecord one_beside = rerun({{{"vm06", 205}, {"vm01", 210}}});
  EXPECT_EQ(verdict_of(one_beside, "vm06").figures.at(0).shortfall.peers_beside, 0);
  EXPECT_TRUE(verdict_of(one_beside, "vm06").undecided());
}

// A throttled device gives every run the same figure, its peers too: the sessions then carry no
// error and decide alone, the interval a point, where weighing them by 1/0 made the shortfall NaN
// and the peers rerun beside vm06 undecided.
TEST(Fleet, RunsAllAlikeAcrossRoundsGiveAPoint) {
  const auto flat = [](double iops) {
    CheckRecord c = record("Random_8k_70_Read", iops);
    for (int i = 0; i < 3; ++i) c.repeats.push_back(test::run_at(iops));
    c.expectations = {{"iops_min", "holds", "", std::nullopt, {}}};
    return c;
  };
  const auto level = [](const std::string& label) { return label == "vm06" ? 100.0 : 200.0; };
  std::vector<FleetInput> in;
  for (int h = 1; h <= 6; ++h) {
    const std::string label = "vm0" + std::to_string(h);
    in.push_back(host(label, h, {flat(level(label))}));
  }
  FleetRecord r = compare_fleet(in, {});
  for (int round = 1; round <= 2; ++round) {
    ASSERT_TRUE(verdict_of(r, "vm06").undecided()) << verdict_of(r, "vm06").explanation;
    for (const std::string& label : r.rerun_hosts()) {
      in.push_back(host(label, label.back() - '0', {flat(level(label))}));
      in.back().rerun = true;
    }
    r = compare_fleet(in, {});
    for (const FleetGroup& g : r.groups)
      for (const HostVerdict& h : g.hosts) {
        if (h.host == "vm06") continue;
        EXPECT_EQ(h.verdict, FleetVerdict::ok) << h.figures.at(0).shortfall.reason;
      }
  }
  const HostVerdict& slow = verdict_of(r, "vm06");
  EXPECT_TRUE(slow.outlier());
  EXPECT_EQ(slow.sessions, 3);
  EXPECT_THAT(slow.explanation, HasSubstr("interval 50%-50% of the peers of its time"));
  EXPECT_THAT(slow.explanation, HasSubstr("seen in 3 sessions"));
}

// Runs give each host an interval: one whose runs straddle 70% of its peers is undecided; the
// same shortfall with steady runs and a cause is an outlier.
TEST(Fleet, AHostsRunsGiveItsIntervalAndItsVerdict) {
  const auto repeated = [](double iops, std::vector<double> factors) {
    CheckRecord c = record("Random_8k_70_Read", iops);
    for (double f : factors) c.repeats.push_back(test::run_at(iops * f));
    return c;
  };
  const std::vector<double> steady = {0.98, 1.0, 1.02}, wild = {0.5, 1.0, 1.6};
  std::vector<FleetInput> in;
  for (int h = 1; h <= 6; ++h)
    in.push_back(host("vm0" + std::to_string(h), h, {repeated(400, steady)}));
  in[5].run.checks[0] = repeated(260, steady);  // 65%
  in[5].run.context.stack.scheduler = "none";
  FleetRecord r = compare_fleet(in, {});
  const HostShortfall& s = verdict_of(r, "vm06").figures.at(0).shortfall;
  EXPECT_TRUE(verdict_of(r, "vm06").outlier());
  EXPECT_TRUE(s.has_interval);
  EXPECT_LT(s.ratio_high, 0.7);
  EXPECT_EQ(s.runs, 3);
  in[5].run.checks[0] = repeated(260, wild);
  r = compare_fleet(in, {});
  EXPECT_TRUE(verdict_of(r, "vm06").undecided());
  EXPECT_THAT(verdict_of(r, "vm06").explanation, HasSubstr("straddles 70%"));
  EXPECT_GT(verdict_of(r, "vm06").figures.at(0).shortfall.spread, 0.3);
}

TEST(Fleet, ARerunOfAHostNotGivenIsBadInput) {
  std::vector<FleetInput> in = fleet({400, 400, 400});
  FleetInput stray = host("vm09", 9, {record("Random_8k_70_Read", 400)});
  stray.rerun = true;
  in.push_back(stray);
  EXPECT_THAT(input_error(in, {}), HasSubstr("--rerun results/vm09: host \"vm09\" is not among "
                                             "the hosts given"));
}

// A latency twice its peers' with a cause, but within the check's own bound or the floor: ok.
TEST(Fleet, ALatencyWithinTheChecksOwnBoundOrTheFloorIsNoOutlier) {
  std::vector<FleetInput> in = slow_latency_fleet({"iops_min", "latency_avg_max"});
  for (FleetInput& h : in) h.run.checks[0].expectations[1].figures.bound = 10;  // 10 ms
  EXPECT_FALSE(verdict_of(compare_fleet(in, {}), "vm02").outlier());
  in = slow_latency_fleet({"iops_min", "latency_avg_max"});
  FleetSettings floor;
  floor.latency_floor_ms = 3;  // vm02 is 2.5 ms above its peers
  EXPECT_FALSE(verdict_of(compare_fleet(in, floor), "vm02").outlier());
}

// Five hosts of a latency check (latency_p99_max = `bound` ms, NaN: none), three runs each at
// `p99` ms; vm03's runs spread wide around `slow` ms, so its interval crosses 143% of its peers.
std::vector<FleetInput> noisy_latency_fleet(double p99, double slow, double bound) {
  const auto repeated = [bound](double ms, std::vector<double> factors) {
    CheckRecord c = record("Random_8k_70_Read", 1000 / ms);
    c.expectations.push_back({"latency_p99_max", "holds", "", {}, {}});
    c.expectations.back().figures.bound = bound;
    for (double f : factors) c.repeats.push_back(test::run_at(1000 / (ms * f)));
    return c;
  };
  std::vector<FleetInput> in;
  for (int h = 1; h <= 5; ++h)
    in.push_back(host("vm0" + std::to_string(h), h, {repeated(p99, {0.98, 1.0, 1.02})}));
  in[2].run.checks[0] = repeated(slow, {0.4, 1.0, 2.5});
  return in;
}

// A latency that may be beyond 143% of its peers but stays inside the check's own bound, or
// whose excess stays under the floor, is ok: no rerun can make it a finding. It was undecided
// (a rerun asked for, exit 3) whenever its runs spread wide enough for the interval to cross.
TEST(Fleet, ANoisyLatencyInsideItsBoundOrUnderTheFloorIsOkNotUndecided) {
  FleetRecord r = compare_fleet(noisy_latency_fleet(0.84, 2.79, 100), {});
  ASSERT_EQ(r.groups.at(0).figures, (std::vector<std::string>{"lat_p99_ms"}));
  const FigureVerdict& inside = verdict_of(r, "vm03").figures.at(0);
  EXPECT_TRUE(inside.shortfall.has_interval);
  EXPECT_GT(inside.shortfall.ratio_high, 1 / 0.7);
  EXPECT_LT(inside.shortfall.ratio_low, 1 / 0.7);
  EXPECT_EQ(verdict_of(r, "vm03").verdict, FleetVerdict::ok);
  EXPECT_EQ(inside.shortfall.within, "inside latency_p99_max 100 ms");
  // vm03's runs widen every host's interval (the spread is pooled); a peer at its peers' median
  // is ok by the bound too, and with nothing that looks high there is nothing to explain.
  const FigureVerdict& steady = verdict_of(r, "vm01").figures.at(0);
  EXPECT_LT(steady.shortfall.ratio_low, 1 / 0.7);
  EXPECT_GT(steady.shortfall.ratio_high, 1 / 0.7);
  EXPECT_EQ(verdict_of(r, "vm01").verdict, FleetVerdict::ok);
  EXPECT_EQ(steady.shortfall.within, "");
  EXPECT_EQ(steady.note, "");
  EXPECT_EQ(r.undecided(), 0);
  // No absolute bound, 0.5 ms above peers at 0.2 ms: under the 1 ms floor.
  r = compare_fleet(noisy_latency_fleet(0.2, 0.7, NAN), {});
  EXPECT_EQ(verdict_of(r, "vm03").verdict, FleetVerdict::ok);
  EXPECT_THAT(verdict_of(r, "vm03").figures.at(0).shortfall.within,
              HasSubstr("under the 1 ms latency floor"));
  // Beyond both, the same runs are undecided: the interval still decides.
  r = compare_fleet(noisy_latency_fleet(0.84, 2.79, 2), {});
  EXPECT_EQ(verdict_of(r, "vm03").verdict, FleetVerdict::undecided);
  EXPECT_EQ(verdict_of(r, "vm03").figures.at(0).shortfall.within, "");
}

}  // namespace
}  // namespace iogate
