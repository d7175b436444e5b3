// main() of every suite executable: loads the threshold files, registers each [[check]] that no
// test written by hand claims as a GoogleTest test named <suite>.<check>, and runs every test
// through one SuiteContext (iogate/fixtures/suite_context.hpp). `--list-checks FILE` writes one
// "<check> <timeout seconds> <profile or -> <gtest filter>" line per test instead, for the ctest
// script iogate_add_suite() makes.
//
// A test written by hand (TEST_F on iogate::CheckFixture, in the suite's SOURCES) is a check named
// after the test: it claims the threshold files' [[check]] of that name, which is then not
// registered again; its ctest TIMEOUT is that check's, or ctest's own default (1500 s) when the
// files have none of that name.
//
// Under `ctest --resource-spec-file`, each check runs on the datastore ctest allocated it
// (runner/datastore_allocation.hpp), which wins over IOGATE_DATASTORE and DATASTORE.
//
// Before the first test, the checks GoogleTest will run go through the runner's preflight
// (suite_preflight.hpp): what cannot run at all (a pseudo or read-only filesystem, no room for a
// test file, no usable engine) ends the process with exit 2, nothing laid out.
//
// Under ctest, each check is a process of its own, started by ctest with
// --share-layouts-with-parent: a test file laid out for several checks of the suite is kept on the
// datastore for the run's later checks (runner/layout_pool.hpp), which find it through
// their parent, the ctest process; `--remove-kept-layouts`, the <suite>.layouts_cleanup test after
// the last check, removes it.
//
// While checks run, SIGINT and SIGTERM stop gracefully (datastore/graceful_stop.hpp): the
// check in progress fails as an error, the rest fail as not run, each leaves its per-check JSON,
// RUN_ALL_TESTS returns normally — so GoogleTest's own --gtest_output file is written whole — and
// only then does the process die of the signal, the status ctest and shells expect.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "common/terminal.hpp"
#include "ctest_parent.hpp"
#include "datastore/graceful_stop.hpp"
#include "generated_check.hpp"
#include "iogate/common/output_file.hpp"
#include "iogate/reports/report_files.hpp"
#include "results/check_results_cleanup.hpp"
#include "results/result_reader.hpp"
#include "runner/datastore_allocation.hpp"
#include "runner/layout_pool.hpp"
#include "suite_config.hpp"
#include "suite_options.hpp"
#include "suite_preflight.hpp"

