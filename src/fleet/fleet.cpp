// compare_fleet: grouping, peer classes, the comparison and the explanation; see fleet.hpp.
#include "iogate/fleet/fleet.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <map>
#include <optional>
#include <stdexcept>

#include "host_runs.hpp"
#include "iogate/engine/workload_toml.hpp"
#include "iogate/results/figures.hpp"
#include "iogate/results/run_json.hpp"
#include "iogate/verdicts/statistics.hpp"
#include "peer_bounds.hpp"

namespace iogate {
namespace {

using fleet_detail::judge_figure;
using fleet_detail::own_latency_bound;
using fleet_detail::peers_bound;
using fleet_detail::runs_of;

// One host's record of one check, and its reruns' records of it (same workload) in order.
struct Entry {
  std::size_t host;
  const CheckRecord* record;
  std::string workload;
  std::vector<const CheckRecord*> reruns;
};

// The host's runs of `figure` by session: its record, then each rerun's.
Sessions sessions_of(const Entry& e, const std::string& figure) {
  Sessions out{runs_of(*e.record, figure)};
  for (const CheckRecord* r : e.reruns) out.push_back(runs_of(*r, figure));
  std::erase_if(out, [](const std::vector<double>& runs) { return runs.empty(); });
  return out;
}

// "390", "75", "3.05", "0.412": whole numbers where they are large, three digits otherwise.
std::string shown_number(double v) {
  return v >= 100 ? fmt::format("{:.0f}", v) : fmt::format("{:.3g}", v);
}

void validate(const std::vector<FleetInput>& inputs, const FleetSettings& settings) {
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
  for (const FleetInput& in : inputs) {
    if (in.rerun) continue;
    const std::string& id = in.run.context.identity();
    const auto [it, fresh] = seen.emplace(id, in.source);
    if (!fresh)
      throw FleetInputError(fmt::format(
          "{} and {} are both host \"{}\": give each host its own label (iogate check/run "
          "--host-label, or IOGATE_HOST_LABEL for a suite); cloned VMs share a hostname",
          it->second, in.source, id));
  }
  for (const FleetInput& in : inputs)
    if (in.rerun && !seen.contains(in.run.context.identity()))
      throw FleetInputError(fmt::format(
          "--rerun {}: host \"{}\" is not among the hosts given; a rerun adds a session to a "
          "host given as RESULTS",
          in.source, in.run.context.identity()));
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
      return peers_bound(*e.record, f.key) != nullptr;
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
        has_figures(*e.record))
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

// Every compared host's runs of each figure, by session, and the group's pooled spread of each.
struct GroupRuns {
  std::vector<const Entry*> compared;
  std::vector<std::vector<Sessions>> runs;  // [figure][compared host]
  std::vector<ShortfallContext> spread;     // [figure]
};

GroupRuns group_runs(const std::vector<Entry>& members, const FleetGroup& g, int family_size) {
  GroupRuns out;
  out.compared = compared_entries(members);
  out.runs.resize(g.figures.size());
  out.spread.resize(g.figures.size());
  for (std::size_t f = 0; f < g.figures.size(); ++f) {
    for (const Entry* p : out.compared) out.runs[f].push_back(sessions_of(*p, g.figures[f]));
    out.spread[f] = with_spread({}, pooled_spread(out.runs[f]), family_size);
  }
  return out;
}

// One host of the group against its peers: why it was not compared, or its figures' verdicts.
HostVerdict judge_host(const std::vector<FleetInput>& inputs, const Entry& e, const FleetGroup& g,
                       const GroupRuns& group, const FleetSettings& settings) {
  HostVerdict v;
  v.host = inputs[e.host].run.context.identity();
  v.source = inputs[e.host].source;
  v.status = status_name(e.record->status);
  const auto& compared = group.compared;
  const int n = static_cast<int>(compared.size());
  const auto found = std::find(compared.begin(), compared.end(), &e);
  if (found == compared.end()) {
    v.not_compared = fmt::format(
        "{}: {}", v.status,
        e.record->messages.empty() ? std::string("no figures") : e.record->messages.front());
  } else if (n - 1 < kMinPeers) {
    v.not_compared = fmt::format(
        "{} peer(s) ran it with this workload on this hardware ({}): {} needed to tell which "
        "host is off",
        n - 1, g.peer_class, kMinPeers);
  }
  if (!v.not_compared.empty()) return v;
  std::vector<StorageStack> peer_stacks;
  for (const Entry* p : compared)
    if (p != &e) peer_stacks.push_back(inputs[p->host].run.context.stack);
  v.differences = explain_differences(inputs[e.host].run.context.stack, peer_stacks);
  v.sessions = 1 + static_cast<int>(e.reruns.size());
  const std::size_t me = static_cast<std::size_t>(found - compared.begin());
  for (std::size_t f = 0; f < g.figures.size(); ++f) {
    const FleetFigureDef& def = *fleet_figure(g.figures[f]);
    std::vector<Sessions> peers;
    for (std::size_t i = 0; i < compared.size(); ++i)
      if (i != me && !group.runs[f][i].empty()) peers.push_back(group.runs[f][i]);
    const Sessions& mine = group.runs[f][me];
    if (mine.empty() || static_cast<int>(peers.size()) < kMinPeers) continue;  // no such figure
    ShortfallContext context = group.spread[f];
    context.explained = !v.differences.empty();
    context.latency_floor = settings.latency_floor_ms;
    if (const ExpectationRecord* b = own_latency_bound(*e.record, def.key)) {
      context.own_bound = b->figures.bound;
      context.own_bound_key = b->key;
    }
    v.figures.push_back(judge_figure(def, mine, peers, peers_bound(*e.record, def.key),
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
// the reference is a typical host; in input order. None when no host is undecided.
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
  std::vector<std::pair<double, std::size_t>> ok;  // distance from the median, host index
  for (std::size_t i = 0; i < g.hosts.size(); ++i)
    if (const auto e = log_estimate(g.hosts[i]); e && g.hosts[i].verdict == FleetVerdict::ok)
      ok.emplace_back(std::abs(*e - middle), i);
  std::stable_sort(ok.begin(), ok.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  if (ok.size() > static_cast<std::size_t>(kPeersBeside)) ok.resize(kPeersBeside);
  std::sort(ok.begin(), ok.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  std::vector<std::string> out;
  for (const auto& [distance, i] : ok) out.push_back(g.hosts[i].host);
  return out;
}

// Compares the hosts of one group (one check, workload and peer class) with each other.
FleetGroup judge_group(const std::vector<FleetInput>& inputs, const std::vector<Entry>& members,
                       const FleetSettings& settings, int family_size) {
  FleetGroup g;
  const CheckRecord& first = *members.front().record;
  g.suite = first.suite;
  g.check = first.check;
  g.workload_identity = members.front().workload;
  g.workload_keys = workload_keys_of(g.workload_identity);
  g.figures = compared_figures(members, settings);
  g.peer_class = peer_class_of(inputs[members.front().host].run.context.stack, settings.peer_keys);
  const GroupRuns group = group_runs(members, g, family_size);
  for (const Entry& e : members) g.hosts.push_back(judge_host(inputs, e, g, group, settings));
  g.limit = group_limit(g, static_cast<int>(group.compared.size()), settings);
  g.rerun_beside = peers_to_rerun_beside(g);
  return g;
}

}  // namespace

const char* figure_of_key(const std::string& key) {
  if (key.starts_with("iops_")) return "iops";
  if (key.starts_with("mbps_") || key == "duration_max") return "mbps";
  if (key == "latency_avg_max") return "lat_avg_ms";
  if (key == "latency_p99_max") return "lat_p99_ms";
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

// The entry of `inputs[h]`'s host in `entries`, or null.
Entry* entry_of(std::vector<Entry>& entries, const std::vector<FleetInput>& inputs,
                const std::string& identity) {
  for (Entry& e : entries)
    if (inputs[e.host].run.context.identity() == identity) return &e;
  return nullptr;
}

// Each rerun's records join its host's entries as later sessions; one with another workload is
// noted and left out, since its runs measure something else.
void attach_reruns(Groups& by_check, const std::vector<FleetInput>& inputs,
                   std::vector<std::string>& notes) {
  for (const FleetInput& in : inputs) {
    if (!in.rerun) continue;
    const std::string& id = in.run.context.identity();
    for (const CheckRecord& c : in.run.checks) {
      auto it = std::find_if(by_check.begin(), by_check.end(),
                             [&](const auto& p) { return p.first == c.suite + '\n' + c.check; });
      Entry* e = it == by_check.end() ? nullptr : entry_of(it->second, inputs, id);
      if (e == nullptr) {
        notes.push_back(
            fmt::format("{}: rerun {} has {}, which the host's results do not: not used", id,
                        in.source, c.check));
      } else if (workload_identity(c.workload) != e->workload) {
        notes.push_back(fmt::format("{}: rerun {} ran {} with another workload: not used", id,
                                    in.source, c.check));
      } else {
        e->reruns.push_back(&c);
      }
    }
  }
}

}  // namespace

FleetRecord compare_fleet(const std::vector<FleetInput>& inputs, const FleetSettings& settings) {
  validate(inputs, settings);
  FleetRecord report;
  report.settings = settings;
  for (const FleetInput& in : inputs) {
    (in.rerun ? report.rerun_sources : report.sources).push_back(in.source);
    if (!in.rerun) report.hosts.push_back(in.run.context.identity());
  }
  const auto identity = [&](const Entry& e) { return inputs[e.host].run.context.identity(); };
  // Per suite and check, in the order first met: every host's record of it.
  Groups by_check;
  for (std::size_t h = 0; h < inputs.size(); ++h) {
    if (inputs[h].rerun) continue;
    for (const CheckRecord& c : inputs[h].run.checks) {
      const std::string key = c.suite + '\n' + c.check;
      auto it = std::find_if(by_check.begin(), by_check.end(),
                             [&](const auto& p) { return p.first == key; });
      if (it == by_check.end()) it = by_check.insert(by_check.end(), {key, {}});
      if (std::none_of(it->second.begin(), it->second.end(),
                       [&](const Entry& e) { return e.host == h; }))
        it->second.push_back({h, &c, workload_identity(c.workload), {}});
    }
  }
  attach_reruns(by_check, inputs, report.notes);
  // The groups to judge (one check, workload and peer class each), gathered first: the family
  // of judgements is counted over all of them before any is judged.
  std::vector<std::vector<Entry>> groups;
  for (const auto& [key, entries] : by_check) {
    const std::string& check = entries.front().record->check;
    std::vector<std::string> missing;
    for (const FleetInput& in : inputs)
      if (!in.rerun && std::none_of(entries.begin(), entries.end(), [&](const Entry& e) {
            return identity(e) == in.run.context.identity();
          }))
        missing.push_back(in.run.context.identity());
    if (!missing.empty())
      report.notes.push_back(fmt::format("{}: no result from {}", check, fmt::join(missing, ", ")));
    // Workload variants, the most common first: the others are named against it.
    Groups variants;
    for (const Entry& e : entries) {
      auto it = std::find_if(variants.begin(), variants.end(),
                             [&](const auto& p) { return p.first == e.workload; });
      if (it == variants.end()) it = variants.insert(variants.end(), {e.workload, {}});
      it->second.push_back(e);
    }
    std::stable_sort(variants.begin(), variants.end(), [](const auto& a, const auto& b) {
      return a.second.size() > b.second.size();
    });
    for (std::size_t v = 1; v < variants.size(); ++v) {
      std::vector<std::string> hosts;
      for (const Entry& e : variants[v].second) hosts.push_back(identity(e));
      report.notes.push_back(
          mismatch_note(hosts, check, variants[v].first, variants.front().first));
    }
    for (const auto& [workload, members] : variants) {
      Groups classes;
      for (const Entry& e : members) {
        const std::string cls = peer_class_of(inputs[e.host].run.context.stack, settings.peer_keys);
        auto it = std::find_if(classes.begin(), classes.end(),
                               [&](const auto& p) { return p.first == cls; });
        if (it == classes.end()) it = classes.insert(classes.end(), {cls, {}});
        it->second.push_back(e);
      }
      for (auto& [cls, hosts] : classes) groups.push_back(std::move(hosts));
    }
  }
  for (const std::vector<Entry>& members : groups) {
    const int n = static_cast<int>(compared_entries(members).size());
    if (n - 1 >= kMinPeers)
      report.family_size += n * static_cast<int>(compared_figures(members, settings).size());
  }
  for (const std::vector<Entry>& members : groups)
    report.groups.push_back(judge_group(inputs, members, settings, report.family_size));
  return report;
}

}  // namespace iogate
