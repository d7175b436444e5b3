// iogate check FILE: runs a threshold file without ctest. Exit 0 all passed, 1 a check failed or
// errored or a report could not be written (said once on stderr; no check's verdict changes),
// 2 the file, a flag or the named baseline is bad, a check cannot be rescaled as --file-size,
// --size or --duration ask (thresholds/check_scale.hpp), or the preflight refuses the
// datastore or a check (runner/preflight.hpp): nothing is run or written then.
//
// SIGINT/SIGTERM stop it gracefully (datastore/graceful_stop.hpp): the check in progress
// is recorded as an error saying how far it got, every check after it as an error "not run:
// interrupted by SIGTERM" (not as skipped: a skip reads as "fine, on purpose" on a dashboard, and
// an interrupted gate has not judged the storage), the report files are written whole, and then
// the process dies of the signal, as a shell or CI expects.

#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "check_filter.hpp"
#include "commands.hpp"
#include "common/display_text.hpp"
#include "common/interrupt.hpp"
#include "common/write_probe.hpp"
#include "datastore/graceful_stop.hpp"
#include "datastore_flags.hpp"
#include "host_label_flag.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"
#include "iogate/results/iometer_table.hpp"
#include "iogate/runner/check_runner.hpp"
#include "runner/outcome_records.hpp"
#include "thresholds/check_scale.hpp"

namespace iogate::cli {
namespace {

struct CheckFlags {
  std::string file;
  DatastoreFlags datastore;
  std::optional<std::string> host_label;
  std::string json_dir;
  ReportFiles reports;  // --junit, --json, --gbench-json, --markdown, --html, --prom, --iometer-csv
  std::optional<std::string> baseline;
  bool strict_baseline = false;
  int repeat = 0;                     // 0: each check's own
  int repeat_max = 0;                 // 0: each check's own
  bool own_layouts = false;           // --own-layouts: every check lays out its own test file
  std::optional<std::string> filter;  // --filter: GoogleTest's syntax (check_filter.hpp)
  // --file-size, --size, --duration: every check at that scale (check_scale.hpp), as given.
  std::optional<std::string> file_size;
  std::optional<std::string> size;
  std::optional<std::string> duration;
};

// The checks --filter selects, in the file's order; all of them without one. Nothing, after the
// reason went to stderr, when the filter is malformed or selects no check: a filter that matches
// nothing is a typo, not a run of zero checks that passes.
std::optional<std::vector<Check>> selected_checks(const ThresholdFile& file,
                                                  const std::optional<std::string>& filter) {
  if (!filter) return file.checks;
  try {
    const CheckFilter chosen(*filter);
    std::vector<Check> selected;
    for (const Check& check : file.checks)
      if (chosen.selects(file.suite, check.name)) selected.push_back(check);
    if (!selected.empty()) return selected;
    std::string names;
    for (const Check& check : file.checks) names += (names.empty() ? "" : ", ") + check.name;
    std::cerr << "iogate check: --filter " << quoted_excerpt(*filter) << " selects no check of "
              << file.suite << " (its checks: " << names << ")\n";
  } catch (const std::invalid_argument& e) {
    std::cerr << "iogate check: " << e.what() << '\n';
  }
  return std::nullopt;
}

// The --filter that also leaves out `names`: what a refusal suggests.
std::string filter_without(const std::optional<std::string>& filter,
                           const std::vector<std::string>& names) {
  std::string out = filter.value_or("");
  for (const std::string& name : names)
    out += (out.find('-') == std::string::npos ? "-" : ":") + name;
  return out;
}

// The checks at the scale the flags give, each rescaled once here, before anything runs: the
// layouts, the runs and every record and report see only the rescaled checks. False, after every
// refused check was named on stderr, when a check cannot be rescaled: none runs then.
bool rescale(std::vector<Check>& checks, const ScaleOverride& scale, const CheckFlags& flags) {
  if (scale.empty()) return true;
  std::vector<std::string> refused;
  for (Check& check : checks) {
    try {
      check = rescale_check(check, scale);
    } catch (const ScaleRefused& e) {
      std::cerr << "iogate check: " << e.what() << '\n';
      refused.push_back(check.name);
    }
  }
  if (refused.empty()) return true;
  const bool one = refused.size() == 1;
  std::cerr << "iogate check: nothing was run; run " << (one ? "that check" : "those checks")
            << " at the file's scale";
  // Leaving them out is a way only when another check is left to run.
  if (refused.size() < checks.size())
    std::cerr << ", or leave " << (one ? "it" : "them") << " out: --filter '"
              << printable(filter_without(flags.filter, refused)) << "'";
  std::cerr << '\n';
  return false;
}

// Outputs that cannot be written are found before any check runs, not after all of them. What
// fails later (a disk filling up, a name taken by a directory) is reported then, once, on stderr.
// Every output apart from every other and from the files read (the threshold file, the
// baseline): a run must not replace its own input or lose one of its reports.
bool outputs_writable(const CheckFlags& flags, const std::filesystem::path& baseline) {
  try {
    flags.reports.require_one_on_standard_output();
    const std::vector<std::string> reports = flags.reports.chosen();
    std::vector<std::filesystem::path> outputs(reports.begin(), reports.end());
    outputs.emplace_back(flags.json_dir);
    require_distinct_paths(outputs, {flags.file, baseline});
    if (!flags.json_dir.empty()) probe_writable_dir(flags.json_dir);
    for (const std::string& f : flags.reports.chosen()) probe_writable_file(f);
    if (!flags.reports.html.empty()) load_chart_js();  // a bad IOGATE_CHART_JS, said now
    return true;
  } catch (const std::exception& e) {
    std::cerr << "iogate check: report cannot be written: " << e.what() << '\n';
    return false;
  }
}

// A check's part of the table: its row, then its lines indented under it (layout, evidence,
// confirmation, the figures of a mix).
std::string table_block(const FinishedCheck& done) {
  const CheckRecord& record = done.record;
  std::string block = table_row_line(done.row()) + "\n";
  const auto under = [&block](const std::string& line) {
    if (!line.empty()) block += "  " + line + "\n";
  };
  under(layout_line(record));
  for (const std::string& line : record.fallbacks) under("fallback: " + line);
  for (const std::string& line : evidence_lines(record)) under(line);
  for (const std::string& line : baseline_change_lines(record)) under(line);
  for (const std::string& line : confirmation_lines(record)) under(line);
  under(steady_state_line(record.workload, record.result));
  under(block_mix_line(record.workload, record.result));
  under(priority_line(record.workload, record.result));
  under(directions_line(record.result));
  if (record.status == CheckStatus::skipped)
    for (const std::string& line : record.messages) block += "SKIP " + line + "\n";
  return block;
}

// Where the table goes while the checks run. On a terminal each row as its check ends: the
// progress line and a pause's note are redrawn in place and cleared, so the table stays whole.
// In a log they are lines of their own (a run's progress every few seconds; a confirmation's
// pause, which may last as long as the run, so the log shows why it is quiet), which would cut
// the table between its rows: there each check ends with one line saying its verdict, and the
// table is printed whole when the last check has run.
class LiveTable {
 public:
  explicit LiveTable(const Console& where) : where_(where) {
    if (where_.tty) where_.out << table_header() << std::endl;
  }
  void add(const FinishedCheck& done) {
    if (where_.tty) {
      where_.out << table_block(done) << std::flush;
      return;
    }
    where_.out << done.record.check << ": " << verdict_label(done.record.status) << std::endl;
    held_ += table_block(done);
  }
  void finish() {
    if (!where_.tty) where_.out << table_header() << '\n' << held_ << std::flush;
  }

