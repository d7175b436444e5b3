// iogate baseline record FILE --datastore DIR --out BASELINE.json: measures every check of a
// threshold file on a known-good datastore and writes the baseline that "N% of baseline" bounds
// compare with (format: include/iogate/baseline/baseline.hpp). Bounds are not judged while
// recording.
//
// It runs the checks the way `iogate check` does, through a CheckRunner (the same datastore
// demands and pin, shared test files, a clean stop on SIGINT/SIGTERM with nothing written), and
// records each one adaptively (RecordingPlan, src/runner/check_session.hpp): at least
// --repeat runs (5), then more while the median of any figure the check bounds is pinned less
// tightly than --precision (3%: the 95% interval of the median within +-3% of it) or than its
// relative bounds need (half their margin), up to --repeat-max runs (20) or --budget per
// check, and a check with relative bounds up to 100 runs while it is looser than they need
// (src/verdicts/baseline_precision.hpp); a recording whose one-second intervals shift
// level (a neighbour's burst) is made again after a pause, up to three times. It says how precise
// it got; a baseline recorded on a noisy machine is usable, only less sharp (its wider spread
// widens every later ratio interval, so fewer verdicts are decided).
// Exit 0 written, 1 a run failed or was interrupted (nothing written), 2 bad input (also an --out
// that cannot be written, and what the preflight refuses, runner/preflight.hpp: found
// before anything runs).

#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "commands.hpp"
#include "common/display_text.hpp"
#include "common/terminal.hpp"
#include "common/write_probe.hpp"
#include "datastore/datastore_path.hpp"
#include "datastore/graceful_stop.hpp"
#include "datastore_flags.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/runner/check_runner.hpp"
#include "iogate/runner/run_settings.hpp"
#include "iogate/verdicts/statistics.hpp"
#include "output_flag.hpp"
#include "results/run_json.hpp"
#include "runner/outcome_records.hpp"
#include "verdicts/baseline_precision.hpp"
#include "verdicts/sample_units.hpp"

