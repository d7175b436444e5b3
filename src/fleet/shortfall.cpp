// The three-way rule of a host's figure against its peers; see shortfall.hpp.
#include "iogate/fleet/shortfall.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "iogate/fleet/robust.hpp"
#include "iogate/verdicts/statistics.hpp"

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

ShortfallContext with_spread(ShortfallContext context, const PooledSpread& spread,
                             int family_size) {
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
// end. Judged without a spread both ends are d. Fills `out`'s figures and interval.
struct Position {
  double d = 0, upper = 0, lower_ok = 0;
};

Position position_of(const Sessions& host, const std::vector<Sessions>& peers,
                     const ShortfallContext& c, HostShortfall& out) {
  const std::vector<double> host_logs = logs_of(host);
  std::vector<double> peer_estimates;
  double peer_runs = 0;
  for (const Sessions& p : peers) {
    const std::vector<double> logs = logs_of(p);
    peer_estimates.push_back(mean(logs));
    peer_runs += static_cast<double>(logs.size());
  }
  const double h = mean(host_logs), r = median(peer_estimates);
  const double sign = c.higher_is_better ? 1 : -1;
  out.estimate = std::exp(h);
  out.reference = std::exp(r);
  out.ratio = std::exp(h - r);
  out.runs = static_cast<int>(host_logs.size());
  out.sessions = static_cast<int>(host.size());
  out.spread = own_spread(host);
  Position p;
  p.d = p.upper = p.lower_ok = sign * (h - r);
  out.ratio_low = out.ratio_high = NAN;
  if (!c.pooled_spread) return p;
  const double s = out.spread > kOwnSpreadFactor * *c.pooled_spread ? out.spread : *c.pooled_spread;
  const double k = static_cast<double>(peers.size());
  // The peers' estimates spread by their runs' noise and by what differs between hosts; with
  // enough peers their MAD measures both, with fewer only the runs' part is known.
  const double mad = kMadToSigma * mad_of(peer_estimates);
  const double sigma_ref = static_cast<int>(peers.size()) >= kMinPeersForMad && mad > 0
                               ? mad
                               : s / std::sqrt(std::max(1.0, peer_runs / k));
  // The median of 2 is their mean; of more, it is noisier than the mean by up to 1.2533.
  const double se_ref = (k <= 2 ? 1.0 : kMedianEfficiency) * sigma_ref / std::sqrt(k);
  const double se = std::sqrt(s * s / static_cast<double>(host_logs.size()) + se_ref * se_ref);
  p.upper = p.d + c.t_family * se;
  p.lower_ok = p.d - c.t_ok * se;
  out.has_interval = true;
  // As a ratio of host to reference: for latency the shortfall's upper end is the low ratio.
  const double a = std::exp(sign * (p.d - c.t_family * se)), b = std::exp(sign * p.upper);
  out.ratio_low = std::min(a, b);
  out.ratio_high = std::max(a, b);
  return p;
}

// What makes a shortfall beyond doubt an outlier (shortfall.hpp): "its fingerprint differs", "seen
// in 2 sessions" (each session's estimate beyond T), else "".
std::string cause_of(const Sessions& host, const HostShortfall& out, const ShortfallContext& c) {
  if (c.explained) return "its fingerprint differs";
  const double sign = c.higher_is_better ? 1 : -1, r = std::log(out.reference);
  const bool every_session_short =
      std::all_of(host.begin(), host.end(), [&](const std::vector<double>& s) {
        return sign * (log_mean(s) - r) < std::log(c.threshold);
      });
  if (host.size() >= 2 && every_session_short)
    return fmt::format("seen in {} sessions", host.size());
  return "";
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

HostShortfall judge_shortfall(const Sessions& host, const std::vector<Sessions>& peers,
                              const ShortfallContext& c) {
  HostShortfall out;
  const Position p = position_of(host, peers, c, out);
  const double log_t = std::log(c.threshold);
  const std::string where =
      out.has_interval
          ? fmt::format("interval {}-{} of the peer median", percent(out.ratio_low),
                        percent(out.ratio_high))
          : fmt::format("{} of the peer median (no runs gave a spread)", percent(out.ratio));
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
  const std::string cause = cause_of(host, out, c);
  if (cause.empty() && !deep)
    return decide(FleetVerdict::undecided,
                  fmt::format("{}, wholly {} {}, but no fingerprint field differs and one "
                              "session cannot tell a regression from a neighbour's burst",
                              where, past, threshold));
  return decide(FleetVerdict::outlier,
                fmt::format("{}, wholly {} {}; {}", where, past, threshold,
                            cause.empty() ? fmt::format("deeper than a burst ({} of it)",
                                                        percent(kBurstDepth))
                                          : cause));
}

}  // namespace iogate
