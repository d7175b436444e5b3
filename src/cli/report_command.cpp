// iogate report: turns saved results into reports. Reads iogate results documents (RESULTS.json)
// and per-check documents, or a ctest run's report directory (--from-dir), merges them into one
// run, prints the table and writes each format asked for. --clear-dir removes a directory's
// per-check documents (only those) before a new run. --history DIR... writes one page of many
// runs' results on one datastore (results/history.hpp), whole or not at all.
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <system_error>

#include "commands.hpp"
#include "common/display_text.hpp"
#include "common/terminal.hpp"
#include "iogate/reports/report_files.hpp"
#include "iogate/reports/report_formats.hpp"
#include "results/check_results_cleanup.hpp"
#include "results/history.hpp"
#include "results/result_reader.hpp"

namespace iogate::cli {
namespace {

std::vector<std::filesystem::path> paths_of(const std::vector<std::string>& names) {
  return {names.begin(), names.end()};
}

struct ReportFlags {
  std::vector<std::string> inputs;
  std::string from_dir;
  std::string clear_dir;
  std::vector<std::string> history;
  ReportFiles files;
  bool force = false;  // replace report files that exist
  IfExists if_exists() const { return force ? IfExists::replace : IfExists::refuse; }
};

// Everything is read and checked before the page is written, and the page is written beside its
// target and renamed over it: bad input leaves no file, a failed write no half of one.
int run_history(const ReportFlags& flags) {
  const ReportFiles& f = flags.files;
  if (!flags.inputs.empty() || !flags.from_dir.empty() || !flags.clear_dir.empty() ||
      f.chosen().size() != (f.html.empty() ? 0u : 1u)) {
    std::cerr << "iogate report: --history takes only result directories and --html FILE\n";
    return kExitBadInput;
  }
  if (f.html.empty()) {
    std::cerr << "iogate report: --history needs --html FILE, the page to write\n";
    return kExitBadInput;
  }
  try {
    require_distinct_paths({f.html}, paths_of(flags.history));
    check_output_allowed(f.html, flags.if_exists());
    load_chart_js();  // a bad IOGATE_CHART_JS is bad input, said before anything is written
  } catch (const std::exception& e) {
    std::cerr << "iogate report: " << e.what() << "; nothing written\n";
    return kExitBadInput;
  }
  History history;
  try {
    history = read_history(
        std::vector<std::filesystem::path>(flags.history.begin(), flags.history.end()));
  } catch (const std::exception& e) {
    std::cerr << "iogate report: --history: " << e.what() << '\n';
    return kExitBadInput;
  }
  try {
    const std::string chart_js = load_chart_js();
    write_output(
        f.html, [&](std::ostream& out) { write_history_html(out, history, chart_js); },
        flags.if_exists());
  } catch (const std::exception& e) {
    std::cerr << "iogate report: " << e.what() << '\n';
    return kExitCheckFailed;
  }
  std::ostream& console = console_for(f).out;
  console << "iogate report: history of " << history.runs.size() << " runs, "
          << history.series.size() << " figures, in " << f.html << '\n';
  for (const HistorySeries& s : history.series) {
    if (s.workload_changed_at)
      console << "  workload: " << workload_change_line(history, s) << '\n';
    if (s.changed_at) console << "  changed: " << change_line(history, s) << '\n';
  }
  for (const std::string& n : history.notes) console << "  note: " << n << '\n';
  return kExitOk;
}

int run(const ReportFlags& flags) {
  if (!flags.history.empty()) return run_history(flags);
  if (!flags.clear_dir.empty()) {
    int removed = 0;
    try {
      removed = clear_check_results(flags.clear_dir);
    } catch (const std::exception& e) {
      std::cerr << "iogate report: --clear-dir: " << e.what() << '\n';
      return kExitBadInput;
    }
    std::cout << "iogate report: removed " << removed << " check results from " << flags.clear_dir
              << '\n';
    if (flags.inputs.empty() && flags.from_dir.empty()) return kExitOk;
  }
  if (flags.inputs.empty() && flags.from_dir.empty()) {
    std::cerr << "iogate report: give results files or --from-dir DIR\n";
    return kExitBadInput;
  }
  RunRecord report;
  try {
    if (!flags.from_dir.empty()) report = read_report_dir(flags.from_dir);
    for (const std::string& path : flags.inputs) {
      std::error_code ec;
      if (std::filesystem::is_directory(path, ec))
        throw std::runtime_error(path +
                                 ": is a directory, expected iogate results (JSON); give "
                                 "--from-dir " +
                                 path + " for a directory of per-check results");
      RunRecord one = read_results(path);
      if (report.checks.empty()) report.context = one.context;
      for (CheckRecord& c : one.checks) report.checks.push_back(std::move(c));
    }
  } catch (const std::exception& e) {
    std::cerr << "iogate report: " << e.what() << '\n';
    return kExitBadInput;
  }
  if (report.checks.empty()) {
    std::cerr << "iogate report: no check results in " << printable(flags.from_dir) << '\n';
    return kExitBadInput;
  }
  try {  // a file in the way, or an unsafe directory, is bad input: found before any output
    flags.files.require_one_on_standard_output();
    require_distinct_paths(paths_of(flags.files.chosen()), paths_of(flags.inputs));
    for (const std::string& f : flags.files.chosen()) check_output_allowed(f, flags.if_exists());
    if (!flags.files.html.empty()) load_chart_js();  // a bad IOGATE_CHART_JS, said now
  } catch (const std::exception& e) {
    std::cerr << "iogate report: " << e.what() << "; nothing written\n";
    return kExitBadInput;
  }
  const Console console = console_for(flags.files);
  write_report(*make_console_writer(console.out, console.tty), report);
  try {
    write_report_files(report, flags.files, flags.if_exists());
  } catch (const std::exception& e) {
    std::cerr << "iogate report: " << e.what() << '\n';
    return kExitCheckFailed;
  }
  return kExitOk;
}

}  // namespace

Console console_for(const ReportFiles& reports) {
  if (reports.to_standard_output())
    return {std::cerr, detail::is_terminal(detail::StandardStream::error)};
  return {std::cout, detail::is_terminal(detail::StandardStream::output)};
}

void add_report_flags(CLI::App& sub, ReportFiles& files) {
  for (const ReportFormat& format : report_formats())
    sub.add_option(format.flag, files.*format.path, format.help);
}

void add_report_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<ReportFlags>();
  CLI::App* sub = app.add_subcommand("report", "Write reports from saved JSON results");
  sub->add_option("results", flags->inputs, "iogate results or check documents (JSON)");
  sub->add_option("--from-dir", flags->from_dir,
                  "Merge the per-check results of a ctest run in this directory");
  sub->add_option("--clear-dir", flags->clear_dir,
                  "Remove the per-check results in this directory (before a new run)");
  sub->add_option("--history", flags->history,
                  "Write one HTML page (--html) of these result directories: many runs on one "
                  "datastore, each check's figures over time, the run where one changed marked")
      ->expected(1, -1);
  add_report_flags(*sub, flags->files);
  sub->add_flag("--force", flags->force, "Replace report files that exist");
  sub->callback([flags, &exit_code] { exit_code = run(*flags); });
}

}  // namespace iogate::cli