namespace iogate::cli {
namespace {

struct RecordFlags {
  std::string file;
  DatastoreFlags datastore;
  std::string out;
  bool force = false;
  int repeat = kRecordingFewestRuns;
  int repeat_max = 0;  // 0: baseline_recording_runs(check)
  double precision_pct = 3;
  double budget_s = 0;  // 0: none
};

constexpr int kRecordings = 3;

// The check's baseline entry from its recording, and the line that says how precise it got.
BaselineCheck baseline_check(const Check& check, const CheckOutcome& outcome,
                             const RecordFlags& flags) {
  const BaselineRecording& recording = *outcome.recording;
  BaselineCheck out;
  out.name = check.name;
  out.workload = compared_workload(check.workload);
  out.samples = baseline_samples(check, outcome.runs);
  for (std::size_t i = 0; i < outcome.runs.size(); ++i) {
    const RunResult& r = outcome.runs[i];
    out.completed = out.completed && r.completed;
    std::cout << fmt::format("  {} run {}: {:.2f} IOPS, {:.2f} MB/s, {:.2f} s\n", check.name, i + 1,
                             r.iops(), r.mbps(), r.elapsed_s);
  }
  if (recording.shifted)
    std::cout << "  " << check.name << ": " << *recording.shifted << "\n  " << check.name
              << ": kept the last of " << recording.recordings
              << " recordings, all shifted: record again when the datastore is quiet\n";
  const std::string& key = recording.pinned.front();
  const std::string pinned = std::isnan(recording.precision)
                                 ? std::string("too few runs to tell")
                                 : fmt::format("within +-{:.1f}% (95%)", recording.precision * 100);
  const double asked = flags.precision_pct / 100.0;
  const double needed = precision_bounds_need(check);
  std::string short_of;  // NaN (too few runs to tell) falls short of both
  if (!(recording.precision <= needed))
    short_of = fmt::format("; its relative bounds need +-{:.1f}%: checks against it may not decide",
                           needed * 100);
  else if (!(recording.precision <= asked))
    short_of = fmt::format("; asked {:g}%: checks against it are less sharp", flags.precision_pct);
  // Fixed-point with its unit, as the run lines above it: "56500.12 IOPS", never "5.65e+04".
  const std::string_view unit = sample_unit(key);
  std::cout << fmt::format("  {}: {} median {:.2f}{}{} after {} runs, pinned {}{}\n", check.name,
                           key, median(out.samples.at(key)), unit.empty() ? "" : " ", unit,
                           outcome.runs.size(), pinned, short_of);
  return out;
}

RunnerSettings recording_settings(const ThresholdFile& file, const DatastoreChoice& datastore,
                                  const RecordFlags& flags) {
  RunnerSettings settings;
  settings.suite = file.suite;
  settings.datastore = datastore;
  settings.repeat = flags.repeat;
  settings.repeat_max = flags.repeat_max;
  settings.progress = &std::cout;
  settings.progress_tty = detail::is_terminal(detail::StandardStream::output);
  settings.share_layouts = true;  // a recording leaves a written file as it found it
  RecordingPlan plan;
  plan.precision = flags.precision_pct / 100.0;
  if (flags.budget_s > 0)
    plan.budget =
        std::chrono::duration_cast<Nanoseconds>(std::chrono::duration<double>(flags.budget_s));
  plan.recordings = kRecordings;
  settings.recording = plan;
  return settings;
}

// Records every check into `baseline`; false (after saying why on stderr) when one could not be.
bool record_checks(CheckRunner& runner, const ThresholdFile& file, const RecordFlags& flags,
                   Baseline& baseline) {
  runner.plan(file.checks);
  for (const Check& check : file.checks) {
    const FinishedCheck done = runner.run(check, &file);
    if (!done.outcome || done.record.status == CheckStatus::error) {
      for (const std::string& line : done.record.messages) std::cerr << line << '\n';
      return false;
    }
    baseline.fingerprint = done.context.stack;
    baseline.checks.push_back(baseline_check(check, *done.outcome, flags));
  }
  return true;
}

int run(const RecordFlags& flags) {
  const std::optional<ThresholdFile> loaded = load_or_report(flags.file);
  if (!loaded) return kExitBadInput;
  const ThresholdFile& file = *loaded;
  const std::optional<DatastoreChoice> choice =
      choose_datastore("baseline record", flags.datastore, &file);
  if (!choice) return kExitBadInput;
  const std::filesystem::path& datastore = choice->dir;
  const RunContext context =
      describe_run(file.suite, datastore, "");  // a baseline keeps the hostname
  Baseline baseline;
  baseline.iogate_version = context.iogate_version;
  baseline.host = context.host;
  baseline.recorded_at = context.started_at;
  baseline.datastore = recorded_datastore(datastore).string();
  baseline.repeat = flags.repeat;
  try {
    // Not after every run: the runs would be lost.
    probe_writable_file(flags.out, flags.force ? IfExists::replace : IfExists::refuse);
  } catch (const std::exception& e) {
    std::cerr << "iogate: baseline record --out " << printable(flags.out) << ": " << e.what()
              << '\n';
    return kExitBadInput;
  }
  std::optional<CheckRunner> runner;
  try {
    runner.emplace(recording_settings(file, *choice, flags));  // a malformed IOGATE_HOST_LABEL
  } catch (const std::invalid_argument& e) {
    std::cerr << "iogate baseline record: " << e.what() << '\n';
    return kExitBadInput;
  }
  if (!preflight_passes("baseline record", [&] { runner->preflight(file.checks); }))
    return kExitBadInput;
  const std::string most = flags.repeat_max > 0
                               ? std::to_string(std::max(flags.repeat, flags.repeat_max))
                               : fmt::format("{} ({} for a check with relative bounds)",
                                             kRecordingRuns, kRecordingRunsRelative);
  std::cout << "iogate baseline record " << flags.file << " on " << datastore.string() << ", "
            << flags.repeat << " to " << most
            << " runs per check, until each bounded median is pinned within +-"
            << flags.precision_pct << "% (or what its relative bounds need)\n";
  enable_graceful_stop();
  try {
    if (!record_checks(*runner, file, flags, baseline)) {
      std::cerr << "iogate: baseline not written\n";
      return kExitCheckFailed;
    }
    save_baseline(flags.out, baseline, flags.force ? IfExists::replace : IfExists::refuse);
  } catch (const std::exception& e) {
    std::cerr << "iogate: baseline not written: " << e.what() << '\n';
    return kExitCheckFailed;
  }
  std::cout << "wrote " << flags.out << '\n';
  return kExitOk;
}

}  // namespace

void add_baseline_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<RecordFlags>();
  CLI::App* baseline = app.add_subcommand("baseline", "Record a datastore's known-good figures");
  baseline->require_subcommand(1);
  CLI::App* sub = baseline->add_subcommand("record", "Run every check N times, write the baseline");
  sub->add_option("file", flags->file, "Threshold file")->required();
  add_datastore_flags(*sub, flags->datastore);
  add_out_option(*sub, flags->out, "Baseline JSON to write")->required();
  sub->add_flag("--force", flags->force, "Replace the baseline file if it exists");
  sub->add_option("--repeat", flags->repeat, "The fewest runs per check (default 5)")
      ->check(CLI::Range(1, kMaxRepeat));
  sub->add_option(
         "--repeat-max", flags->repeat_max,
         "The most runs per check, while a median is not pinned (default 20; 100 for a check "
         "with relative bounds)")
      ->check(CLI::Range(1, kMaxRepeat));
  sub->add_option("--precision", flags->precision_pct,
                  "Run until each bounded median's 95% interval is within this % (default 3)")
      ->check(CLI::Range(0.1, 100.0));
  sub->add_option("--budget", flags->budget_s, "Seconds of runs per check at most (default none)")
      ->check(CLI::PositiveNumber);
  sub->callback([flags, &exit_code] {
    exit_code = run(*flags);
    finish_graceful_stop();  // after a SIGINT/SIGTERM: the scratch area is gone, die of the signal
  });
  add_baseline_import_iometer(*baseline, exit_code);
  add_baseline_import_diskspd(*baseline, exit_code);
}

}  // namespace iogate::cli
