// The fleet's three-way verdict on one host's figure: ok, outlier, or undecided (rerun the host).
//
// Why not one number. A host's one figure judged by a fixed ratio named a healthy host whenever
// its run fell into a neighbour's burst on a shared disk: the figure carried no notion of the
// host's own run-to-run spread, nor of time. So each host is judged by what it measured:
//
// Samples. A host's figure comes with its runs: the check's repeats, else its full one-second
// intervals (a figure without either is one run). The runs of one input are one *session*,
// taken seconds apart; a rerun of the host (`iogate fleet --rerun`) is another session, taken
// apart in time. Noise on a throughput or latency is multiplicative, so all is on log scale:
//   host estimate   h = mean of the logs of all the host's runs (N of them)
//   spread          s = the group's pooled within-session standard deviation (every host's
//                       sessions of 2 or more runs; nu degrees of freedom): hosts running one
//                       workload on one hardware share it, and a few runs of one host estimate it
//                       badly. A host whose own spread is over kOwnSpreadFactor times it is held
//                       to its own instead: it is not as steady as its peers
//   reference       r = median of the peers' estimates (leave one out, as robust.hpp)
//   its error       se_r = 1.2533 sigma / sqrt(k) for k peers (the median's efficiency; 1 for 2
//                       peers, whose median is their mean), sigma the spread of the peers'
//                       estimates: 1.4826 MAD of them from kMinPeersForMad peers (it holds both
//                       their runs' noise and what differs between hosts), else s / sqrt(runs
//                       per peer)
//   shortfall       d = h - r for a higher-is-better figure, r - h for latency (lower is better)
//   interval        d -+ t(nu, 1 - alpha / m) sqrt(s^2 / N + se_r^2)
// where alpha = kFleetFalseAlarmRate (1%) is the chance that a fleet of healthy hosts names any
// outlier at all, and m the number of host figures judged in the whole comparison (Bonferroni:
// it holds whatever the dependence between hosts, checks and figures).
//
// Time. Hosts are measured at different moments, and a shared datastore drifts over minutes (on
// a noisy disk one host's three seconds ran at a quarter of the next one's). So a rerun is a
// round: the undecided host rerun with peers beside it (FleetGroup::rerun_beside, at the same
// time). Where kMinPeers or more peers have a session of the same round as the host's latest,
// d is instead the mean of each session's shortfall against the peers of its time, weighed by
// the inverse of its variance: a session with peers beside it against their median; the first
// against the median of every peer's first session, its variance widened by how far moments lie
// apart (the spread of the moves the peers rerun beside it made between their sessions, less
// their runs' noise). A steady datastore weighs both sessions alike; a drifting one leaves the
// rerun to decide. Persistence takes each session against the peers of its time. A round is a
// session's number: a peer's session j is taken as beside the host's session j, which holds as
// long as each round reruns the peers of the last (rerun_beside prefers the peers with the most
// sessions); a host first rerun a round after its peers is held to their rerun of its number.
//
// The verdict, with the practical threshold T = the check's "N% of peers" share, else
// --min-ratio (70%):
//   outlier    the interval lies wholly below log T (the host is short beyond doubt), and the
//              evidence matches the claim:
//                - a fingerprint field differs from most peers (a driver, controller, scheduler,
//                  firmware: the usual cause of a regression), or
//                - the shortfall persists: every one of its sessions below T (against the peers
//                  of its time), and K sessions or more: the fewest in which healthy hosts made
//                  short by a neighbour's burst (kBurstRate of sessions, independently) would
//                  have any of the comparison's m host figures named in under alpha of fleets,
//                  m kBurstRate^K <= alpha (sessions_to_persist: 2 sessions for up to 4 host
//                  figures, 3 up to 80, 4 up to 1,600, 5 up to 32,000). Two sessions cannot tell a
//                  burst that comes back from a regression in a fleet of 6; a third can, or
//                  more in an estate. A host short in fewer is undecided: rerun it again, or
//                - it is deeper than a neighbour's burst makes: the estimate below
//                  T x kBurstDepth (a burst that halves a datastore is common; a fifth is not);
//              and, for latency, an excess over the reference beyond the floor (latency_floor
//              below). The peers' own spread between hosts is in the interval (se_r);
//   ok         the host's estimate is at or above T with 95% confidence (one-sided, per host:
//              a miss is a host let through, not a false alarm, so it needs no family
//              correction), or, for latency, it is (or may be) beyond T but its estimate is
//              inside the check's own bound or its excess under the floor: no rerun can make
//              it a finding, so none is asked for (the reason says which; so does
//              HostShortfall::within when the estimate itself is beyond T);
//   undecided  otherwise: the interval straddles T, or a shortfall beyond doubt has no cause in
//              the fingerprint and was seen in fewer than K sessions (or not in all of them).
//              The line says which and how far the host's runs spread; rerunning the host adds
//              a session.
// A group where no host has a spread (every figure a single run: a latency of a check run once)
// has no interval: there the estimate itself is held to the same rule (below T: the cause,
// persistence or depth decides; otherwise ok), the robust z of robust.hpp stands in for the
// interval where the peers' MAD is usable (within max_z: ok), and the verdict says it was judged
// without a spread.
//
// The levels above (kFleetFalseAlarmRate, kFleetOkConfidence, kBurstDepth, kBurstRate, the
// latency floor), the verdict (FleetVerdict) and its result (HostShortfall) are part of the
// fleet's record (results/fleet_record.hpp), which every fleet format states.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "leave_one_out.hpp"
#include "results/fleet_record.hpp"

