// compare_fleet: grouping, peer classes, the comparison and the explanation; see fleet.hpp.
#include "fleet.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <map>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "engine/workload_toml.hpp"
#include "host_runs.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iogate/results/figures.hpp"
#include "iogate/verdicts/statistics.hpp"
#include "peer_bounds.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

using fleet_detail::judge_figure;
using fleet_detail::own_latency_bound;
using fleet_detail::peers_bound;

// One host's record of one check, and its reruns' records of it (same workload) in order.
struct Entry {
  std::size_t host;
  const FleetCheck* record;
  std::vector<const FleetCheck*> reruns;
};

// The runs of `figure` (kFleetFigures' key) in one record.
const std::vector<double>& runs_of(const FleetCheck& record, const std::string& figure) {
  return record.runs[static_cast<std::size_t>(fleet_figure(figure) - kFleetFigures)];
}

// The host's runs of `figure` by session: its record, then each rerun's.
Sessions sessions_of(const Entry& e, const std::string& figure) {
  Sessions out{runs_of(*e.record, figure)};
  for (const FleetCheck* r : e.reruns) out.push_back(runs_of(*r, figure));
  std::erase_if(out, [](const std::vector<double>& runs) { return runs.empty(); });
  return out;
}

// "390", "75", "3.05", "0.412": whole numbers where they are large, three digits otherwise.
std::string shown_number(double v) {
  return v >= 100 ? fmt::format("{:.0f}", v) : fmt::format("{:.3g}", v);
}

void validate(const std::vector<FleetHost>& inputs, const FleetSettings& settings) {
  const std::vector<std::string> known = StorageStack::field_names();
  for (const std::string& key : settings.peer_keys)
    if (std::find(known.begin(), known.end(), key) == known.end())
      throw FleetInputError(fmt::format("--peer-key {}: not a fingerprint field; known: {}", key,
                                        fmt::join(known, ", ")));
  std::vector<std::string> figures;
  for (const FleetFigureDef& f : kFleetFigures) figures.emplace_back(f.key);
  for (const std::string& key : settings.figures)
    if (fleet_figure(key) == nullptr)
      throw FleetInputError(fmt::format("--figure {}: not a compared figure; known: {}", key,
                                        fmt::join(figures, ", ")));
  std::map<std::string, std::string> seen;  // identity -> source
  for (const FleetHost& in : inputs) {
    if (in.rerun) continue;
    const std::string& id = in.identity;
    const auto [it, fresh] = seen.emplace(id, in.source);
    if (!fresh)
      throw FleetInputError(fmt::format(
          "{} and {} are both host \"{}\": give each host its own label (iogate check/run "
          "--host-label, or IOGATE_HOST_LABEL for a suite); cloned VMs share a hostname",
          it->second, in.source, id));
  }
  for (const FleetHost& in : inputs)
    if (in.rerun && !seen.contains(in.identity))
      throw FleetInputError(fmt::format(
          "--rerun {}: host \"{}\" is not among the hosts given; a rerun adds a session to a "
          "host given as RESULTS",
          in.source, in.identity));
  if (seen.size() < 2)
    throw FleetInputError(
        fmt::format("expected the results of at least 2 hosts (one RESULTS argument each), got {}",
                    seen.size()));
}

std::string peer_class_of(const StorageStack& stack, const std::vector<std::string>& keys) {
  std::vector<std::string> parts;
  for (const std::string& key : keys) parts.push_back(key + "=" + field_value(stack, key));
  return fmt::format("{}", fmt::join(parts, ", "));
}

// "vm03 ran Random_8k_70_Read with queue_depth 32, the others with 64: compared apart".
std::string mismatch_note(const std::vector<std::string>& hosts, const std::string& check,
                          const std::string& theirs, const std::string& others) {
  const auto shown = [](const nlohmann::json& v) { return v.is_null() ? "(none)" : v.dump(); };
  std::vector<std::string> mine, rest;
  for (const WorkloadChange& c :
       workload_changes(nlohmann::json::parse(others), nlohmann::json::parse(theirs))) {
    mine.push_back(c.key + " " + shown(c.now));
    rest.push_back(c.key + " " + shown(c.was));
  }
  if (mine.size() == 1) rest[0] = rest[0].substr(rest[0].find(' ') + 1);  // "the others with 64"
  return fmt::format("{} ran {} with {}, the others with {}: compared apart",
                     fmt::join(hosts, ", "), check, fmt::join(mine, ", "), fmt::join(rest, ", "));
}

