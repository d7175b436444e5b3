// A group's leave-one-out figures, found once for the group, are bit for bit those computed from
// each member's peers afresh (what the fleet did per host before: leave_one_out.hpp, shortfall.hpp,
// explain.hpp).
#include "fleet/leave_one_out.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "fleet/explain.hpp"
#include "fleet/robust.hpp"
#include "fleet/shortfall.hpp"
#include "iogate/verdicts/statistics.hpp"

namespace iogate {
namespace {

std::vector<double> all_but(const std::vector<double>& values, std::size_t i) {
  std::vector<double> out = values;
  out.erase(out.begin() + static_cast<std::ptrdiff_t>(i));
  return out;
}

// Equal as doubles, NaN to NaN.
void expect_same(double got, double want) {
  if (std::isnan(want))
    EXPECT_TRUE(std::isnan(got));
  else
    EXPECT_EQ(got, want);
}

TEST(LeaveOneOut, EachMembersMedianAndMadAreThoseOfTheOthers) {
  std::mt19937_64 rng(52);
  for (std::size_t n = 1; n <= 40; ++n)
    for (int round = 0; round < 20; ++round) {
      // Few distinct values in some rounds, so that ties at the middle are common.
      const std::uint64_t distinct = round % 2 == 0 ? 3 + n / 4 : 1000;
      std::vector<double> values;
      for (std::size_t i = 0; i < n; ++i)
        values.push_back(static_cast<double>(rng() % distinct) * 0.37 + 1);
      if (round == 7 && n > 2) values[n / 2] = NAN;  // median() sorts NaN last
      const LeaveOneOut loo(values);
      for (std::size_t i = 0; i < n; ++i) {
        const std::vector<double> others = all_but(values, i);
        const PeerSummary s = loo.without(i);
        EXPECT_EQ(s.peers, static_cast<int>(n) - 1);
        expect_same(s.median, median(others));
        if (!others.empty()) expect_same(s.mad, mad_of(others));
      }
    }
}

// The reference of each session of each host against every peer's, as shortfall.cpp took it.
TEST(LeaveOneOut, FigureRunsGiveEachHostItsPeersReference) {
  std::mt19937_64 rng(7);
  const auto run = [&] { return 100 + static_cast<double>(rng() % 50); };
  std::vector<Sessions> hosts;
  for (int h = 0; h < 12; ++h) {
    Sessions s;
    const int sessions = h == 3 ? 0 : (h % 4 == 0 ? 3 : (h % 3 == 0 ? 2 : 1));
    for (int j = 0; j < sessions; ++j) {
      std::vector<double> runs;
      for (int r = 0; r < 1 + h % 3; ++r) runs.push_back(run());
      s.push_back(runs);
    }
    hosts.push_back(s);
  }
  const FigureRuns runs(hosts);
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    if (hosts[i].empty()) {
      EXPECT_EQ(runs.peers(i), 0);
      continue;
    }
    std::vector<const Sessions*> peers;
    for (std::size_t k = 0; k < hosts.size(); ++k)
      if (k != i && !hosts[k].empty()) peers.push_back(&hosts[k]);
    EXPECT_EQ(runs.peers(i), static_cast<int>(peers.size()));
    std::vector<double> estimates, logs, first;
    double all_runs = 0, first_runs = 0;
    for (const Sessions* p : peers) {
      std::vector<double> every;
      for (const auto& s : *p)
        for (double v : s) every.push_back(std::log(v));
      estimates.push_back(host_estimate(*p));
      logs.push_back(mean(every));
      first.push_back(log_mean((*p)[0]));
      all_runs += static_cast<double>(every.size());
      first_runs += static_cast<double>((*p)[0].size());
    }
    expect_same(runs.estimates(i).median, median(estimates));
    expect_same(runs.estimates(i).mad, mad_of(estimates));
    expect_same(runs.all_sessions(i).logs.median, median(logs));
    expect_same(runs.all_sessions(i).logs.mad, mad_of(logs));
    EXPECT_EQ(runs.all_sessions(i).runs, all_runs);
    for (std::size_t j = 0; j < hosts[i].size(); ++j) {
      std::vector<double> beside;
      double beside_runs = 0;
      const std::vector<FigureRuns::Move> moves = runs.moves(j, i);
      for (const Sessions* p : peers)
        if (p->size() > j) {
          // Each peer's move as the variance of a moment took it: log means of its sessions.
          ASSERT_LT(beside.size(), moves.size());
          const FigureRuns::Move& m = moves[beside.size()];
          EXPECT_EQ(m.log_move, log_mean((*p)[j]) - log_mean((*p)[0]));
          EXPECT_EQ(m.runs, (*p)[j].size());
          EXPECT_EQ(m.first_runs, (*p)[0].size());
          beside.push_back(log_mean((*p)[j]));
          beside_runs += static_cast<double>((*p)[j].size());
        }
      const bool is_beside = j > 0 && static_cast<int>(beside.size()) >= kMinPeers;
      EXPECT_EQ(runs.beside(j, i), is_beside ? static_cast<int>(beside.size()) : 0);
      EXPECT_EQ(moves.size(), beside.size());
      const FigureRuns::Reference ref = runs.session(j, i);
      expect_same(ref.logs.median, median(is_beside ? beside : first));
      expect_same(ref.logs.mad, mad_of(is_beside ? beside : first));
      EXPECT_EQ(ref.runs, is_beside ? beside_runs : first_runs);
    }
  }
}

// explain.hpp's rule, host by host against every peer: what PeerFingerprints replaced.
std::vector<FieldDifference> differences_from_each_peer(const std::vector<StorageStack>& stacks,
                                                        std::size_t host) {
  std::vector<FieldDifference> out;
  const int n = static_cast<int>(stacks.size()) - 1;
  for (const std::string& key : StorageStack::field_names()) {
    if (std::find(kPerHostFields.begin(), kPerHostFields.end(), key) != kPerHostFields.end())
      continue;
    std::map<std::string, int> counts;
    for (std::size_t k = 0; k < stacks.size(); ++k)
      if (k != host) ++counts[field_value(stacks[k], key)];
    const auto most =
        std::max_element(counts.begin(), counts.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    if (most == counts.end() || 2 * most->second <= n) continue;
    const std::string mine = field_value(stacks[host], key);
    if (mine == most->first) continue;
    const auto same = counts.find(mine);
    out.push_back({key, mine, most->first, n - (same == counts.end() ? 0 : same->second), n});
  }
  return out;
}

TEST(LeaveOneOut, FingerprintDifferencesAreThoseFromEachPeer) {
  std::mt19937_64 rng(11);
  const char* drivers[] = {"mptspi", "BusLogic", "pvscsi"};
  const char* schedulers[] = {"mq-deadline", "none"};
  for (std::size_t n = 1; n <= 9; ++n)
    for (int round = 0; round < 30; ++round) {
      std::vector<StorageStack> stacks(n);
      for (std::size_t h = 0; h < n; ++h) {
        stacks[h].device = "sd" + std::to_string(h);  // per host by nature: never a cause
        stacks[h].host_driver = drivers[rng() % (round % 3 == 0 ? 3 : 2)];
        stacks[h].scheduler = schedulers[rng() % 2];
        if (rng() % 4 == 0) stacks[h].firmware = "1.2";  // else unknown
      }
      std::vector<const StorageStack*> pointers;
      for (const StorageStack& s : stacks) pointers.push_back(&s);
      const PeerFingerprints fingerprints(pointers);
      for (std::size_t h = 0; h < n; ++h) {
        const std::vector<FieldDifference> got = fingerprints.differences(h);
        const std::vector<FieldDifference> want = differences_from_each_peer(stacks, h);
        ASSERT_EQ(got.size(), want.size());
        for (std::size_t d = 0; d < got.size(); ++d) {
          EXPECT_EQ(got[d].key, want[d].key);
          EXPECT_EQ(got[d].value, want[d].value);
          EXPECT_EQ(got[d].peer_value, want[d].peer_value);
          EXPECT_EQ(got[d].differing, want[d].differing);
          EXPECT_EQ(got[d].peers, want[d].peers);
        }
      }
    }
}

}  // namespace
}  // namespace iogate
