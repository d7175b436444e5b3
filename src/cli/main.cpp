#include <iostream>

#include "commands.hpp"
#include "common/terminal_filter.hpp"
#include "empty_values.hpp"
#include "help_text.hpp"
#include "iogate/engine/io_backend.hpp"
#include "suggest.hpp"

int main(int argc, char** argv) {
  // First: every message after it may carry a path or a value from outside.
  iogate::detail::filter_standard_streams();
  // Before any command, so that nothing runs with a list that disables nothing it meant to.
  if (const auto problem = iogate::disabled_engines_problem()) {
    std::cerr << "iogate: " << *problem << '\n';
    return iogate::cli::kExitBadInput;
  }
  // Named, so the usage line says "iogate", not the path the binary was started by.
  CLI::App app{"iogate: storage performance checks as unit tests", "iogate"};
  app.require_subcommand(1);
  app.set_version_flag("--version", iogate::cli::version_text,
                       "Print the version and the I/O engines built in and usable here");
  int exit_code = iogate::cli::kExitBadInput;
  iogate::cli::add_run_command(app, exit_code);
  iogate::cli::add_check_command(app, exit_code);
  iogate::cli::add_lint_command(app, exit_code);
  iogate::cli::add_report_command(app, exit_code);
  iogate::cli::add_baseline_command(app, exit_code);
  iogate::cli::add_compare_command(app, exit_code);
  iogate::cli::add_fingerprint_command(app, exit_code);
  iogate::cli::add_fleet_command(app, exit_code);
  iogate::cli::add_import_command(app, exit_code);
  iogate::cli::add_propose_command(app, exit_code);
  iogate::cli::add_schema_command(app, exit_code);
  iogate::cli::add_completion_command(app, exit_code);
  iogate::cli::add_help_text(app);
  iogate::cli::refuse_empty_values(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() != 0) {
      if (const auto unknown = iogate::cli::unknown_argument_message(app)) {
        std::cerr << *unknown << '\n';
        return iogate::cli::kExitBadInput;
      }
    }
    return app.exit(e) == 0 ? iogate::cli::kExitOk : iogate::cli::kExitBadInput;
  }
  return exit_code;
}
