// The fleet's console format (fleet_formats.hpp): what `iogate fleet` prints.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/display_text.hpp"
#include "fleet_formats.hpp"

namespace iogate {
namespace {

void write_fleet_console(std::ostream& out, const FleetRecord& report) {
  // Each line escaped whole (display_text.hpp): labels, check names and notes come from the
  // hosts' files, and an ESC or CR there must not rewrite the terminal or fake a line.
  const auto line = [&out](const std::string& text) { out << printable(text) << '\n'; };
  line(fmt::format("iogate fleet: {} hosts, {} groups (peer keys: {})", report.hosts.size(),
                   report.groups.size(), fmt::join(report.settings.peer_keys, ", ")));
  for (const FleetGroup& g : report.groups) {
    int compared = 0;
    for (const HostVerdict& h : g.hosts) compared += h.not_compared.empty() ? 1 : 0;
    line(fmt::format("{} {}: {} of {} hosts compared, {} outliers, {} undecided [{}]", g.suite,
                     g.check, compared, g.hosts.size(), g.outliers(), g.undecided(), g.peer_class));
    for (const HostVerdict& h : g.hosts) {
      if (h.outlier()) line("  OUTLIER " + h.explanation);
      if (h.undecided()) line("  UNDECIDED " + h.explanation);
      if (!h.not_compared.empty()) line("  not compared: " + h.host + ": " + h.not_compared);
      for (const FigureVerdict& f : h.figures)
        if (!f.note.empty()) line("  note: " + h.host + ": " + f.note);
    }
    if (!g.limit.empty()) line("  note: " + g.limit);
  }
  for (const std::string& note : report.notes) line("note: " + note);
  line(fmt::format("{} outliers, {} undecided ({}; {} figures judged)", report.outliers(),
                   report.undecided(), outlier_criteria(report), report.family_size));
  if (const std::string rerun = rerun_line(report); !rerun.empty()) line(rerun);
}

class FleetConsoleWriter final : public FleetWriter {
 public:
  using FleetWriter::FleetWriter;
  void write(const FleetRecord& record) override { write_fleet_console(out(), record); }
};

}  // namespace

std::unique_ptr<FleetWriter> make_fleet_console_writer(std::ostream& out) {
  return std::make_unique<FleetConsoleWriter>(out);
}

}  // namespace iogate