// The host's line: its deciding figure (the first with its verdict in the order compared, IOPS
// before latency), the rule's reason, then the explanation. The other figures' verdicts are in
// the Markdown table and the JSON.
std::string verdict_line(const HostVerdict& h, const std::string& check) {
  const FigureVerdict* deciding = h.deciding_figure();
  if (deciding == nullptr) return "";
  const FigureVerdict& f = *deciding;
  const FleetFigureDef& def = *fleet_figure(f.key);
  const std::string bound =
      f.bound.empty() ? ""
                      : fmt::format(", {} {}", def.higher_is_better ? "below" : "above", f.bound);
  const std::string runs =
      fmt::format("{} run{}{}", f.shortfall.runs, f.shortfall.runs == 1 ? "" : "s",
                  h.sessions > 1 ? fmt::format(" in {} sessions", h.sessions) : "");
  return fmt::format("{} {}: {} {}, {:.0f}% of the peer median {} {} ({} peers{}, {}); {}; {}",
                     h.host, check, shown_number(f.comparison.value), def.shown,
                     f.comparison.ratio * 100, shown_number(f.comparison.peer_median), def.unit,
                     f.comparison.peers, bound, runs, f.shortfall.reason,
                     describe_differences(h.differences));
}

// FigureVerdict::note: the words for a latency ok although beyond its threshold.
std::string within_note(const FigureVerdict& f) {
  if (f.shortfall.within.empty()) return "";
  const FleetFigureDef& def = *fleet_figure(f.key);
  return fmt::format("{} {}, {:.0f}% of the peer median {} {}, but {}: not an outlier",
                     shown_number(f.comparison.value), def.shown, f.comparison.ratio * 100,
                     shown_number(f.comparison.peer_median), def.unit, f.shortfall.within);
}

// A host is as bad as its worst figure: an outlier, else undecided, else ok.
FleetVerdict host_verdict(const std::vector<FigureVerdict>& figures) {
  FleetVerdict v = FleetVerdict::ok;
  for (const FigureVerdict& f : figures) {
    if (f.shortfall.verdict == FleetVerdict::outlier) return FleetVerdict::outlier;
    if (f.shortfall.verdict == FleetVerdict::undecided) v = FleetVerdict::undecided;
  }
  return v;
}

// The figures bounded by any member's expectations (hosts may run the check from different
// threshold files), in kFleetFigures' order.
std::vector<std::string> group_figures(const std::vector<Entry>& members) {
  std::vector<ExpectationRecord> all;
  for (const Entry& e : members)
    all.insert(all.end(), e.record->expectations.begin(), e.record->expectations.end());
  return bounded_figures(all);
}

// --figure's figures, plus any a member bounds relative to its peers: such a bound is there to
// be judged here, whatever else was asked for.
std::vector<std::string> compared_figures(const std::vector<Entry>& members,
                                          const FleetSettings& settings) {
  if (settings.figures.empty()) return group_figures(members);
  std::vector<std::string> out;
  for (const FleetFigureDef& f : kFleetFigures) {
    const bool asked = std::find(settings.figures.begin(), settings.figures.end(), f.key) !=
                       settings.figures.end();
    const bool bound = std::any_of(members.begin(), members.end(), [&](const Entry& e) {
      return peers_bound(e.record->expectations, f.key) != nullptr;
    });
    if (asked || bound) out.emplace_back(f.key);
  }
  return out;
}

// The members whose check ran and measured: those compared.
std::vector<const Entry*> compared_entries(const std::vector<Entry>& members) {
  std::vector<const Entry*> out;
  for (const Entry& e : members)
    if ((e.record->status != CheckStatus::skipped && e.record->status != CheckStatus::error) &&
        e.record->has_figures)
      out.push_back(&e);
  return out;
}

