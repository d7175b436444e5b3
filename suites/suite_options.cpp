#include "suite_options.hpp"

#include <CLI/CLI.hpp>
#include <sstream>

#include "suite_config.hpp"

namespace iogate {
namespace {

std::vector<std::string> split_paths(const char* list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ';');)
    if (!item.empty()) out.push_back(item);
  return out;
}

}  // namespace

std::optional<SuiteOptions> parse_suite_options(int argc, char** argv, int& exit_code) {
  const SuiteConfig& config = kSuiteConfig;
  SuiteOptions o;
  o.report_dir = config.report_dir;
  o.thresholds = split_paths(config.thresholds);
  CLI::App app{std::string("iogate suite ") + config.name};
  app.add_option("--datastore", o.datastore.dir,
                 "Datastore directory, must exist (else the one ctest allocated, see "
                 "$IOGATE_RESOURCE_SPEC_FILE, else $IOGATE_DATASTORE, else the suite's)");
  add_datastore_demand_flags(app, o.datastore);
  app.add_option("--baseline", o.baseline,
                 "Baseline for \"N% of baseline\" bounds (else $IOGATE_BASELINE, else the "
                 "suite's BASELINE)");
  app.add_flag("--strict-baseline", o.strict_baseline,
               "Refuse a baseline recorded on another host, datastore or filesystem before the "
               "first test, exit 2 (else $IOGATE_STRICT_BASELINE=1)");
  app.add_option("--repeat", o.repeat, "The fewest runs per check (default: each check's repeat)")
      ->check(CLI::Range(1, 100));
  app.add_option("--repeat-max", o.repeat_max,
                 "The most runs per check while undecided (default: each check's repeat_max)")
      ->check(CLI::Range(1, 100));
  app.add_option("--report-dir", o.report_dir, "Directory for per-check JSON results ('' = none)");
  app.add_option("--thresholds", o.thresholds, "Threshold files (replace the compiled-in ones)");
  app.add_option("--list-checks", o.list_checks,
                 "Write '<check> <timeout s> <profile> <gtest filter>' lines and exit");
  app.add_option("--report-step", o.report_step,
                 "clear: remove this suite's per-check results; merge: write its reports")
      ->check(CLI::IsMember({"clear", "merge"}));
  app.add_flag("--share-layouts-with-parent", o.share_layouts_with_parent,
               "Under ctest: keep a test file laid out for several checks for the run's later "
               "checks, each a process of its own (iogate_add_suite passes it)");
  app.add_flag("--remove-kept-layouts", o.remove_kept_layouts,
               "Remove the test files this ctest run's checks kept on the datastore, and exit");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    exit_code = app.exit(e) == 0 ? 0 : 2;
    return std::nullopt;
  }
  return o;
}

}  // namespace iogate
