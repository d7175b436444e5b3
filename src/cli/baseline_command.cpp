// iogate baseline record FILE --datastore DIR --out BASELINE.json: measures every check of a
// threshold file on a known-good datastore and writes the baseline that "N% of baseline" bounds
// compare with (format: include/iogate/baseline/baseline.hpp). Bounds are not judged while
// recording.
//
// Adaptive, like a check: at least --repeat runs (5), then more while the median of any figure
// the check bounds is pinned less tightly than --precision (3%: the 95% interval of the median
// within +-3% of it), up to --repeat-max runs (20) or --budget per check. It says how precise it
// got; a baseline recorded on a noisy machine is usable, only less sharp (its wider spread widens
// every later ratio interval, so fewer verdicts are decided).
//
// A neighbour's burst must not become "known good": when a check's one-second intervals shift
// level inside its recording (include/iogate/verdicts/level_shift.hpp), it is recorded again
// after a pause (confirm_pause, else the longer of 30 s and the recording's time), up to
// kRecordings times in all; if every recording shifted, the last is kept and the line says so.
// Exit 0 written, 1 a run failed
// (nothing written), 2 bad input (also an --out that cannot be written: found before anything
// runs).
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "commands.hpp"
#include "datastore_flags.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/results/run_json.hpp"
#include "iogate/runner/check_session.hpp"
#include "iogate/runner/outcome_records.hpp"
#include "iogate/runner/run_settings.hpp"
#include "iogate/verdicts/level_shift.hpp"
#include "iogate/verdicts/statistics.hpp"
#include "iogate/write_probe.hpp"