// The grouped workload as a threshold file's keys (FleetGroup::workload_keys).
std::vector<WorkloadKey> workload_keys_of(const std::string& workload_identity) {
  const nlohmann::json j = nlohmann::json::parse(workload_identity);
  try {
    return workload_toml_keys(workload_from_json(j));
  } catch (const std::exception&) {
    // A workload the engine's rules refuse cannot have been grouped; should one all the same,
    // its JSON fields still tell the reader what ran.
    std::vector<WorkloadKey> out;
    for (auto it = j.begin(); it != j.end(); ++it)
      out.push_back({it.key(), it->is_string() ? it->get<std::string>() : it->dump()});
    return out;
  }
}

constexpr std::size_t kNotCompared = static_cast<std::size_t>(-1);

// What every host of a group is judged against, gathered once for the group: the compared hosts,
// each figure's runs (by host and session) and the group's pooled spread of it, and the compared
// hosts' fingerprints.
struct GroupRuns {
  std::vector<const Entry*> compared;
  std::vector<std::size_t> place;        // [member]: its place in compared, or kNotCompared
  std::vector<FigureRuns> runs;          // [figure]
  std::vector<ShortfallContext> spread;  // [figure]
  PeerFingerprints fingerprints;         // of compared
};

GroupRuns group_runs(const std::vector<FleetHost>& inputs, const std::vector<Entry>& members,
                     const FleetGroup& g, int family_size) {
  std::vector<const Entry*> compared = compared_entries(members);
  std::vector<std::size_t> place(members.size(), kNotCompared);
  for (std::size_t m = 0, c = 0; m < members.size() && c < compared.size(); ++m)
    if (&members[m] == compared[c]) place[m] = c++;
  std::vector<FigureRuns> runs;
  std::vector<ShortfallContext> spread;
  for (const std::string& figure : g.figures) {
    std::vector<Sessions> hosts;
    hosts.reserve(compared.size());
    for (const Entry* p : compared) hosts.push_back(sessions_of(*p, figure));
    runs.emplace_back(std::move(hosts));
    spread.push_back(with_spread({}, pooled_spread(runs.back().hosts()), family_size));
  }
  std::vector<const StorageStack*> stacks;
  stacks.reserve(compared.size());
  for (const Entry* p : compared) stacks.push_back(&inputs[p->host].stack);
  return {std::move(compared), std::move(place), std::move(runs), std::move(spread),
          PeerFingerprints(stacks)};
}

// One host of the group (`members[member]`) against its peers: why it was not compared, or its
// figures' verdicts.
HostVerdict judge_host(const std::vector<FleetHost>& inputs, const Entry& e, std::size_t member,
                       const FleetGroup& g, const GroupRuns& group, const FleetSettings& settings) {
  HostVerdict v;
  v.host = inputs[e.host].identity;
  v.source = inputs[e.host].source;
  v.status = status_name(e.record->status);
  const int n = static_cast<int>(group.compared.size());
  const std::size_t me = group.place[member];
  if (me == kNotCompared) {
    v.not_compared =
        fmt::format("{}: {}", v.status, e.record->first_message.value_or("no figures"));
  } else if (n - 1 < kMinPeers) {
    v.not_compared = fmt::format(
        "{} peer(s) ran it with this workload on this hardware ({}): {} needed to tell which "
        "host is off",
        n - 1, g.peer_class, kMinPeers);
  }
  if (!v.not_compared.empty()) return v;
  v.differences = group.fingerprints.differences(me);
  v.sessions = 1 + static_cast<int>(e.reruns.size());
  for (std::size_t f = 0; f < g.figures.size(); ++f) {
    const FleetFigureDef& def = *fleet_figure(g.figures[f]);
    const FigureRuns& runs = group.runs[f];
    if (runs.of(me).empty() || runs.peers(me) < kMinPeers) continue;  // no such figure
    ShortfallContext context = group.spread[f];
    context.explained = !v.differences.empty();
    context.latency_floor = settings.latency_floor_ms;
    if (const ExpectationRecord* b = own_latency_bound(e.record->expectations, def.key)) {
      context.own_bound = b->figures.bound;
      context.own_bound_key = b->key;
    }
    v.figures.push_back(judge_figure(def, runs, me, peers_bound(e.record->expectations, def.key),
                                     settings.criteria, context));
    v.figures.back().note = within_note(v.figures.back());
  }
  v.verdict = host_verdict(v.figures);
  if (v.verdict != FleetVerdict::ok) v.explanation = verdict_line(v, g.check);
  return v;
}