namespace iogate {

inline constexpr double kOwnSpreadFactor = 2;

// One host's runs of one figure, by session (its first input, then each rerun); values > 0.
using Sessions = std::vector<std::vector<double>>;

// What the group around the host gives the rule.
struct ShortfallContext {
  double threshold = 0.70;  // T, as a share of the reference (higher-is-better terms)
  bool higher_is_better = true;
  // The group's pooled within-session spread (log scale), none when no host of the group has a
  // session of 2 runs or more, and the t quantiles of its degrees of freedom: at the family's
  // level (1 - alpha / m) and at kFleetOkConfidence. with_spread() sets the three.
  std::optional<double> pooled_spread;
  double t_family = 0;
  double t_ok = 0;
  bool explained = false;  // a fingerprint field differs from most peers
  // The host figures judged in the whole comparison (m), and the sessions persistence needs for
  // them (K). with_spread() sets both.
  int family_size = 1;
  int sessions_to_persist = 2;
  // robust.hpp: the MAD is usable and the z is within max_z (used only without an interval).
  bool peers_spread_rules_out = false;
  // Latency only: the smallest excess over the reference (in the figure's unit, ms) and the
  // host's own absolute bound on the figure (its check's latency_*_max), which it must exceed too.
  double latency_floor = kDefaultLatencyFloorMs;
  std::optional<double> own_bound;
  std::string own_bound_key;  // its key, "latency_p99_max"
};

// A host's estimate: the geometric mean of all its runs (the h of the rule above, exp'd).
double host_estimate(const Sessions& host);

// One figure's runs over the compared hosts of a group, and what the rule takes from each host's
// peers (the other hosts with runs of the figure), gathered once for the group: the peers'
// estimates over all their sessions, of their first sessions and of each round of reruns, each a
// LeaveOneOut (leave_one_out.hpp), and their runs. A host's reference and its error are then
// O(1), where gathering them from its peers for each host made a fleet's cost grow with the
// square of its hosts. Only a rerun host's moment (the variance of a moment above) walks its
// peers, those rerun with it, over the log means the rounds hold (moves). `host` is an index of
// the hosts given; `j` below the host's sessions.
class FigureRuns {
 public:
  FigureRuns() = default;
  // Each compared host's sessions of the figure, in the group's order; none: it lacks the figure.
  explicit FigureRuns(std::vector<Sessions> hosts);

  const std::vector<Sessions>& hosts() const { return hosts_; }
  const Sessions& of(std::size_t host) const { return hosts_[host]; }
  // Its peers: the other hosts with runs of the figure (0 when it has none itself).
  int peers(std::size_t host) const;
  // The peers' estimates (host_estimate), as robust.hpp compares the host's with them.
  PeerSummary estimates(std::size_t host) const;

  // The peers' estimates on log scale (the means of the logs of their runs), and their runs.
  struct Reference {
    PeerSummary logs;
    double runs = 0;
  };
  // Over all their sessions.
  Reference all_sessions(std::size_t host) const;
  // The peers with a session `j` too, those rerun beside the host's session j: 0 for the first
  // session and when fewer than kMinPeers were.
  int beside(std::size_t j, std::size_t host) const;
  // The reference of the host's session `j`: the peers' session j when they were beside it, else
  // every peer's first session.
  Reference session(std::size_t j, std::size_t host) const;
  // The peers with a session `j` too, in the group's order: how far each one's session j lies
  // from its first (log means, as the rounds hold them), and its runs in both. What the variance
  // of a moment takes from them, without the logs of every peer's runs taken again for each host.
  struct Move {
    double log_move = 0;
    std::size_t runs = 0, first_runs = 0;
  };
  std::vector<Move> moves(std::size_t j, std::size_t host) const;

 private:
  // The hosts with a session j, their log means of it and their runs in it.
  struct Round {
    std::vector<std::size_t> members;  // indices of hosts_, in order
    std::vector<std::size_t> place;    // of each host in members; npos: none
    LeaveOneOut logs;
    std::size_t runs = 0;
  };
  Reference of_round(const Round& round, std::size_t j, std::size_t host) const;

  std::vector<Sessions> hosts_;
  LeaveOneOut estimates_, all_logs_;  // of rounds_[0]'s members
  std::size_t all_runs_ = 0;
  std::vector<Round> rounds_;  // [j]: session j; [0] every host with runs
};

// The host's runs of the figure, judged by the rule above against its peers'. It and every peer
// have at least one run.
HostShortfall judge_shortfall(const FigureRuns& runs, std::size_t host,
                              const ShortfallContext& context);

// The pooled within-session standard deviation of the logs of every session of 2 runs or more,
// and its degrees of freedom (sum of runs - 1); none when there is no such session.
struct PooledSpread {
  std::optional<double> spread;
  double df = 0;
};
PooledSpread pooled_spread(const std::vector<Sessions>& hosts);

// `context` for `family_size` host figures judged: the sessions persistence needs, and the
// group's spread with its quantiles.
ShortfallContext with_spread(ShortfallContext context, const PooledSpread& spread, int family_size);

// K of the rule above: the fewest sessions, 2 or more, with family_size x kBurstRate^K at most
// kFleetFalseAlarmRate.
int sessions_to_persist(int family_size);

}  // namespace iogate