namespace iogate {
namespace {

constexpr std::chrono::seconds kHandWrittenTimeout{1500};  // ctest's own default

// A test written by hand: its GoogleTest suite and name (the name is its check's).
struct HandWritten {
  std::string suite;
  std::string name;
};

// The tests registered before main() registers any: those written by hand. Their names are check
// names, so they are unique in the suite.
std::vector<HandWritten> hand_written_tests() {
  std::vector<HandWritten> out;
  std::set<std::string> seen;
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const ::testing::TestSuite& suite = *unit.GetTestSuite(i);
    for (int j = 0; j < suite.total_test_count(); ++j) {
      const ::testing::TestInfo& info = *suite.GetTestInfo(j);
      if (!seen.insert(info.name()).second)
        throw std::invalid_argument(std::string("test ") + suite.name() + "." + info.name() +
                                    ": another test of this suite has the name " + info.name() +
                                    ", which names its check and its result file");
      out.push_back({suite.name(), info.name()});
    }
  }
  return out;
}

std::vector<ThresholdFile> load_files(const std::vector<std::string>& paths) {
  std::vector<ThresholdFile> files;
  std::set<std::string> seen;
  for (const auto& path : paths) {
    files.push_back(load_threshold_file(path));
    for (const Check& check : files.back().checks)
      if (!seen.insert(check.name).second)
        throw ThresholdError(
            check.where, "check.name",
            "check \"" + check.name + "\" is already defined by another file of this suite");
  }
  return files;
}

int report_step(const SuiteOptions& o) {
  const std::filesystem::path dir = std::filesystem::path(o.report_dir) / kSuiteConfig.name;
  try {
    if (o.report_step == "clear")
      std::cout << "removed " << clear_check_results(dir) << " results from " << dir << '\n';
    else
      std::cout << merge_report_dir(dir, std::cout) << " checks merged into "
                << report_files_in(dir).junit << " and the other reports\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "iogate: " << e.what() << '\n';
    return 1;
  }
}

void write_check_list(const std::string& path, const std::vector<ThresholdFile>& files,
                      const std::vector<HandWritten>& hand_written) {
  std::ostringstream out;
  std::set<std::string> claimed;
  for (const HandWritten& test : hand_written) {
    std::chrono::seconds timeout = kHandWrittenTimeout;
    std::string profile = "-";
    for (const ThresholdFile& file : files)
      for (const Check& check : file.checks)
        if (check.name == test.name) {
          timeout = check.timeout;
          profile = file.profile;
        }
    out << test.name << ' ' << timeout.count() << ' ' << profile << ' ' << test.suite << '.'
        << test.name << '\n';
    claimed.insert(test.name);
  }
  for (const ThresholdFile& file : files)
    for (const Check& check : file.checks)
      if (!claimed.contains(check.name))
        out << check.name << ' ' << check.timeout.count() << ' ' << file.profile << ' '
            << kSuiteConfig.name << '.' << check.name << '\n';
  write_output_text(path, out.str());
}

ProcessId share_layouts_with(const SuiteOptions& o) {
  if (!o.share_layouts_with_parent) return 0;
  const CtestParent parent = ctest_parent();
  if (parent.pid == 0)
    std::cout << "iogate: --share-layouts-with-parent: " << parent.not_shared
              << "; a test file is shared within this process only\n";
  return parent.pid;
}

int remove_kept_layouts(const SuiteOptions& o) {
  const CtestParent parent = ctest_parent();
  if (parent.pid == 0) {
    std::cout << parent.none_kept << ": no test files are kept for its checks\n";
    return 0;
  }
  try {
    // Never made here: a datastore that is not there holds nothing of this run's.
    DatastoreChoice datastore =
        resolve_datastore(o.datastore, kSuiteConfig.datastore, kSuiteConfig.create_datastore);
    if (!std::filesystem::exists(datastore.dir)) {
      std::cout << "datastore " << datastore.dir.string() << " does not exist: nothing kept\n";
      return 0;
    }
    datastore.policy.create_if_missing = false;
    const int removed = LayoutPool::remove_kept(datastore.dir, datastore.policy,
                                                RunSharing{parent.pid, kSuiteConfig.name});
    std::cout << "removed " << removed << " test file(s) kept for this run's checks from "
              << datastore.dir.string() << '\n';
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "iogate: " << e.what() << '\n';
    return 1;
  }
}

// The datastore flags with ctest's allocation, when ctest made one (datastore_allocation.hpp),
// said on the check's first line: a ctest log shows which datastore each check ran on.
DatastoreFlags datastore_flags(const SuiteOptions& o) {
  const std::optional<AllocatedDatastore> allocated = allocated_datastore();
  if (!allocated) return o.datastore;
  std::cout << "iogate: datastore " << allocated->dir.string() << " (\"" << allocated->id
            << "\", allocated by ctest from " << allocated->spec_file.string() << ")\n";
  if (const char* env = std::getenv("IOGATE_DATASTORE"); env && *env && allocated->dir != env)
    std::cout << "iogate: IOGATE_DATASTORE=" << env << " is not used: ctest's allocation wins\n";
  return with_allocated_datastore(o.datastore, *allocated);
}

RunnerSettings runner_settings(const SuiteOptions& o) {
  const SuiteConfig& config = kSuiteConfig;
  RunnerSettings settings;
  settings.suite = config.name;
  settings.datastore =
      resolve_datastore(datastore_flags(o), config.datastore, config.create_datastore);
  settings.baseline = load_named_baseline(resolve_baseline(o.baseline, config.baseline));
  settings.strict_baseline = resolve_strict_baseline(o.strict_baseline);
  settings.repeat = o.repeat;
  settings.repeat_max = o.repeat_max;
  if (!o.report_dir.empty()) settings.json_dir = std::filesystem::path(o.report_dir) / config.name;
  settings.progress = &std::cout;
  settings.progress_tty = detail::is_terminal(detail::StandardStream::output);
  settings.share_layouts = true;
  settings.share_layouts_with = share_layouts_with(o);
  return settings;
}

// Registers the checks no hand-written test claims; they live in `context` until exit.
void register_generated(const SuiteContext& context, const std::vector<HandWritten>& hand_written) {
  std::set<std::string> claimed;
  for (const HandWritten& test : hand_written) claimed.insert(test.name);
  for (const ThresholdFile& file : context.files())
    for (const Check& check : file.checks) {
      if (claimed.contains(check.name)) continue;
      ::testing::RegisterTest(
          kSuiteConfig.name, check.name.c_str(), nullptr, nullptr, file.path.string().c_str(),
          check.where.line,
          [&check, &file]() -> ::testing::Test* { return new GeneratedCheck(check, file); });
    }
}

}  // namespace
}  // namespace iogate

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  int exit_code = 0;
  const std::optional<iogate::SuiteOptions> options =
      iogate::parse_suite_options(argc, argv, exit_code);
  if (!options) return exit_code;
  if (!options->report_step.empty()) return iogate::report_step(*options);
  if (options->remove_kept_layouts) return iogate::remove_kept_layouts(*options);

  // The context lives until exit: registered tests refer to its checks.
  static std::optional<iogate::SuiteContext> context;
  try {
    std::vector<iogate::ThresholdFile> files = iogate::load_files(options->thresholds);
    const std::vector<iogate::HandWritten> hand_written = iogate::hand_written_tests();
    if (!options->list_checks.empty()) {
      iogate::write_check_list(options->list_checks, files, hand_written);
      return 0;
    }
    // A malformed or missing baseline, or a datastore that cannot be, stops the suite before
    // anything runs.
    context.emplace(iogate::runner_settings(*options), std::move(files));
    iogate::register_generated(*context, hand_written);
  } catch (const std::exception& e) {
    std::cerr << "iogate: " << e.what() << '\n';
    return iogate::kSuiteExitBadInput;
  }
  iogate::SuiteContext::install(&*context);
  ::testing::AddGlobalTestEnvironment(new iogate::SuitePreflight(*context));
  iogate::enable_graceful_stop();
  const int status = RUN_ALL_TESTS();
  iogate::finish_graceful_stop();  // after a SIGINT/SIGTERM: everything is written, die of it
  return status;
}