// What the group's size or flat figures keep the comparison from naming; empty when nothing.
std::string group_limit(const FleetGroup& g, int n, const FleetSettings& settings) {
  const bool any_bound = std::any_of(g.hosts.begin(), g.hosts.end(), [](const HostVerdict& h) {
    return std::any_of(h.figures.begin(), h.figures.end(),
                       [](const FigureVerdict& f) { return !f.bound.empty(); });
  });
  const std::string share = fmt::format("{:.0f}%{}", settings.criteria.min_ratio * 100,
                                        any_bound ? " (or the share of a peers bound)" : "");
  if (n >= kMinPeers + 1 && n - 1 < kMinPeersForMad)
    return fmt::format(
        "{} hosts: only a shortfall below {} of the peer median can be named (a robust "
        "spread needs {} peers besides the host)",
        n, share, kMinPeersForMad);
  if (n - 1 < kMinPeersForMad) return "";
  // Enough peers, but figures that do not spread (all equal, as a rate cap can make them): no z
  // for them either, and the reader should know the ratio alone judged them.
  std::vector<std::string> flat;
  for (const HostVerdict& h : g.hosts)
    for (const FigureVerdict& f : h.figures)
      if (!f.comparison.robust_z && f.comparison.peers >= kMinPeersForMad &&
          std::find(flat.begin(), flat.end(), f.key) == flat.end())
        flat.push_back(f.key);
  if (flat.empty()) return "";
  return fmt::format(
      "the peers' {} do not spread (MAD 0): only a shortfall below {} of the peer median can be "
      "named there",
      fmt::join(flat, ", "), share);
}

// The ok hosts to rerun beside the group's undecided ones (FleetGroup::rerun_beside): the
// kPeersBeside whose estimate of the group's first figure is nearest the median of all, so that
// the reference is a typical host, those rerun before first (a round is a session's number, and
// the peers beside a host's third session must be those beside its second); in input order.
// None when no host is undecided.
std::vector<std::string> peers_to_rerun_beside(const FleetGroup& g) {
  if (g.undecided() == 0 || g.figures.empty()) return {};
  const auto log_estimate = [&](const HostVerdict& h) -> std::optional<double> {
    for (const FigureVerdict& f : h.figures)
      if (f.key == g.figures.front() && f.shortfall.estimate > 0)
        return std::log(f.shortfall.estimate);
    return std::nullopt;
  };
  std::vector<double> all;
  for (const HostVerdict& h : g.hosts)
    if (const auto e = log_estimate(h)) all.push_back(*e);
  if (all.empty()) return {};
  const double middle = median(all);
  struct Candidate {
    int sessions;
    double distance;  // from the median
    std::size_t host;
  };
  std::vector<Candidate> ok;
  for (std::size_t i = 0; i < g.hosts.size(); ++i)
    if (const auto e = log_estimate(g.hosts[i]); e && g.hosts[i].verdict == FleetVerdict::ok)
      ok.push_back({g.hosts[i].sessions, std::abs(*e - middle), i});
  std::stable_sort(ok.begin(), ok.end(), [](const Candidate& a, const Candidate& b) {
    return a.sessions != b.sessions ? a.sessions > b.sessions : a.distance < b.distance;
  });
  if (ok.size() > static_cast<std::size_t>(kPeersBeside)) ok.resize(kPeersBeside);
  std::sort(ok.begin(), ok.end(),
            [](const Candidate& a, const Candidate& b) { return a.host < b.host; });
  std::vector<std::string> out;
  for (const Candidate& c : ok) out.push_back(g.hosts[c.host].host);
  return out;
}

