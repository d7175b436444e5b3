// iogate check FILE: runs a threshold file without ctest. Exit 0 all passed, 1 a check failed or
// errored or a report could not be written (said once on stderr; no check's verdict changes),
// 2 the file or the named baseline is bad (nothing is run or written then).
//
// SIGINT/SIGTERM stop it gracefully (iogate/datastore/graceful_stop.hpp): the check in progress
// is recorded as an error saying how far it got, every check after it as an error "not run:
// interrupted by SIGTERM" (not as skipped: a skip reads as "fine, on purpose" on a dashboard, and
// an interrupted gate has not judged the storage), the report files are written whole, and then
// the process dies of the signal, as a shell or CI expects.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "datastore_flags.hpp"
#include "iogate/datastore/graceful_stop.hpp"
#include "iogate/interrupt.hpp"
#include "iogate/reports/figures.hpp"
#include "iogate/reports/iometer_table.hpp"
#include "iogate/reports/progress_meter.hpp"
#include "iogate/reports/result_json.hpp"
#include "iogate/runner/check_session.hpp"
#include "iogate/write_probe.hpp"

namespace iogate::cli {
namespace {

struct CheckFlags {
  std::string file;
  DatastoreFlags datastore;
  std::string json_dir;
  ReportFiles reports;  // --junit, --json, --gbench-json, --markdown, --html
  std::optional<std::string> baseline;
  int repeat = 0;      // 0: each check's own
  int repeat_max = 0;  // 0: each check's own
};

// What went wrong around the checks rather than in them: the failure lines of the checks (each
// also in its record) and the report files that could not be written. A report that cannot be
// written is not a check: it changes no check's verdict or count, it is one message on stderr
// and a non-zero exit.
struct Problems {
  std::vector<std::string> failures;
  std::vector<std::string> unwritten;
};

// The check's own JSON document in --json-dir; a failure to write it goes to `unwritten`.
void write_check_json(const std::string& json_dir, const CheckRecord& record,
                      const RunContext& context, Problems& problems) {
  if (json_dir.empty()) return;
  const std::filesystem::path path = std::filesystem::path(json_dir) / (record.check + ".json");
  try {
    write_json_file(path, check_to_json(record, context));
  } catch (const std::exception& e) {
    problems.unwritten.push_back(record.check + ": result not written to " + path.string() + ": " +
                                 e.what());
  }
}

// Records a check that produced no result (`message` says why) as an error.
void record_error(const ThresholdFile& file, const Check& check,
                  const std::filesystem::path& datastore, const std::string& json_dir,
                  const std::string& message, Problems& problems, RunReport& report) {
  problems.failures.push_back(message);
  CheckRecord record;
  record.suite = file.suite;
  record.check = check.name;
  record.description = check.description;
  record.status = CheckStatus::error;
  record.messages.push_back(message);
  record.workload = check.workload;
  report.checks.push_back(record);
  write_check_json(json_dir, record, describe_run(file.suite, datastore), problems);
}

// The datastore directory a run started on. After a lazy unmount (or a rename) its path names
// another directory, maybe on another device; a check there would measure the wrong storage.
class DatastoreIdentity {
 public:
  // Unpinned when `datastore` cannot be stat'ed (the first check then reports why).
  void pin(const std::filesystem::path& datastore) {
    struct stat st {};
    if (!pinned_ && ::stat(datastore.c_str(), &st) == 0) {
      dev_ = st.st_dev;
      ino_ = st.st_ino;
      pinned_ = true;
    }
  }
  // Why a check must not run there any more; empty when the path still names that directory.
  std::string problem(const std::filesystem::path& datastore) const {
    struct stat st {};
    if (!pinned_) return "";
    if (::stat(datastore.c_str(), &st) != 0)
      return "cannot stat " + datastore.string() + ": " + std::strerror(errno);
    if (st.st_dev != dev_ || st.st_ino != ino_)
      return datastore.string() +
             " is no longer the directory this run started on (unmounted or replaced)";
    return "";
  }

