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

std::vector<std::string> FleetRecord::rerun_hosts() const {
  std::vector<std::string> out;
  for (const std::string& host : hosts) {
    bool undecided = false, outlier = false;
    for (const FleetGroup& g : groups)
      for (const HostVerdict& h : g.hosts)
        if (h.host == host) undecided |= h.undecided(), outlier |= h.outlier();
    if (undecided && !outlier) out.push_back(host);
  }
  return out;
}

}  // namespace iogate