// Compares the hosts of one group (one check, workload and peer class) with each other.
FleetGroup judge_group(const std::vector<FleetHost>& inputs, const std::vector<Entry>& members,
                       const FleetSettings& settings, int family_size) {
  FleetGroup g;
  const FleetCheck& first = *members.front().record;
  g.suite = first.suite;
  g.check = first.check;
  g.workload_identity = first.workload;
  g.workload_keys = workload_keys_of(g.workload_identity);
  g.figures = compared_figures(members, settings);
  g.peer_class = peer_class_of(inputs[members.front().host].stack, settings.peer_keys);
  const GroupRuns group = group_runs(inputs, members, g, family_size);
  g.hosts.reserve(members.size());
  for (std::size_t m = 0; m < members.size(); ++m)
    g.hosts.push_back(judge_host(inputs, members[m], m, g, group, settings));
  g.limit = group_limit(g, static_cast<int>(group.compared.size()), settings);
  g.rerun_beside = peers_to_rerun_beside(g);
  return g;
}

}  // namespace

const char* figure_of_key(const std::string& key) {
  // A duration bound is a rate: the fleet compares the MB/s that made it.
  if (key.starts_with("iops_")) return figure_name({Metric::iops}).run_key;
  if (key.starts_with("mbps_") || key == "duration_max") return figure_name({Metric::mbps}).run_key;
  if (key == "latency_avg_max") return figure_name({Metric::latency_avg}).run_key;
  if (key == "latency_p99_max") return figure_name({Metric::latency_percentile, 99}).run_key;
  return nullptr;
}

std::vector<std::string> bounded_figures(const std::vector<ExpectationRecord>& expectations) {
  const auto figure_of = figure_of_key;
  std::vector<std::string> out;
  for (const FleetFigureDef& f : kFleetFigures)
    if (std::any_of(expectations.begin(), expectations.end(), [&](const ExpectationRecord& e) {
          const char* figure = figure_of(e.key);
          return figure != nullptr && std::string_view(figure) == f.key;
        }))
      out.emplace_back(f.key);
  if (out.empty()) out = {"iops", "mbps"};
  return out;
}

std::string workload_identity(const WorkloadSpec& workload) {
  return compared_workload(workload).dump();
}

namespace {

using Groups = std::vector<std::pair<std::string, std::vector<Entry>>>;  // key -> its entries

// Groups met in order, found by key: a map beside them, lest finding one scan them all.
class OrderedGroups {
 public:
  std::vector<Entry>& operator[](const std::string& key) {
    const auto [it, fresh] = index_.emplace(key, groups_.size());
    if (fresh) groups_.emplace_back(key, std::vector<Entry>{});
    return groups_[it->second].second;
  }
  std::vector<Entry>* find(const std::string& key) {
    const auto it = index_.find(key);
    return it == index_.end() ? nullptr : &groups_[it->second].second;
  }
  Groups& groups() { return groups_; }

 private:
  Groups groups_;
  std::unordered_map<std::string, std::size_t> index_;
};

// The entry of host `h` in `entries` (in host order, one a host), or null.
Entry* entry_of(std::vector<Entry>& entries, std::size_t h) {
  const auto it = std::lower_bound(entries.begin(), entries.end(), h,
                                   [](const Entry& e, std::size_t host) { return e.host < host; });
  return it != entries.end() && it->host == h ? &*it : nullptr;
}

// Each rerun's records join its host's entries as later sessions; one with another workload is
// noted and left out, since its runs measure something else.
void attach_reruns(OrderedGroups& by_check, const std::vector<FleetHost>& inputs,
                   std::vector<std::string>& notes) {
  std::unordered_map<std::string, std::size_t> host_of;  // identity -> its input (not a rerun)
  for (std::size_t h = 0; h < inputs.size(); ++h)
    if (!inputs[h].rerun) host_of.emplace(inputs[h].identity, h);
  for (const FleetHost& in : inputs) {
    if (!in.rerun) continue;
    const std::string& id = in.identity;
    const std::size_t host = host_of.at(id);  // validate(): every rerun's host was given
    for (const FleetCheck& c : in.checks) {
      std::vector<Entry>* entries = by_check.find(c.suite + '\n' + c.check);
      Entry* e = entries == nullptr ? nullptr : entry_of(*entries, host);
      if (e == nullptr) {
        notes.push_back(
            fmt::format("{}: rerun {} has {}, which the host's results do not: not used", id,
                        in.source, c.check));
      } else if (c.workload != e->record->workload) {
        notes.push_back(fmt::format("{}: rerun {} ran {} with another workload: not used", id,
                                    in.source, c.check));
      } else {
        e->reruns.push_back(&c);
      }
    }
  }
}

// `entries` split by `key_of`, in the order first met.
template <typename KeyOf>
Groups split(const std::vector<Entry>& entries, KeyOf key_of) {
  OrderedGroups out;
  for (const Entry& e : entries) out[key_of(e)].push_back(e);
  return std::move(out.groups());
}

}  // namespace

