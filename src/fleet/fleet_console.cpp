#include <fmt/format.h>
#include <fmt/ranges.h>

#include "iogate/fleet/fleet_writers.hpp"

namespace iogate {

void write_fleet_console(std::ostream& out, const FleetReport& report) {
  out << fmt::format("iogate fleet: {} hosts, {} groups (peer keys: {})\n", report.hosts.size(),
                     report.groups.size(), fmt::join(report.settings.peer_keys, ", "));
  for (const FleetGroup& g : report.groups) {
    int compared = 0;
    for (const HostVerdict& h : g.hosts) compared += h.not_compared.empty() ? 1 : 0;
    out << fmt::format("{} {}: {} of {} hosts compared, {} outliers [{}]\n", g.suite, g.check,
                       compared, g.hosts.size(), g.outliers(), g.peer_class);
    for (const HostVerdict& h : g.hosts) {
      if (h.outlier()) out << "  OUTLIER " << h.explanation << '\n';
      if (!h.not_compared.empty())
        out << "  not compared: " << h.host << ": " << h.not_compared << '\n';
    }
    if (!g.limit.empty()) out << "  note: " << g.limit << '\n';
  }
  for (const std::string& note : report.notes) out << "note: " << note << '\n';
  out << report.outliers() << " outliers (" << outlier_criteria(report.settings.criteria) << ")\n";
}

}  // namespace iogate