 private:
  bool pinned_ = false;
  dev_t dev_ = 0;
  ino_t ino_ = 0;
};

// Runs one check; returns its table row and appends its failure lines.
TableRow run_one(const ThresholdFile& file, const Check& check, const DatastoreChoice& choice,
                 const std::string& json_dir, Problems& problems, RunReport& report,
                 const JudgeOptions& judge) {
  const std::filesystem::path& datastore = choice.dir;
  if (const int sig = stop_requested(); sig != 0) {
    record_error(file, check, datastore, json_dir, check.name + ": " + not_run_reason(sig),
                 problems, report);
    return TableRow{check.name, 0, 0, 0, 0, 0, "NOT RUN"};
  }
  // Outside the try: after an error, removing the scratch area is tried once more and a
  // failure to do so goes into the report, not only to stderr.
  std::optional<CheckSession> session;
  try {
    const auto started = std::chrono::steady_clock::now();
    session.emplace(check, datastore, choice.policy);
    JudgeOptions with_progress = judge;
    ProgressMeter progress(std::cout, isatty(STDOUT_FILENO) == 1, check.name, check.workload);
    with_progress.on_interval = [&progress](const RunResult& r) { return progress.update(r); };
    const CheckOutcome outcome = session->judge(with_progress);
    progress.finish();
    CheckRecord record = make_check_record(file.suite, check, outcome);
    try {
      session->finish();
    } catch (const std::exception& e) {
      // The datastore must hold nothing of ours afterwards; when it does, the report says so.
      if (record.status != CheckStatus::fail) record.status = CheckStatus::error;
      record.messages.push_back(check.name + ": error: scratch area left in place: " + e.what());
    }
    record.wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (record.status == CheckStatus::skipped) {
      for (const std::string& line : record.messages) std::cout << "SKIP " << line << '\n';
    } else {
      problems.failures.insert(problems.failures.end(), record.messages.begin(),
                               record.messages.end());
    }
    RunContext context = describe_run(file.suite, datastore);
    context.stack = session->storage_stack();
    if (report.checks.empty()) report.context = context;
    report.checks.push_back(record);
    // The check has its verdict: a result file that cannot be written must not turn it into a
    // second, erroring check (the catch below is for the check's own failures).
    write_check_json(json_dir, record, context, problems);
    return table_row(check.name, outcome.result, record.status);
  } catch (const std::exception& e) {
    std::string message = check.name + ": error: " + e.what();
    try {
      if (session) session->finish();
    } catch (const std::exception& left) {
      message += "; scratch area left in place: " + std::string(left.what());
    }
    record_error(file, check, datastore, json_dir, message, problems, report);
    return TableRow{check.name, 0, 0, 0, 0, 0, "ERROR"};
  }
}

int run(const CheckFlags& flags) {
  const std::optional<ThresholdFile> loaded = load_or_report(flags.file);
  if (!loaded) return kExitBadInput;
  const ThresholdFile& file = *loaded;
  const std::optional<DatastoreChoice> choice =
      choose_datastore("check", flags.datastore, file.require_mount);
  if (!choice) return kExitBadInput;
  const std::filesystem::path& datastore = choice->dir;
  std::optional<Baseline> baseline;
  JudgeOptions judge;
  judge.repeat = flags.repeat;
  judge.repeat_max = flags.repeat_max;
  try {
    const auto baseline_file = resolve_baseline(flags.baseline, "");
    baseline = load_named_baseline(baseline_file);
    if (baseline) judge.baseline = &*baseline;
  } catch (const std::exception& e) {
    std::cerr << "iogate: " << e.what() << '\n';
    return kExitBadInput;
  }
  // Outputs that cannot be written are found now, not after every check has run. What fails
  // later (a disk filling up, a name taken by a directory) is reported then, see Problems.
  try {
    if (!flags.json_dir.empty()) probe_writable_dir(flags.json_dir);
    for (const std::string* f :
         {&flags.reports.junit, &flags.reports.json, &flags.reports.gbench_json,
          &flags.reports.markdown, &flags.reports.html})
      if (!f->empty()) probe_writable_file(*f);
  } catch (const std::exception& e) {
    std::cerr << "iogate check: report cannot be written: " << e.what() << '\n';
    return kExitBadInput;
  }
  std::cout << "iogate check " << flags.file << " on " << datastore.string() << '\n'
            << table_header() << std::endl;
  enable_graceful_stop();
  Problems problems;
  RunReport report;
  report.context = describe_run(file.suite, datastore);
  DatastoreIdentity identity;
  identity.pin(datastore);
  for (const Check& check : file.checks) {
    if (const std::string problem = identity.problem(datastore); !problem.empty()) {
      record_error(file, check, datastore, flags.json_dir,
                   check.name + ": error: not run: " + problem, problems, report);
      std::cout << table_row_line(TableRow{check.name, 0, 0, 0, 0, 0, "NOT RUN"}) << std::endl;
      continue;
    }
    std::cout << table_row_line(
                     run_one(file, check, *choice, flags.json_dir, problems, report, judge))
              << std::endl;
    for (const std::string& line : evidence_lines(report.checks.back()))
      std::cout << "  " << line << '\n';
    identity.pin(datastore);
  }
  if (const int sig = stop_requested(); sig != 0)
    std::cerr << "iogate check: interrupted by " << signal_name(sig)
              << "; writing the reports, then exiting with the signal\n";
  try {
    write_report_files(report, flags.reports);
  } catch (const std::exception& e) {
    problems.unwritten.push_back(std::string("report not written: ") + e.what());
  }
  for (const std::string& line : problems.failures) std::cout << "FAIL " << line << '\n';
  const StatusCounts counts = count_statuses(report.checks);
  std::cout << counts.total() << " checks: " << counts.pass << " passed, " << counts.fail
            << " failed, " << counts.unstable << " unstable, " << counts.skipped << " skipped, "
            << counts.error << " errors\n";
  for (const std::string& line : problems.unwritten) std::cerr << "iogate check: " << line << '\n';
  return problems.failures.empty() && problems.unwritten.empty() ? kExitOk : kExitCheckFailed;
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<CheckFlags>();
  CLI::App* sub = app.add_subcommand("check", "Run a threshold file's checks without ctest");
  sub->add_option("file", flags->file, "Threshold file")->required();
  add_datastore_flags(*sub, flags->datastore);
  sub->add_option("--json-dir", flags->json_dir, "Write each check's result as JSON here");
  add_report_flags(*sub, flags->reports);
  sub->add_option("--baseline", flags->baseline,
                  "Baseline for \"N% of baseline\" bounds (else $IOGATE_BASELINE)");
  sub->add_option("--repeat", flags->repeat,
                  "The fewest runs per check (default: each check's repeat)")
      ->check(CLI::Range(1, 100));
  sub->add_option("--repeat-max", flags->repeat_max,
                  "The most runs per check while undecided (default: each check's repeat_max)")
      ->check(CLI::Range(1, 100));
  sub->callback([flags, &exit_code] {
    exit_code = run(*flags);
    finish_graceful_stop();  // after a SIGINT/SIGTERM: everything is written, die of the signal
  });
}

}  // namespace iogate::cli
