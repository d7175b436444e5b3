// iogate fingerprint [--datastore DIR]: prints the storage stack under a datastore, the fields a
// baseline records and compares (include/iogate/datastore/storage_stack.hpp).
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "iogate/runner/run_settings.hpp"

namespace iogate::cli {

void add_fingerprint_command(CLI::App& app, int& exit_code) {
  auto datastore = std::make_shared<std::optional<std::string>>();
  CLI::App* sub = app.add_subcommand("fingerprint", "Print the storage stack under a datastore");
  sub->add_option("--datastore", *datastore, "Datastore directory (else $IOGATE_DATASTORE)");
  sub->callback([datastore, &exit_code] {
    try {
      const auto dir = resolve_datastore({.dir = *datastore}).dir;
      for (const auto& [key, value] : read_storage_stack(dir).fields())
        std::cout << fmt::format("{:<20} {}\n", key, value);
      exit_code = kExitOk;
    } catch (const std::exception& e) {
      std::cerr << "iogate: " << e.what() << '\n';
      exit_code = kExitBadInput;
    }
  });
}

}  // namespace iogate::cli
