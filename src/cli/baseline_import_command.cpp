// The command every `iogate baseline import TOOL` shares (baseline_import.hpp).
#include <cmath>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "baseline_import.hpp"
#include "commands.hpp"
#include "common/display_text.hpp"
#include "output_flag.hpp"

namespace iogate::cli {
namespace {

struct ImportFlags {
  std::string results;
  std::string out;
  bool force = false;
};

// `baseline import`, made by the first tool's command and found by the others'.
CLI::App& import_subcommand(CLI::App& baseline) {
  const std::vector<CLI::App*> made =
      baseline.get_subcommands([](CLI::App* s) { return s->get_name() == "import"; });
  if (!made.empty()) return *made.front();
  CLI::App* import = baseline.add_subcommand(
      "import", "Make a baseline of another tool's results (one figure per check)");
  import->require_subcommand(1);
  return *import;
}

int run_import(const ImportFlags& flags, const BaselineImporter& importer) {
  try {
    const Baseline b = importer.read(flags.results);
    save_baseline(flags.out, b, flags.force ? IfExists::replace : IfExists::refuse);
    std::cout << fmt::format("wrote {}: {} from {} ({}), one figure each\n", flags.out,
                             counted(b.checks.size(), "check"), flags.results, b.imported->tool);
    return kExitOk;
  } catch (const ThresholdError& e) {
    std::cerr << e.what() << "\niogate: baseline not written\n";
  } catch (const std::exception& e) {
    std::cerr << "iogate: baseline not written: " << e.what() << '\n';
  }
  return kExitBadInput;
}

}  // namespace

CLI::App& add_baseline_import(CLI::App& baseline, int& exit_code, BaselineImporter importer) {
  auto flags = std::make_shared<ImportFlags>();
  auto shared = std::make_shared<BaselineImporter>(std::move(importer));
  CLI::App* sub = import_subcommand(baseline).add_subcommand(shared->tool, shared->description);
  sub->add_option("results", flags->results, shared->results_help)->required();
  add_out_option(*sub, flags->out, "Baseline JSON to write")->required();
  sub->add_flag("--force", flags->force, "Replace the baseline file if it exists");
  sub->callback([flags, shared, &exit_code] { exit_code = run_import(*flags, *shared); });
  return *sub;
}

void keep_imported_figure(MetricSamples& samples, const std::string& key, double value) {
  if (std::isfinite(value) && value > 0) samples[key] = {value};
}

}  // namespace iogate::cli
