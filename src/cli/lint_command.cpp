// iogate lint FILE... [--baseline B]: parses threshold files without running anything, and says of
// each check whose run budget can never fail a bound (verdicts/decidable.hpp): a gate that
// can only pass or be unstable. Relative bounds are asked against the baseline named (--baseline,
// else $IOGATE_BASELINE), else against the fewest runs `baseline record` keeps.
// Exit 0 every file parsed (whatever it warns of), 2 a file or the named baseline is bad.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "iogate/runner/run_settings.hpp"
#include "verdicts/baseline_precision.hpp"
#include "verdicts/decidable.hpp"

namespace iogate::cli {
namespace {

struct LintFlags {
  std::vector<std::string> files;
  std::optional<std::string> baseline;
};

// The runs of the named baseline's record of `check`, or the fewest a recording keeps when none
// is named.
std::optional<int> runs_against(const Check& check, const std::optional<Baseline>& baseline) {
  if (!baseline) return kRecordingFewestRuns;
  const BaselineCheck* recorded = baseline->find(check.name);
  return recorded != nullptr ? baseline_runs(check, recorded->samples) : std::nullopt;
}

void warn_undecidable(const std::string& path, const ThresholdFile& file,
                      const std::optional<Baseline>& baseline) {
  for (const Check& check : file.checks)
    for (const UndecidableBound& b : bounds_that_cannot_fail(check, runs_against(check, baseline)))
      std::cout << path << ": check " << check.name << ": warning: " << describe(b)
                << (b.baseline_runs > 0 && !baseline
                        ? fmt::format(" (no baseline named: taken to hold {} runs, the fewest "
                                      "baseline record keeps)",
                                      kRecordingFewestRuns)
                        : "")
                << '\n';
}

}  // namespace

std::optional<ThresholdFile> load_or_report(const std::string& path) {
  try {
    return load_threshold_file(path);
  } catch (const ThresholdError& e) {
    std::cerr << e.what() << '\n';
    return std::nullopt;
  }
}

void add_lint_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<LintFlags>();
  CLI::App* sub = app.add_subcommand("lint", "Check threshold files without running them");
  sub->add_option("files", flags->files, "Threshold files")->required();
  sub->add_option(
      "--baseline", flags->baseline,
      "Baseline whose runs relative bounds are weighed against (else $IOGATE_BASELINE)");
  sub->callback([flags, &exit_code] {
    exit_code = kExitOk;
    std::optional<Baseline> baseline;
    try {
      baseline = load_named_baseline(resolve_baseline(flags->baseline, ""));
    } catch (const std::exception& e) {
      std::cerr << "iogate: " << e.what() << '\n';
      exit_code = kExitBadInput;
      return;
    }
    for (const std::string& path : flags->files) {
      const std::optional<ThresholdFile> file = load_or_report(path);
      if (!file) {
        exit_code = kExitBadInput;
        continue;
      }
      std::cout << path << ": ok (suite " << file->suite << ", " << file->checks.size()
                << " checks)\n";
      warn_undecidable(path, *file, baseline);
    }
  });
}

}  // namespace iogate::cli
