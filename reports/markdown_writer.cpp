// A Markdown summary for CI job summaries: a status line, the IOMeter columns with the verdict, and
// each check that did not pass with its one-line verdict, baseline deltas and fingerprint changes;
// after a run on several datastores, which checks ran on each.
// Text from the records is escaped (display_text.hpp: markdown_text, markdown_code in code spans),
// so an odd check name, label or message cannot break the table or hide what follows it.
#include <fmt/format.h>

#include <map>

#include "common/display_text.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"

namespace iogate {
namespace {

// Every text a file or a user gave (names, labels, messages): escaped for a cell and for running
// text alike, so that no '|', '<!--' or control byte breaks or hides the rows after it.
std::string cell(const std::string& text) { return markdown_text(text); }

class MarkdownWriter final : public ReportWriter {
 public:
  using ReportWriter::ReportWriter;

  void begin(const RunContext& context) override { context_ = context; }
  void check(const CheckRecord& record) override { checks_.push_back(record); }

  void end() override {
    const StatusCounts n = count_statuses(checks_);
    out() << fmt::format("## iogate: {}\n\n", cell(context_.suite.empty() ? "run" : context_.suite))
          << fmt::format("**{}** — host `{}`, datastore `{}`, {}\n\n", status_summary(n),
                         markdown_code(context_.host_shown()), markdown_code(context_.datastore),
                         cell(context_.started_at))
          << "| Test Name | Total I/O/sec | Total MB/sec | Avg IO Resp ms | Max IO Resp ms "
             "| % CPU | Verdict |\n"
          << "| :-- | --: | --: | --: | --: | --: | :-- |\n";
    for (const CheckRecord& c : checks_) {
      const RunResult& r = c.result;
      out() << fmt::format("| {} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {:.2f} | {} |\n",
                           cell(c.check), r.iops(), r.mbps(), r.lat_avg_ms(), r.lat_max_ms(),
                           r.cpu_system_pct, verdict_label(c.status));
    }
    datastores();
    block_mixes();
    directions();
    bool heading = false;
    for (const CheckRecord& c : checks_) {
      const std::vector<std::string> fleet = fleet_lines(c);
      const std::vector<std::string> confirmed = confirmation_lines(c);
      if (c.status == CheckStatus::pass && c.fingerprint_changes.empty() && fleet.empty() &&
          confirmed.empty())
        continue;
      if (!heading) out() << "\n### Details\n\n";
      heading = true;
      out() << fmt::format("- **{}** ({}): {}\n", cell(c.check), verdict_label(c.status),
                           cell(one_line_verdict(c)));
      for (const std::string& line : baseline_lines(c)) out() << "  - " << cell(line) << '\n';
      for (const std::string& line : fleet) out() << "  - " << cell(line) << '\n';
      for (const std::string& line : c.fingerprint_changes)
        out() << "  - fingerprint: " << cell(line) << '\n';
      for (const std::string& line : confirmed) out() << "  - " << cell(line) << '\n';
    }
    out().flush();
  }

 private:
  // Which checks ran where, when they ran on several datastores.
  void datastores() {
    std::map<std::string, std::string> on;
    for (const CheckRecord& c : checks_)
      if (!c.datastore.empty()) on[c.datastore] += (on[c.datastore].empty() ? "" : ", ") + c.check;
    if (on.empty()) return;
    out() << "\n### Datastores\n\n";
    for (const auto& [datastore, checks] : on)
      out() << fmt::format("- `{}`: {}\n", markdown_code(datastore), cell(checks));
  }

  // The measured shares of each check with a block-size mix, beside the asked ones.
  void block_mixes() {
    bool heading = false;
    for (const CheckRecord& c : checks_) {
      const std::string line = block_mix_line(c.workload, c.result);
      if (line.empty()) continue;
      if (!heading) out() << "\n### Block-size mixes\n\n";
      heading = true;
      out() << fmt::format("- **{}**: {}\n", cell(c.check), cell(line));
    }
  }

  // Each mixed check's read and write figures apart (the table's are of all its I/Os).
  void directions() {
    bool heading = false;
    for (const CheckRecord& c : checks_) {
      const std::string line = directions_line(c.result);
      if (line.empty()) continue;
      if (!heading) out() << "\n### Reads and writes\n\n";
      heading = true;
      out() << fmt::format("- **{}**: {}\n", cell(c.check), cell(line));
    }
  }

  RunContext context_;
  std::vector<CheckRecord> checks_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_markdown_writer(std::ostream& out) {
  return std::make_unique<MarkdownWriter>(out);
}

}  // namespace iogate
