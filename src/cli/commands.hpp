// The `iogate` subcommands. Each registers itself and its flags on the CLI11 app; when chosen, it
// runs from the parse and stores its exit code: 0 success, 1 a check failed (or a run errored),
// 2 bad input.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "iogate/reports/report_files.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::cli {

void add_run_command(CLI::App& app, int& exit_code);
void add_check_command(CLI::App& app, int& exit_code);
void add_lint_command(CLI::App& app, int& exit_code);
void add_report_command(CLI::App& app, int& exit_code);
void add_baseline_command(CLI::App& app, int& exit_code);
// `iogate baseline import <tool>`, each from its own file through add_baseline_import
// (baseline_import.hpp).
void add_baseline_import_iometer(CLI::App& baseline, int& exit_code);
void add_baseline_import_diskspd(CLI::App& baseline, int& exit_code);
void add_compare_command(CLI::App& app, int& exit_code);
void add_fingerprint_command(CLI::App& app, int& exit_code);
void add_fleet_command(CLI::App& app, int& exit_code);
void add_import_command(CLI::App& app, int& exit_code);
void add_propose_command(CLI::App& app, int& exit_code);
void add_schema_command(CLI::App& app, int& exit_code);
// Reads the whole tree of `app` when it runs: add it after every other command.
void add_completion_command(CLI::App& app, int& exit_code);

// What --version prints: the version and each I/O engine's state on this host (version.cpp).
std::string version_text();

// --junit, --json, --gbench-json, --markdown, --html, --prom (report_command.cpp).
void add_report_flags(CLI::App& sub, ReportFiles& files);

// Where a command's table and progress go: stdout, or stderr when one of `reports` takes standard
// output ("-"), which then carries that document alone; `tty` says whether that stream is one.
struct Console {
  std::ostream& out;
  bool tty;
};
Console console_for(const ReportFiles& reports);

// The threshold file at `path`, or nothing after its file:line:column error went to stderr (the
// caller then exits with kExitBadInput before writing anything).
std::optional<ThresholdFile> load_or_report(const std::string& path);

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;
// iogate fleet: no outlier, but hosts it cannot judge from what they measured; rerun them
// (--rerun) and judge again.
inline constexpr int kExitRerun = 3;

}  // namespace iogate::cli
