// iogate lint FILE...: parses threshold files without running anything.
#include <iostream>
#include <memory>

#include "commands.hpp"

namespace iogate::cli {

std::optional<ThresholdFile> load_or_report(const std::string& path) {
  try {
    return load_threshold_file(path);
  } catch (const ThresholdError& e) {
    std::cerr << e.what() << '\n';
    return std::nullopt;
  }
}

void add_lint_command(CLI::App& app, int& exit_code) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand("lint", "Check threshold files without running them");
  sub->add_option("files", *files, "Threshold files")->required();
  sub->callback([files, &exit_code] {
    exit_code = kExitOk;
    for (const std::string& path : *files) {
      const std::optional<ThresholdFile> file = load_or_report(path);
      if (!file) {
        exit_code = kExitBadInput;
        continue;
      }
      std::cout << path << ": ok (suite " << file->suite << ", " << file->checks.size()
                << " checks)\n";
    }
  });
}

}  // namespace iogate::cli
