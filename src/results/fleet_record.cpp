#include "fleet_record.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace iogate {

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

const FleetFigureDef* fleet_figure(const std::string& key) {
  for (const FleetFigureDef& d : kFleetFigures)
    if (key == d.key) return &d;
  return nullptr;
}

const FigureVerdict* HostVerdict::deciding_figure() const {
  for (const FigureVerdict& f : figures)
    if (f.shortfall.verdict == verdict) return &f;
  return nullptr;
}

int FleetGroup::outliers() const {
  return static_cast<int>(
      std::count_if(hosts.begin(), hosts.end(), [](const HostVerdict& h) { return h.outlier(); }));
}

int FleetGroup::undecided() const {
  return static_cast<int>(std::count_if(hosts.begin(), hosts.end(),
                                        [](const HostVerdict& h) { return h.undecided(); }));
}

int FleetRecord::outliers() const {
  int n = 0;
  for (const FleetGroup& g : groups) n += g.outliers();
  return n;
}

int FleetRecord::undecided() const {
  int n = 0;
  for (const FleetGroup& g : groups) n += g.undecided();
  return n;
}

namespace {

// Where a host stands across the groups: undecided somewhere, an outlier somewhere.
struct HostStanding {
  bool undecided = false, outlier = false;
};

// Every host's standing, from one pass over the groups (a host's, group by group, made the
// hosts to rerun cost the square of the fleet's hosts).
std::unordered_map<std::string, HostStanding> standings(const FleetRecord& r) {
  std::unordered_map<std::string, HostStanding> out;
  for (const FleetGroup& g : r.groups)
    for (const HostVerdict& h : g.hosts) {
      HostStanding& s = out[h.host];
      s.undecided |= h.undecided(), s.outlier |= h.outlier();
    }
  return out;
}

HostStanding standing_of(const std::unordered_map<std::string, HostStanding>& all,
                         const std::string& host) {
  const auto it = all.find(host);
  return it == all.end() ? HostStanding{} : it->second;
}

// The hosts rerun only as the reference of others (FleetRecord::rerun_beside), from `all`.
std::vector<std::string> beside_of(const FleetRecord& r,
                                   const std::unordered_map<std::string, HostStanding>& all) {
  // Beside a host that is rerun: one undecided in the group, and an outlier nowhere.
  std::unordered_set<std::string> wanted;
  for (const FleetGroup& g : r.groups)
    if (std::any_of(g.hosts.begin(), g.hosts.end(), [&](const HostVerdict& h) {
          return h.undecided() && !standing_of(all, h.host).outlier;
        }))
      wanted.insert(g.rerun_beside.begin(), g.rerun_beside.end());
  std::vector<std::string> out;
  for (const std::string& host : r.hosts) {
    const HostStanding s = standing_of(all, host);
    if (!s.undecided && !s.outlier && wanted.contains(host)) out.push_back(host);
  }
  return out;
}

}  // namespace

std::vector<std::string> FleetRecord::rerun_beside() const {
  return beside_of(*this, standings(*this));
}

std::vector<std::string> FleetRecord::rerun_hosts() const {
  const auto all = standings(*this);
  const std::vector<std::string> beside_list = beside_of(*this, all);
  const std::unordered_set<std::string> beside(beside_list.begin(), beside_list.end());
  std::vector<std::string> out;
  for (const std::string& host : hosts) {
    const HostStanding s = standing_of(all, host);
    if ((s.undecided && !s.outlier) || beside.contains(host)) out.push_back(host);
  }
  return out;
}

}  // namespace iogate
