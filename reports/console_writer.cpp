// The table at the end of a run, in the seeds' IOMeter layout (iometer_table.hpp), then one line
// per shortfall and a count. On a TTY the verdict cell is coloured (green pass, red fail/error,
// yellow unstable/skipped); elsewhere plain text, so CI logs and files carry no escape codes.
#include <fmt/format.h>

#include "common/display_text.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"
#include "iogate/results/iometer_table.hpp"

namespace iogate {
namespace {

const char* colour_of(CheckStatus s) {
  switch (s) {
    case CheckStatus::pass:
      return "\x1b[32m";
    case CheckStatus::fail:
    case CheckStatus::error:
      return "\x1b[31m";
    case CheckStatus::unstable:
    case CheckStatus::skipped:
      return "\x1b[33m";
  }
  return "";
}

class ConsoleWriter final : public ReportWriter {
 public:
  ConsoleWriter(std::ostream& out, bool colour) : ReportWriter(out), colour_(colour) {}

  void begin(const RunContext&) override { out() << table_header() << '\n'; }

  void check(const CheckRecord& c) override {
    // Names and messages may come from files read back (iogate report): escaped, so an ESC or CR
    // in them cannot rewrite the terminal or fake a line (display_text.hpp).
    std::string line = table_row_line(table_row(printable(c.check), c.result, c.status));
    const std::string label = verdict_label(c.status);
    // The verdict is the last cell: colour just its word so the alignment is kept.
    if (const auto at = line.rfind(label); colour_ && at != std::string::npos)
      line.replace(at, label.size(), colour_of(c.status) + label + "\x1b[0m");
    out() << line << '\n';
    if (const std::string mix = block_mix_line(c.workload, c.result); !mix.empty())
      lines_.push_back(c.check + ": " + mix);
    if (const std::string sides = directions_line(c.result); !sides.empty())
      lines_.push_back(c.check + ": " + sides);
    for (const std::string& m : c.messages) lines_.push_back(label + " " + m);
    for (const std::string& m : fleet_lines(c)) lines_.push_back("FLEET " + c.check + ": " + m);
    for (const std::string& m : c.fingerprint_changes) lines_.push_back("fingerprint: " + m);
    for (const std::string& m : c.fallbacks) lines_.push_back(c.check + ": fallback: " + m);
    for (const std::string& m : confirmation_lines(c)) lines_.push_back(c.check + ": " + m);
    counts_.add(c.status);
  }

  void end() override {
    for (const std::string& l : lines_) out() << printable(l) << '\n';
    out() << status_summary(counts_) << '\n';
    out().flush();
  }

 private:
  bool colour_;
  std::vector<std::string> lines_;
  StatusCounts counts_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_console_writer(std::ostream& out, bool colour) {
  return std::make_unique<ConsoleWriter>(out, colour);
}

}  // namespace iogate
