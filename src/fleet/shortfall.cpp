// The three-way rule of a host's figure against its peers; see shortfall.hpp.
#include "shortfall.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "iogate/verdicts/statistics.hpp"
#include "robust.hpp"

namespace iogate {
namespace {

constexpr double kMedianEfficiency = 1.2533;  // sd of a normal sample's median x sqrt(n) / sigma

std::vector<double> logs_of(const Sessions& sessions) {
  std::vector<double> out;
  for (const std::vector<double>& s : sessions)
    for (double v : s) out.push_back(std::log(v));
  return out;
}

// The host's own within-session spread (pooled over its sessions), 0 when it has none.
double own_spread(const Sessions& host) {
  const PooledSpread p = pooled_spread({host});
  return p.spread.value_or(0);
}

std::string percent(double ratio) { return fmt::format("{:.0f}%", ratio * 100); }

}  // namespace

PooledSpread pooled_spread(const std::vector<Sessions>& hosts) {
  std::vector<std::vector<double>> sessions;
  for (const Sessions& host : hosts) sessions.insert(sessions.end(), host.begin(), host.end());
  const LogSpread s = pooled_log_spread(sessions);
  PooledSpread p;
  if (s.df > 0) p.spread = s.spread;
  p.df = s.df;
  return p;
}

int sessions_to_persist(int family_size) {
  // A relative tolerance keeps the stated bounds exact (4 x 0.05^2 is 0.01 but for rounding).
  const double allowed = kFleetFalseAlarmRate * (1 + 1e-9) / std::max(1, family_size);
  int k = 2;
  for (double chance = kBurstRate * kBurstRate; chance > allowed && k < 64; chance *= kBurstRate)
    ++k;
  return k;
}

ShortfallContext with_spread(ShortfallContext context, const PooledSpread& spread,
                             int family_size) {
  context.family_size = std::max(1, family_size);
  context.sessions_to_persist = sessions_to_persist(family_size);
  context.pooled_spread = spread.spread;
  if (!spread.spread) return context;
  context.t_family =
      student_t_quantile(1 - kFleetFalseAlarmRate / std::max(1, family_size), spread.df);
  context.t_ok = student_t_quantile(kFleetOkConfidence, spread.df);
  return context;
}

double host_estimate(const Sessions& host) { return std::exp(mean(logs_of(host))); }

namespace {

// Where a host stands against its peers, on log scale: d is its shortfall (above 0: better than
// the peers), upper the interval's upper end at the family's level, lower_ok the per-host lower
// end. Judged without a spread both ends are d.
struct Position {
  double d = 0, upper = 0, lower_ok = 0;
};

// The error of the peers' median as the reference (se_r of shortfall.hpp), from their estimates
// (log means) and their runs in all, `s` the spread of one run.
double reference_error(const FigureRuns::Reference& ref, double s) {
  const double k = static_cast<double>(ref.logs.peers);
  // The peers' estimates spread by their runs' noise and by what differs between hosts; with
  // enough peers their MAD measures both, with fewer only the runs' part is known.
  const double mad = kMadToSigma * ref.logs.mad;
  const double sigma_ref = ref.logs.peers >= kMinPeersForMad && mad > 0
                               ? mad
                               : s / std::sqrt(std::max(1.0, ref.runs / k));
  // The median of 2 is their mean; of more, it is noisier than the mean by up to 1.2533.
  return (k <= 2 ? 1.0 : kMedianEfficiency) * sigma_ref / std::sqrt(k);
}

// The run-to-run spread the host is judged with: the group's, or its own where it spreads over
// kOwnSpreadFactor times as far.
double judged_spread(const HostShortfall& out, const ShortfallContext& c) {
  return out.spread > kOwnSpreadFactor * *c.pooled_spread ? out.spread : *c.pooled_spread;
}

// The host's estimate x = log(host / reference), its error `se` (none: judged without a spread)
// as a Position, with `out`'s ratio, reference and interval filled.
Position position_from(double x, std::optional<double> se, const ShortfallContext& c,
                       HostShortfall& out) {
  const double sign = c.higher_is_better ? 1 : -1;
  out.ratio = std::exp(x);
  out.reference = out.estimate / out.ratio;
  Position p;
  p.d = p.upper = p.lower_ok = sign * x;
  out.ratio_low = out.ratio_high = NAN;
  if (!se) return p;
  p.upper = p.d + c.t_family * *se;
  p.lower_ok = p.d - c.t_ok * *se;
  out.has_interval = true;
  // As a ratio of host to reference: for latency the shortfall's upper end is the low ratio.
  const double a = std::exp(sign * (p.d - c.t_family * *se)), b = std::exp(sign * p.upper);
  out.ratio_low = std::min(a, b);
  out.ratio_high = std::max(a, b);
  return p;
}

// Every run of the host against every peer's (no peer rerun beside it).
Position position_of(const FigureRuns& runs, std::size_t i, const ShortfallContext& c,
                     HostShortfall& out) {
  const std::vector<double> host_logs = logs_of(runs.of(i));
  const FigureRuns::Reference peers = runs.all_sessions(i);
  const double h = mean(host_logs), r = peers.logs.median;
  out.estimate = std::exp(h);
  if (!c.pooled_spread) return position_from(h - r, std::nullopt, c, out);
  const double s = judged_spread(out, c);
  const double se_ref = reference_error(peers, s);
  return position_from(
      h - r, std::sqrt(s * s / static_cast<double>(host_logs.size()) + se_ref * se_ref), c, out);
}

// The reference of the host's session `j` (log scale) and its error (from `s`, the spread of one
// run): the median of the peers measured beside it (rerun with it, when kMinPeers or more were),
// else of every peer's first session (the inputs, taken in one round), and then `beside` is
// false.
struct SessionReference {
  double r = 0, error = 0;
  bool beside = false;
};

SessionReference session_reference(const FigureRuns& runs, std::size_t i, std::size_t j, double s) {
  const FigureRuns::Reference peers = runs.session(j, i);
  return {peers.logs.median, reference_error(peers, s), runs.beside(j, i) > 0};
}

// How far apart moments lie on the datastore (a variance, log scale): the peers rerun beside the
// host's latest session moved from their first sessions by the moment of the rerun (shared) and
// each by the moment of its first session; the spread of those moves, less what their runs' noise
// explains, is the variance of a moment. 0 when the moves are no wider than the noise.
double moment_variance(const std::vector<FigureRuns::Move>& rerun, double s) {
  std::vector<double> moves;
  double noise = 0;
  for (const FigureRuns::Move& p : rerun) {
    moves.push_back(p.log_move);
    noise += s * s * (1 / static_cast<double>(p.runs) + 1 / static_cast<double>(p.first_runs));
  }
  if (moves.size() < 2) return 0;
  const double m = mean(moves);
  double ss = 0;
  for (double v : moves) ss += (v - m) * (v - m);
  const double n = static_cast<double>(moves.size());
  return std::max(0.0, ss / (n - 1) - noise / n);
}

// Each session of the host against the peers of its time (peers were rerun beside its latest):
// a session with peers beside it against their median; one without (its first) against the
// median of every peer's first session, its error widened by the variance of a moment, since the
// host and the peers took it at moments apart. The sessions are weighed by the inverse of their
// variances: with a steady datastore the first session counts as much as the rerun, with a
// drifting one the rerun beside its peers decides. Judged without a spread, the latest session
// alone.
Position position_over_time(const FigureRuns& runs, std::size_t i, const ShortfallContext& c,
                            HostShortfall& out) {
  const Sessions& host = runs.of(i);
  const std::size_t latest = host.size() - 1;
  out.estimate = std::exp(mean(logs_of(host)));
  if (!c.pooled_spread)
    return position_from(log_mean(host[latest]) - session_reference(runs, i, latest, 0).r,
                         std::nullopt, c, out);
  const double s = judged_spread(out, c);
  const double moment = moment_variance(runs.moves(latest, i), s);
  double weighted = 0, weights = 0;
  // Sessions known without error (runs all alike, as a throttled device gives them, peers alike
  // too) would take every weight: they alone decide, equally, with no error. Weighed by 1/0 they
  // made the shortfall NaN, and healthy hosts undecided.
  double exact = 0;
  int exact_sessions = 0;
  for (std::size_t j = 0; j < host.size(); ++j) {
    const SessionReference ref = session_reference(runs, i, j, s);
    const double var = ref.error * ref.error + (ref.beside ? 0 : moment) +
                       s * s / static_cast<double>(host[j].size());
    const double x = log_mean(host[j]) - ref.r;
    if (var <= 0) {
      exact += x;
      ++exact_sessions;
      continue;
    }
    weighted += x / var;
    weights += 1 / var;
  }
  if (exact_sessions > 0) return position_from(exact / exact_sessions, 0.0, c, out);
  return position_from(weighted / weights, std::sqrt(1 / weights), c, out);
}

// The host's sessions short of T, each against the peers of its time.
int short_sessions(const FigureRuns& runs, std::size_t i, const ShortfallContext& c) {
  const Sessions& host = runs.of(i);
  const double sign = c.higher_is_better ? 1 : -1;
  int n = 0;
  for (std::size_t j = 0; j < host.size(); ++j)
    if (sign * (log_mean(host[j]) - session_reference(runs, i, j, 0).r) < std::log(c.threshold))
      ++n;
  return n;
}

// What makes a shortfall beyond doubt an outlier (shortfall.hpp): "its fingerprint differs", "seen
// in 3 sessions" (every session short, and sessions_to_persist of them), else "".
std::string cause_of(const FigureRuns& runs, std::size_t i, const ShortfallContext& c) {
  if (c.explained) return "its fingerprint differs";
  const int sessions = static_cast<int>(runs.of(i).size());
  if (sessions >= c.sessions_to_persist && short_sessions(runs, i, c) == sessions)
    return fmt::format("seen in {} sessions", sessions);
  return "";
}

// Why a shortfall beyond doubt with no cause in the fingerprint is not yet a finding.
std::string why_no_cause(const FigureRuns& runs, std::size_t i, const ShortfallContext& c) {
  const int sessions = static_cast<int>(runs.of(i).size());
  if (sessions == 1) return "one session cannot tell a regression from a neighbour's burst";
  if (const int short_ones = short_sessions(runs, i, c); short_ones < sessions)
    return fmt::format(
        "it was short in {} of its {} sessions, as a neighbour's burst that comes and goes "
        "leaves a host",
        short_ones, sessions);
  return fmt::format(
      "{} sessions cannot tell a regression from a neighbour's burst that comes back among {} "
      "host figures judged ({} can)",
      sessions, c.family_size, c.sessions_to_persist);
}

// Why a latency beyond T is still no finding: inside the check's own bound, or less than the
// floor's excess above the peers; "" when it may be a finding (and for every higher-is-better
// figure).
std::string latency_within(const HostShortfall& out, const ShortfallContext& c) {
  if (c.higher_is_better) return "";
  if (c.own_bound && out.estimate <= *c.own_bound)
    return fmt::format("inside {} {:g} ms", c.own_bound_key.empty() ? "its bound" : c.own_bound_key,
                       *c.own_bound);
  if (const double excess = out.estimate - out.reference; excess < c.latency_floor)
    return fmt::format("{:.2g} ms above the peer median, under the {:g} ms latency floor",
                       std::max(0.0, excess), c.latency_floor);
  return "";
}

}  // namespace

HostShortfall judge_shortfall(const FigureRuns& runs, std::size_t i, const ShortfallContext& c) {
  HostShortfall out;
  // Rerun with peers beside it, each session of the host is judged against the peers of its time
  // (position_over_time): a shared datastore that drifts over minutes moves them alike, so a
  // host measured in a slow minute is not held to peers measured in a fast one.
  const Sessions& host = runs.of(i);
  const std::size_t latest = host.size() - 1;
  const int beside = runs.beside(latest, i);
  out.spread = own_spread(host);
  const Position p =
      beside == 0 ? position_of(runs, i, c, out) : position_over_time(runs, i, c, out);
  out.runs = static_cast<int>(logs_of(host).size());
  out.sessions = static_cast<int>(host.size());
  out.peers_beside = beside;
  const double log_t = std::log(c.threshold);
  std::string where;
  if (beside == 0)
    where = out.has_interval
                ? fmt::format("interval {}-{} of the peer median", percent(out.ratio_low),
                              percent(out.ratio_high))
                : fmt::format("{} of the peer median (no runs gave a spread)", percent(out.ratio));
  else
    where = out.has_interval
                ? fmt::format(
                      "interval {}-{} of the peers of its time (its rerun against the {} "
                      "peers rerun beside it)",
                      percent(out.ratio_low), percent(out.ratio_high), beside)
                : fmt::format(
                      "{} of the {} peers rerun beside it (its rerun alone; no runs gave "
                      "a spread)",
                      percent(out.ratio), beside);
  const std::string threshold = percent(c.higher_is_better ? c.threshold : 1 / c.threshold);
  // The side of the threshold a shortfall lies on: below it for a rate, above it for a latency.
  const char* past = c.higher_is_better ? "below" : "above";
  const auto decide = [&out](FleetVerdict v, std::string reason) {
    out.verdict = v;
    out.reason = v == FleetVerdict::undecided
                     ? fmt::format("undecided: {}; its runs spread {:.0f}% (rerun it)", reason,
                                   out.spread * 100)
                     : std::move(reason);
    return out;
  };
  if (p.lower_ok >= log_t) return decide(FleetVerdict::ok, where + ", at or above " + threshold);
  // Before the interval: a latency that no rerun could make a finding needs no rerun either.
  // Only an estimate beyond T looks like one, and only then is the reader told why it is not.
  if (std::string within = latency_within(out, c); !within.empty()) {
    const bool beyond = p.d < log_t;
    const std::string reason =
        fmt::format("{}, {} {} but {}", where, beyond ? "beyond" : "straddles", threshold, within);
    if (beyond) out.within = std::move(within);
    return decide(FleetVerdict::ok, reason);
  }
  // Could be short, could be noise: only more runs tell. Judged without a spread, a figure not
  // short of T is ok (d >= log T makes lower_ok >= log T above).
  if (p.upper >= log_t) return decide(FleetVerdict::undecided, where + " straddles " + threshold);
  if (!out.has_interval && c.peers_spread_rules_out)
    return decide(FleetVerdict::ok, where + ", but the peers themselves spread as far (robust z)");
  // Beyond doubt below T already; the estimate itself says how deep (an interval's end would
  // make the verdict swing with the spread's estimate when a rerun of another host moves it).
  const bool deep = p.d < log_t + std::log(kBurstDepth);
  const std::string cause = cause_of(runs, i, c);
  if (cause.empty() && !deep)
    return decide(FleetVerdict::undecided,
                  fmt::format("{}, wholly {} {}, but no fingerprint field differs and {}", where,
                              past, threshold, why_no_cause(runs, i, c)));
  return decide(FleetVerdict::outlier,
                fmt::format("{}, wholly {} {}; {}", where, past, threshold,
                            cause.empty() ? fmt::format("deeper than a burst ({} of it)",
                                                        percent(kBurstDepth))
                                          : cause));
}

}  // namespace iogate
