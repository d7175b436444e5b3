// main() of every suite executable: loads the threshold files, registers each check as a
// GoogleTest test named <suite>.<check>, and runs them. `--list-checks FILE` writes one
// "<check> <timeout seconds> <profile>" line per check instead, for the ctest script
// iogate_add_suite() makes.
//
// While checks run, SIGINT and SIGTERM stop gracefully (iogate/datastore/graceful_stop.hpp): the
// check in progress fails as an error, the rest fail as not run, each leaves its per-check JSON,
// RUN_ALL_TESTS returns normally — so GoogleTest's own --gtest_output file is written whole — and
// only then does the process die of the signal, the status ctest and shells expect.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "check_test.hpp"
#include "iogate/datastore/graceful_stop.hpp"
#include "iogate/reports/report_files.hpp"
#include "iogate/reports/check_results_cleanup.hpp"
#include "iogate/reports/result_reader.hpp"
#include "suite_config.hpp"

namespace {

std::vector<std::string> split_paths(const char* list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ';');)
    if (!item.empty()) out.push_back(item);
  return out;
}

// Checks must stay alive for the registered tests: they live here until exit.
std::vector<iogate::ThresholdFile>& loaded_files() {
  static std::vector<iogate::ThresholdFile> files;
  return files;
}

void require_unique_names(const std::vector<iogate::ThresholdFile>& files) {
  std::set<std::string> seen;
  for (const auto& file : files)
    for (const auto& check : file.checks)
      if (!seen.insert(check.name).second)
        throw iogate::ThresholdError(
            check.where, "check.name",
            "check \"" + check.name + "\" is already defined by another file of this suite");
}

void write_check_list(const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  for (const auto& file : loaded_files())
    for (const auto& check : file.checks)
      out << check.name << ' ' << check.timeout.count() << ' ' << file.profile << '\n';
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const iogate::SuiteConfig& config = iogate::kSuiteConfig;

  CLI::App app{std::string("iogate suite ") + config.name};
  iogate::DatastoreFlags datastore_flags;
  std::string report_dir = config.report_dir;
  std::vector<std::string> thresholds = split_paths(config.thresholds);
  std::string list_checks;
  app.add_option("--datastore", datastore_flags.dir,
                 "Datastore directory, must exist (else $IOGATE_DATASTORE, else the suite's)");
  app.add_flag("--allow-shared-datastore", datastore_flags.allow_shared,
               "As root, accept a datastore other users own or can write to (else "
               "$IOGATE_ALLOW_SHARED_DATASTORE=1)");
  app.add_flag("--require-mount", datastore_flags.require_mount,
               "Refuse a datastore that is not a mount point (else $IOGATE_REQUIRE_MOUNT=1)");
  std::optional<std::string> baseline_flag;
  int repeat = 0;
  app.add_option("--baseline", baseline_flag,
                 "Baseline for \"N% of baseline\" bounds (else $IOGATE_BASELINE, else the "
                 "suite's BASELINE)");
  app.add_option("--repeat", repeat, "The fewest runs per check (default: each check's repeat)")
      ->check(CLI::Range(1, 100));
  int repeat_max = 0;
  app.add_option("--repeat-max", repeat_max,
                 "The most runs per check while undecided (default: each check's repeat_max)")
      ->check(CLI::Range(1, 100));
  app.add_option("--report-dir", report_dir, "Directory for per-check JSON results ('' = none)");
  app.add_option("--thresholds", thresholds, "Threshold files (replace the compiled-in ones)");
  app.add_option("--list-checks", list_checks,
                 "Write '<check> <timeout s> <profile>' lines and exit");
  std::string report_step;  // iogate_add_suite()'s <suite>.reports_clear / <suite>.reports tests
  app.add_option("--report-step", report_step,
                 "clear: remove this suite's per-check results; merge: write its reports")
      ->check(CLI::IsMember({"clear", "merge"}));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (!report_step.empty()) {
    const std::filesystem::path dir = std::filesystem::path(report_dir) / config.name;
    try {
      if (report_step == "clear")
        std::cout << "removed " << iogate::clear_check_results(dir) << " results from " << dir
                  << '\n';
      else
        std::cout << iogate::merge_report_dir(dir, std::cout) << " checks merged into "
                  << iogate::report_files_in(dir).junit << " and the other reports\n";
      return 0;
    } catch (const std::exception& e) {
      std::cerr << "iogate: " << e.what() << '\n';
      return 1;
    }
  }

  try {
    for (const auto& path : thresholds) loaded_files().push_back(iogate::load_threshold_file(path));
    require_unique_names(loaded_files());
    if (!list_checks.empty()) {
      write_check_list(list_checks);
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "iogate: " << e.what() << '\n';
    return 2;
  }

  const iogate::DatastoreChoice datastore =
      iogate::resolve_datastore(datastore_flags, config.datastore, config.create_datastore);
  // Loaded once for every check; a malformed baseline stops the suite before anything runs.
  static std::optional<iogate::Baseline> baseline;
  static iogate::JudgeOptions judge;
  judge.repeat = repeat;
  judge.repeat_max = repeat_max;
  try {
    const auto baseline_file = iogate::resolve_baseline(baseline_flag, config.baseline);
    baseline = iogate::load_named_baseline(baseline_file);
    if (baseline) judge.baseline = &*baseline;
  } catch (const std::exception& e) {
    std::cerr << "iogate: " << e.what() << '\n';
    return 2;
  }
  iogate::CheckTest::set_judge_options(&judge);
  iogate::enable_graceful_stop();
  for (const auto& file : loaded_files()) {
    for (const auto& check : file.checks) {
      const std::string suite = config.name;
      iogate::DatastorePolicy policy = datastore.policy;
      policy.require_mount = policy.require_mount || file.require_mount;
      const std::filesystem::path dir = datastore.dir;
      ::testing::RegisterTest(config.name, check.name.c_str(), nullptr, nullptr, file.path.c_str(),
                              check.where.line,
                              [suite, &check, dir, policy, report_dir]() -> ::testing::Test* {
                                return new iogate::CheckTest(suite, check, dir, policy, report_dir);
                              });
    }
  }
  const int status = RUN_ALL_TESTS();
  iogate::finish_graceful_stop();  // after a SIGINT/SIGTERM: everything is written, die of it
  return status;
}
