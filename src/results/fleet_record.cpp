#include "iogate/results/fleet_record.hpp"

#include <algorithm>

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

HostStanding standing_of(const FleetRecord& r, const std::string& host) {
  HostStanding s;
  for (const FleetGroup& g : r.groups)
    for (const HostVerdict& h : g.hosts)
      if (h.host == host) s.undecided |= h.undecided(), s.outlier |= h.outlier();
  return s;
}

}  // namespace

std::vector<std::string> FleetRecord::rerun_beside() const {
  std::vector<std::string> out;
  for (const std::string& host : hosts) {
    const HostStanding s = standing_of(*this, host);
    if (s.undecided || s.outlier) continue;
    // Beside a host that is rerun: one undecided in the group, and an outlier nowhere.
    const bool wanted = std::any_of(groups.begin(), groups.end(), [&](const FleetGroup& g) {
      return std::find(g.rerun_beside.begin(), g.rerun_beside.end(), host) !=
                 g.rerun_beside.end() &&
             std::any_of(g.hosts.begin(), g.hosts.end(), [&](const HostVerdict& h) {
               return h.undecided() && !standing_of(*this, h.host).outlier;
             });
    });
    if (wanted) out.push_back(host);
  }
  return out;
}

std::vector<std::string> FleetRecord::rerun_hosts() const {
  const std::vector<std::string> beside = rerun_beside();
  std::vector<std::string> out;
  for (const std::string& host : hosts) {
    const HostStanding s = standing_of(*this, host);
    if ((s.undecided && !s.outlier) ||
        std::find(beside.begin(), beside.end(), host) != beside.end())
      out.push_back(host);
  }
  return out;
}

}  // namespace iogate
