// fleet.md (fleet_formats.hpp): per group, a table of host x figure, for a CI job's summary.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>

#include "common/display_text.hpp"
#include "fleet_formats.hpp"

namespace iogate {
namespace {

// Every text from the hosts' files (labels, check names, notes): no '|', '<!--' or control byte
// may break a row or hide the rows after it (display_text.hpp).
std::string cell(const std::string& s) { return markdown_text(s); }

void write_fleet_markdown(std::ostream& out, const FleetRecord& report) {
  out << fmt::format("## iogate fleet: {} hosts, {} outliers, {} undecided\n\n",
                     report.hosts.size(), report.outliers(), report.undecided())
      << fmt::format(
             "Each figure is the host's geometric mean over its runs, with its ratio to the "
             "median of its peers (the other hosts with the same {}) and that ratio's interval. "
             "**OUTLIER**: {}.\n\n",
             cell(fmt::format("{}", fmt::join(report.settings.peer_keys, ", "))),
             outlier_criteria(report));
  if (const std::string rerun = rerun_line(report); !rerun.empty())
    out << "**" << cell(rerun) << "**\n\n";
  for (const FleetGroup& g : report.groups) {
    out << fmt::format("### {} {}\n\n", cell(g.suite), cell(g.check))
        << fmt::format("Peers: {}\n\n", cell(g.peer_class));
    out << "| Host |";
    const std::vector<std::string>& figures = g.figures;
    for (const std::string& key : figures) out << ' ' << fleet_figure(key)->shown << " |";
    out << " Verdict |\n| :-- |";
    for (std::size_t i = 0; i < figures.size(); ++i) out << " --: |";
    out << " :-- |\n";
    for (const HostVerdict& h : g.hosts) {
      out << "| " << cell(h.host) << " |";
      if (!h.not_compared.empty()) {
        for (std::size_t i = 0; i < figures.size(); ++i) out << " |";
        out << " not compared: " << cell(h.not_compared) << " |\n";
        continue;
      }
      std::string notes;  // a figure ok although beyond its threshold says why, beside "ok"
      for (const FigureVerdict& f : h.figures) {
        const std::string text = figure_cell(f);
        out << ' ' << (f.comparison.outlier ? "**" + text + "**" : text) << " |";
        if (!f.note.empty()) notes += "; " + cell(f.note);
      }
      out << ' '
          << (h.outlier()     ? "**OUTLIER**: " + cell(h.explanation)
              : h.undecided() ? "UNDECIDED: " + cell(h.explanation)
                              : std::string("ok"))
          << notes << " |\n";
    }
    out << '\n';
    if (!g.limit.empty()) out << "_" << cell(g.limit) << "_\n\n";
  }
  for (const std::string& note : report.notes) out << "- " << cell(note) << '\n';
  if (!report.notes.empty()) out << '\n';
}

class FleetMarkdownWriter final : public FleetWriter {
 public:
  using FleetWriter::FleetWriter;
  void write(const FleetRecord& record) override { write_fleet_markdown(out(), record); }
};

}  // namespace

std::unique_ptr<FleetWriter> make_fleet_markdown_writer(std::ostream& out) {
  return std::make_unique<FleetMarkdownWriter>(out);
}

}  // namespace iogate