 private:
  const Console& where_;
  std::string held_;
};

int run(const CheckFlags& flags) {
  const Console where = console_for(flags.reports);
  std::ostream& console = where.out;
  ScaleOverride scale;
  try {
    scale = read_scale_override(flags.file_size, flags.size, flags.duration);
  } catch (const std::invalid_argument& e) {
    std::cerr << "iogate check: " << e.what() << '\n';
    return kExitBadInput;
  }
  const std::optional<ThresholdFile> loaded = load_or_report(flags.file);
  if (!loaded) return kExitBadInput;
  const ThresholdFile& file = *loaded;
  std::optional<std::vector<Check>> checks = selected_checks(file, flags.filter);
  if (!checks || !rescale(*checks, scale, flags)) return kExitBadInput;
  const std::optional<DatastoreChoice> choice = choose_datastore("check", flags.datastore, &file);
  if (!choice) return kExitBadInput;
  const std::optional<std::string> host_label = choose_host_label("check", flags.host_label);
  if (!host_label) return kExitBadInput;
  RunnerSettings settings;
  settings.suite = file.suite;
  settings.datastore = *choice;
  settings.repeat = flags.repeat;
  settings.repeat_max = flags.repeat_max;
  settings.json_dir = flags.json_dir;
  settings.host_label = flags.host_label;  // resolved again by the runner, the same way
  settings.progress = &console;
  settings.progress_tty = where.tty;
  settings.share_layouts = !flags.own_layouts;
  std::filesystem::path baseline;
  try {
    baseline = resolve_baseline(flags.baseline, "");
    settings.baseline = load_named_baseline(baseline);
    settings.strict_baseline = resolve_strict_baseline(flags.strict_baseline);
  } catch (const std::exception& e) {
    std::cerr << "iogate: " << e.what() << '\n';
    return kExitBadInput;
  }
  CheckRunner runner(std::move(settings));
  // What cannot run here is refused before any file is laid out, not as a check's error.
  if (!preflight_passes("check", [&] { runner.preflight(*checks); })) return kExitBadInput;
  if (!outputs_writable(flags, baseline)) return kExitBadInput;
  console << "iogate check " << flags.file << " on " << choice->dir.string() << std::endl;
  if (!scale.empty())
    console << "rescaled: every check with " << scale_text(scale)
            << " (the records hold the workloads run)" << std::endl;
  LiveTable table(where);
  enable_graceful_stop();
  runner.plan(*checks);
  RunRecord report;
  report.context = describe_run(file.suite, choice->dir, *host_label);
  // A report that cannot be written is not a check: it changes no check's verdict or count, it
  // is one message on stderr and a non-zero exit.
  std::vector<std::string> failures;
  std::vector<std::string> unwritten;
  bool context_of_a_run = false;  // the report's context: the first check that ran, with its stack
  for (const Check& check : *checks) {
    FinishedCheck done = runner.run(check, &file);
    table.add(done);
    if (done.record.status != CheckStatus::skipped) {
      failures.insert(failures.end(), done.record.messages.begin(), done.record.messages.end());
    }
    unwritten.insert(unwritten.end(), done.unwritten.begin(), done.unwritten.end());
    if (done.outcome && !context_of_a_run) {
      report.context = done.context;
      context_of_a_run = true;
    }
    report.checks.push_back(std::move(done.record));
  }
  runner.release_layouts();
  table.finish();
  if (const int sig = stop_requested(); sig != 0)
    std::cerr << "iogate check: interrupted by " << signal_name(sig)
              << "; writing the reports, then exiting with the signal\n";
  try {
    write_report_files(report, flags.reports);
  } catch (const std::exception& e) {
    unwritten.push_back(std::string("report not written: ") + e.what());
  }
  for (const std::string& line : failures) console << "FAIL " << line << '\n';
  const StatusCounts counts = count_statuses(report.checks);
  console << status_summary(counts) << '\n';
  for (const std::string& line : unwritten) std::cerr << "iogate check: " << line << '\n';
  return failures.empty() && unwritten.empty() ? kExitOk : kExitCheckFailed;
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<CheckFlags>();
  CLI::App* sub = app.add_subcommand("check", "Run a threshold file's checks without ctest");
  sub->add_option("file", flags->file, "Threshold file")->required();
  add_datastore_flags(*sub, flags->datastore);
  add_host_label_flag(*sub, flags->host_label);
  sub->add_option("--json-dir", flags->json_dir, "Write each check's result as JSON here");
  add_report_flags(*sub, flags->reports);
  sub->add_option("--baseline", flags->baseline,
                  "Baseline for \"N% of baseline\" bounds (else $IOGATE_BASELINE)");
  sub->add_flag("--strict-baseline", flags->strict_baseline,
                "Refuse a baseline recorded on another host, datastore or filesystem before "
                "anything runs, exit 2 (else $IOGATE_STRICT_BASELINE=1); without it the "
                "difference is named on the check");
  sub->add_option("--repeat", flags->repeat,
                  "The fewest runs per check (default: each check's repeat)")
      ->check(CLI::Range(1, kMaxRepeat));
  sub->add_option("--repeat-max", flags->repeat_max,
                  "The most runs per check while undecided (default: each check's repeat_max)")
      ->check(CLI::Range(1, kMaxRepeat));
  sub->add_option("--filter", flags->filter,
                  "Run only the checks matching this GoogleTest-style filter: patterns separated "
                  "by ':', then '-' and patterns to leave out; '*' and '?' as wildcards; a check "
                  "matches by its name or by <suite>.<check> (\"seq_*:rand_*-*_1m\")");
  // Each flag is the threshold key it overrides (check_scale.hpp).
  sub->add_option(scale_flag(WorkloadField::file_size), flags->file_size,
                  "Run every check on a test file of this size, like 64MiB, instead of its "
                  "file_size; refused for a check with an \"N% of baseline\" bound");
  sub->add_option(scale_flag(WorkloadField::io_size), flags->size,
                  "Run every check by size, moving this much, like 1GiB, instead of its size or "
                  "duration; refused for a check tied to its own amount (a duration_max or \"N% "
                  "of baseline\" bound, kind = integrity)");
  sub->add_option(scale_flag(WorkloadField::duration), flags->duration,
                  "Run every check by time, this long, like 10s, instead of its size or duration "
                  "(with --file-size for a check whose file_size was its size); refused as --size "
                  "is");
  sub->add_flag("--own-layouts", flags->own_layouts,
                "Lay out a test file for every check, instead of sharing one between the checks "
                "whose files have the same size and layout writes");
  sub->callback([flags, &exit_code] {
    exit_code = run(*flags);
    finish_graceful_stop();  // after a SIGINT/SIGTERM: everything is written, die of the signal
  });
}

}  // namespace iogate::cli