FleetRecord compare_fleet(const std::vector<FleetInput>& inputs, const FleetSettings& settings) {
  std::vector<FleetHost> hosts;
  hosts.reserve(inputs.size());
  for (const FleetInput& in : inputs) hosts.push_back(fleet_host(in));
  return compare_fleet(hosts, settings);
}

FleetRecord compare_fleet(const std::vector<FleetHost>& inputs, const FleetSettings& settings) {
  validate(inputs, settings);
  FleetRecord report;
  report.settings = settings;
  for (const FleetHost& in : inputs) {
    (in.rerun ? report.rerun_sources : report.sources).push_back(in.source);
    if (!in.rerun) report.hosts.push_back(in.identity);
  }
  const auto identity = [&](const Entry& e) { return inputs[e.host].identity; };
  // Per suite and check, in the order first met: every host's record of it (its first, should a
  // host have two), in host order.
  OrderedGroups by_check;
  for (std::size_t h = 0; h < inputs.size(); ++h) {
    if (inputs[h].rerun) continue;
    for (const FleetCheck& c : inputs[h].checks) {
      std::vector<Entry>& entries = by_check[c.suite + '\n' + c.check];
      if (entries.empty() || entries.back().host != h) entries.push_back({h, &c, {}});
    }
  }
  attach_reruns(by_check, inputs, report.notes);
  // The groups to judge (one check, workload and peer class each), gathered first: the family
  // of judgements is counted over all of them before any is judged.
  std::vector<std::vector<Entry>> groups;
  for (const auto& [key, entries] : by_check.groups()) {
    const std::string& check = entries.front().record->check;
    std::vector<bool> present(inputs.size(), false);
    for (const Entry& e : entries) present[e.host] = true;
    std::vector<std::string> missing;
    for (std::size_t h = 0; h < inputs.size(); ++h)
      if (!inputs[h].rerun && !present[h]) missing.push_back(inputs[h].identity);
    if (!missing.empty())
      report.notes.push_back(fmt::format("{}: no result from {}", check, fmt::join(missing, ", ")));
    // Workload variants, the most common first: the others are named against it.
    Groups variants = split(entries, [](const Entry& e) { return e.record->workload; });
    std::stable_sort(variants.begin(), variants.end(), [](const auto& a, const auto& b) {
      return a.second.size() > b.second.size();
    });
    for (std::size_t v = 1; v < variants.size(); ++v) {
      std::vector<std::string> hosts;
      for (const Entry& e : variants[v].second) hosts.push_back(identity(e));
      report.notes.push_back(
          mismatch_note(hosts, check, variants[v].first, variants.front().first));
    }
    for (const auto& [workload, members] : variants)
      for (auto& [cls, hosts] : split(members, [&](const Entry& e) {
             return peer_class_of(inputs[e.host].stack, settings.peer_keys);
           }))
        groups.push_back(std::move(hosts));
  }
  for (const std::vector<Entry>& members : groups) {
    const int n = static_cast<int>(compared_entries(members).size());
    if (n - 1 >= kMinPeers)
      report.family_size += n * static_cast<int>(compared_figures(members, settings).size());
  }
  report.sessions_to_persist = sessions_to_persist(report.family_size);
  report.groups.reserve(groups.size());
  for (const std::vector<Entry>& members : groups)
    report.groups.push_back(judge_group(inputs, members, settings, report.family_size));
  return report;
}

}  // namespace iogate
