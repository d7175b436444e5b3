// iogate baseline record FILE --datastore DIR --out BASELINE.json [--repeat N]: measures every
// check of a threshold file N times on a known-good datastore and writes the baseline that
// "N% of baseline" bounds compare with (format: include/iogate/baseline/baseline.hpp). Bounds
// are not judged while recording. Exit 0 written, 1 a run failed (nothing written), 2 bad input.
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "datastore_flags.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/runner/check_session.hpp"
#include "iogate/verdicts/statistics.hpp"

namespace iogate::cli {
namespace {

struct RecordFlags {
  std::string file;
  DatastoreFlags datastore;
  std::string out;
  int repeat = 5;
};

BaselineCheck record_one(const Check& check, const DatastoreChoice& datastore, int repeat,
                         StorageStack& stack) {
  CheckSession session(check, datastore.dir, datastore.policy);
  stack = session.storage_stack();
  std::vector<RunResult> runs;
  for (int i = 0; i < repeat; ++i) {
    runs.push_back(run_workload(check.workload, session.test_file()));
    std::cout << fmt::format("  {} run {}/{}: {:.2f} IOPS, {:.2f} MB/s, {:.2f} s\n", check.name,
                             i + 1, repeat, runs.back().iops(), runs.back().mbps(),
                             runs.back().elapsed_s)
              << std::flush;
  }
  BaselineCheck out;
  out.name = check.name;
  out.workload = workload_json(check.workload);
  out.samples = baseline_samples(check, runs);
  for (const RunResult& r : runs) out.completed = out.completed && r.completed;
  const std::vector<double>& iops = out.samples.at("iops");
  std::cout << fmt::format("  {}: median {:.2f} IOPS, cv {:.1f}%{}\n", check.name, median(iops),
                           coefficient_of_variation(iops) * 100,
                           coefficient_of_variation(iops) > check.cv_max
                               ? " (noisier than cv_max: checks against it will be unstable)"
                               : "");
  return out;
}

int run(const RecordFlags& flags) {
  const std::optional<ThresholdFile> loaded = load_or_report(flags.file);
  if (!loaded) return kExitBadInput;
  const ThresholdFile& file = *loaded;
  const std::optional<DatastoreChoice> choice =
      choose_datastore("baseline record", flags.datastore, file.require_mount);
  if (!choice) return kExitBadInput;
  const std::filesystem::path& datastore = choice->dir;
  const RunContext context = describe_run(file.suite, datastore);
  Baseline baseline;
  baseline.iogate_version = context.iogate_version;
  baseline.host = context.host;
  baseline.recorded_at = context.started_at;
  baseline.datastore = datastore.string();
  baseline.repeat = flags.repeat;
  std::cout << "iogate baseline record " << flags.file << " on " << datastore.string() << ", "
            << flags.repeat << " runs per check\n";
  try {
    for (const Check& check : file.checks)
      baseline.checks.push_back(record_one(check, *choice, flags.repeat, baseline.fingerprint));
    save_baseline(flags.out, baseline);
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
  sub->add_option("--repeat", flags->repeat, "Runs per check (default 5)")
      ->check(CLI::Range(1, 100));
  sub->callback([flags, &exit_code] { exit_code = run(*flags); });
}

}  // namespace iogate::cli