namespace iogate::cli {
namespace {

struct RecordFlags {
  std::string file;
  DatastoreFlags datastore;
  std::string out;
  bool force = false;
  int repeat = 5;
  int repeat_max = 20;
  double precision_pct = 3;
  double budget_s = 0;  // 0: none
};

constexpr double kPrecisionConfidence = 0.95;

// The figures whose median the baseline must pin: those the check bounds (MB/s for a check that
// bounds only its stalls).
std::vector<std::string> pinned_keys(const Check& check) {
  std::vector<std::string> keys;
  for (const Expectation& e : check.expectations) keys.push_back(sample_key(e));
  if (keys.empty()) keys.push_back("mbps");
  return keys;
}

// The worst precision over `keys` (NaN while any cannot be told yet).
double worst_precision(const MetricSamples& samples, const std::vector<std::string>& keys) {
  double worst = 0;
  for (const std::string& key : keys) {
    const double p = median_precision(samples.at(key), kPrecisionConfidence);
    if (std::isnan(p)) return NAN;
    worst = std::max(worst, p);
  }
  return worst;
}

constexpr int kRecordings = 3;

struct Recorded {
  std::vector<RunResult> runs;
  double precision = NAN;
  Nanoseconds took{};
};

// The full one-second intervals' MB/s of every run, in time order.
std::vector<double> interval_rates(const std::vector<RunResult>& runs) {
  std::vector<double> rates;
  for (const RunResult& r : runs)
    for (const IntervalSample& i : r.intervals)
      if (i.length_s >= 0.999) rates.push_back(i.mbps());
  return rates;
}

// One adaptive recording of the check on the session's file (`fresh`: as laid out, unused yet).
Recorded record_sample(const Check& check, const CheckSession& session, const RecordFlags& flags,
                       const std::vector<std::string>& keys, bool fresh) {
  const double wanted = flags.precision_pct / 100.0;
  const int most = std::max(flags.repeat, flags.repeat_max);
  const auto started = std::chrono::steady_clock::now();
  double longest_s = 0;
  Recorded out;
  std::vector<RunResult>& runs = out.runs;
  MetricSamples samples;
  while (static_cast<int>(runs.size()) < most) {
    if (!runs.empty() || !fresh) session.restore_layout();  // each run starts from the same file
    const auto run_started = std::chrono::steady_clock::now();
    runs.push_back(run_workload(check.workload, session.test_file()));
    const auto now = std::chrono::steady_clock::now();
    longest_s = std::max(longest_s, std::chrono::duration<double>(now - run_started).count());
    std::cout << fmt::format("  {} run {}: {:.2f} IOPS, {:.2f} MB/s, {:.2f} s\n", check.name,
                             runs.size(), runs.back().iops(), runs.back().mbps(),
                             runs.back().elapsed_s)
              << std::flush;
    if (static_cast<int>(runs.size()) < flags.repeat) continue;
    samples = baseline_samples(check, runs);
    out.precision = worst_precision(samples, keys);
    if (out.precision <= wanted) break;
    const double spent = std::chrono::duration<double>(now - started).count();
    if (flags.budget_s > 0 && spent + longest_s > flags.budget_s) break;
  }
  out.took = std::chrono::steady_clock::now() - started;
  return out;
}

BaselineCheck record_one(const Check& check, const DatastoreChoice& datastore,
                         const RecordFlags& flags, StorageStack& stack) {
  CheckSession session(check, datastore.dir, datastore.policy);
  stack = session.storage_stack();
  const std::vector<std::string> keys = pinned_keys(check);
  const double wanted = flags.precision_pct / 100.0;
  Recorded recorded;
  for (int attempt = 1; attempt <= kRecordings; ++attempt) {
    recorded = record_sample(check, session, flags, keys, attempt == 1);
    const std::optional<LevelShift> shift = find_level_shift(interval_rates(recorded.runs));
    if (!shift) break;
    const std::string seen = fmt::format(
        "  {}: the datastore shifted level during the recording, {:.2f} MB/s from its second {} "
        "to {} against {:.2f} MB/s the rest of the time (p = {:.3f}): a neighbour's burst?",
        check.name, shift->inside, shift->from + 1, shift->to, shift->outside, shift->p);
    if (attempt == kRecordings) {
      std::cout << seen << "\n  " << check.name << ": kept the last of " << kRecordings
                << " recordings, all shifted: record again when the datastore is quiet\n";
      break;
    }
    const Nanoseconds pause = confirmation_pause(check, recorded.took);
    std::cout << seen << " recording again after a " << format_duration(pause) << " pause\n"
              << std::flush;
    pause_before_confirming(pause);
  }
  const std::vector<RunResult>& runs = recorded.runs;
  const double precision = recorded.precision;
  BaselineCheck out;
  out.name = check.name;
  out.workload = compared_workload(check.workload);
  out.samples = baseline_samples(check, runs);
  for (const RunResult& r : runs) out.completed = out.completed && r.completed;
  const std::vector<double>& first = out.samples.at(keys.front());
  const std::string pinned = std::isnan(precision)
                                 ? std::string("too few runs to tell")
                                 : fmt::format("within +-{:.1f}% (95%)", precision * 100);
  std::cout << fmt::format(
      "  {}: {} median {:.4g} after {} runs, pinned {}{}\n", check.name, keys.front(),
      median(first), runs.size(), pinned,
      precision <= wanted
          ? ""
          : fmt::format("; asked {:g}%: checks against it are less sharp", flags.precision_pct));
  return out;
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
  baseline.datastore = datastore.string();
  baseline.repeat = flags.repeat;
  try {
    // Not after every run: the runs would be lost.
    probe_writable_file(flags.out, flags.force ? IfExists::replace : IfExists::refuse);
  } catch (const std::exception& e) {
    std::cerr << "iogate: baseline record --out " << flags.out << ": " << e.what() << '\n';
    return kExitBadInput;
  }
  std::cout << "iogate baseline record " << flags.file << " on " << datastore.string() << ", "
            << flags.repeat << " to " << std::max(flags.repeat, flags.repeat_max)
            << " runs per check, until each bounded median is pinned within +-"
            << flags.precision_pct << "%\n";
  try {
    for (const Check& check : file.checks)
      baseline.checks.push_back(record_one(check, *choice, flags, baseline.fingerprint));
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
  sub->add_option("--out", flags->out, "Baseline JSON to write")->required();
  sub->add_flag("--force", flags->force, "Replace the baseline file if it exists");
  sub->add_option("--repeat", flags->repeat, "The fewest runs per check (default 5)")
      ->check(CLI::Range(1, 100));
  sub->add_option("--repeat-max", flags->repeat_max,
                  "The most runs per check, while a median is not pinned (default 20)")
      ->check(CLI::Range(1, 100));
  sub->add_option("--precision", flags->precision_pct,
                  "Run until each bounded median's 95% interval is within this % (default 3)")
      ->check(CLI::Range(0.1, 100.0));
  sub->add_option("--budget", flags->budget_s, "Seconds of runs per check at most (default none)")
      ->check(CLI::PositiveNumber);
  sub->callback([flags, &exit_code] { exit_code = run(*flags); });
}

}  // namespace iogate::cli
