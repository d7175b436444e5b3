// iogate lint FILE...: parses threshold files without running anything.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::cli {

void add_lint_command(CLI::App& app, int& exit_code) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand("lint", "Check threshold files without running them");
  sub->add_option("files", *files, "Threshold files")->required();
  sub->callback([files, &exit_code] {
    exit_code = kExitOk;
    for (const std::string& path : *files) {
      try {
        const ThresholdFile file = load_threshold_file(path);
        std::cout << path << ": ok (suite " << file.suite << ", " << file.checks.size()
                  << " checks)\n";
      } catch (const ThresholdError& e) {
        std::cerr << e.what() << '\n';
        exit_code = kExitBadInput;
      }
    }
  });
}

}  // namespace iogate::cli
