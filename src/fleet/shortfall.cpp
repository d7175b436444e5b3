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

const char* fleet_verdict_name(FleetVerdict v) {
  switch (v) {
    case FleetVerdict::ok:
      return "ok";
    case FleetVerdict::outlier:
      return "outlier";
    case FleetVerdict::undecided:
      return "undecided";
  }
  return "?";
}

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

Shortfall judge_shortfall(const Sessions& host, const std::vector<Sessions>& peers,
                          const ShortfallContext& c) {
  Shortfall out;
  const std::vector<double> host_logs = logs_of(host);
  std::vector<double> peer_estimates;
  double peer_runs = 0;
  for (const Sessions& p : peers) {
    const std::vector<double> logs = logs_of(p);
    peer_estimates.push_back(mean(logs));
    peer_runs += static_cast<double>(logs.size());
  }
  const double h = mean(host_logs), r = median(peer_estimates);
  const double sign = c.higher_is_better ? 1 : -1;  // d > 0: better than the peers
  const double d = sign * (h - r);
  const double log_t = std::log(c.threshold);
  out.estimate = std::exp(h);
  out.reference = std::exp(r);
  out.ratio = std::exp(h - r);
  out.runs = static_cast<int>(host_logs.size());
  out.sessions = static_cast<int>(host.size());
  out.spread = own_spread(host);

  // The shortfall's evidence: what makes a shortfall beyond doubt an outlier (shortfall.hpp).
  int sessions_short = 0;
  for (const std::vector<double>& s : host)
    if (sign * (log_mean(s) - r) < log_t) ++sessions_short;
  const bool persistent = out.sessions >= 2 && sessions_short == out.sessions;
  const std::string cause = c.explained  ? "its fingerprint differs"
                            : persistent ? fmt::format("seen in {} sessions", out.sessions)
                                         : "";
  const auto ratio_of = [&](double shortfall) { return std::exp(sign * shortfall); };
  const auto latency_floor_crossed = [&] {
    if (c.higher_is_better) return true;
    const bool over_floor = out.estimate - out.reference >= c.latency_floor;
    const bool over_bound = !c.own_bound || out.estimate > *c.own_bound;
    return over_floor && over_bound;
  };
  const auto rerun_line = [&](const std::string& why) {
    return fmt::format("undecided: {}; its runs spread {:.0f}% (rerun it)", why, out.spread * 100);
  };

  double upper = d, lower_ok = d;
  if (c.pooled_spread) {
    const double s =
        out.spread > kOwnSpreadFactor * *c.pooled_spread ? out.spread : *c.pooled_spread;
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
    upper = d + c.t_family * se;
    lower_ok = d - c.t_ok * se;
    out.has_interval = true;
    // As a ratio of host to reference: for latency the shortfall's upper end is the low ratio.
    const double a = ratio_of(d - c.t_family * se), b = ratio_of(upper);
    out.ratio_low = std::min(a, b);
    out.ratio_high = std::max(a, b);
  } else {
    out.ratio_low = out.ratio_high = NAN;
  }
  const std::string where =
      out.has_interval
          ? fmt::format("interval {}-{} of the peer median", percent(out.ratio_low),
                        percent(out.ratio_high))
          : fmt::format("{} of the peer median (no runs gave a spread)", percent(out.ratio));
  const std::string threshold = percent(c.higher_is_better ? c.threshold : 1 / c.threshold);

  if (lower_ok >= log_t) {
    out.verdict = FleetVerdict::ok;
    out.reason = fmt::format("{}, at or above {}", where, threshold);
    return out;
  }
  if (upper >= log_t) {
    // Could be short, could be noise: only more runs tell. Judged without a spread, a figure not
    // short of T is ok (d >= log T makes lower_ok >= log T above).
    out.verdict = FleetVerdict::undecided;
    out.reason = rerun_line(fmt::format("{} straddles {}", where, threshold));
    return out;
  }
  if (!latency_floor_crossed()) {
    out.verdict = FleetVerdict::ok;
    out.reason = fmt::format(
        "{}, beyond {} but within {}", where, threshold,
        c.own_bound ? fmt::format("the check's own bound {:g}", *c.own_bound)
                    : fmt::format("an excess of {:g} ms over the peer median (the latency floor)",
                                  c.latency_floor));
    return out;
  }
  if (!out.has_interval && c.peers_spread_rules_out) {
    out.verdict = FleetVerdict::ok;
    out.reason = fmt::format("{}, but the peers themselves spread as far (robust z)", where);
    return out;
  }
  // Beyond doubt below T already; the estimate itself says how deep (an interval's end would
  // make the verdict swing with the spread's estimate when a rerun of another host moves it).
  const bool deep = d < log_t + std::log(kBurstDepth);
  if (cause.empty() && !deep) {
    out.verdict = FleetVerdict::undecided;
    out.reason = rerun_line(fmt::format(
        "{}, wholly beyond {}, but no fingerprint field differs and one session cannot tell a "
        "regression from a neighbour's burst",
        where, threshold));
    return out;
  }
  out.verdict = FleetVerdict::outlier;
  out.reason = fmt::format(
      "{}, wholly beyond {}; {}", where, threshold,
      cause.empty() ? fmt::format("deeper than a burst ({} of it)", percent(kBurstDepth)) : cause);
  return out;
}

}  // namespace iogate
