// iogate fingerprint [--datastore DIR] [--json]: prints the storage stack under a datastore, the
// fields a baseline records and compares (include/iogate/datastore/storage_stack.hpp), as
// aligned text or, with --json, as {"datastore", "storage_stack"} in the results' own encoding
// (result_json.hpp), for scripts and configuration management.
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "datastore_flags.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "iogate/runner/run_settings.hpp"
#include "results/result_json.hpp"

namespace iogate::cli {

void add_fingerprint_command(CLI::App& app, int& exit_code) {
  auto datastore = std::make_shared<std::optional<std::string>>();
  auto json = std::make_shared<bool>(false);
  CLI::App* sub = app.add_subcommand("fingerprint", "Print the storage stack under a datastore");
  add_datastore_option(*sub, *datastore);
  sub->add_flag("--json", *json, "Print it as JSON: {\"datastore\", \"storage_stack\"}");
  sub->callback([datastore, json, &exit_code] {
    try {
      const auto dir = resolve_datastore({.dir = *datastore}).dir;
      const StorageStack stack = read_storage_stack(dir);
      if (*json) {
        const nlohmann::json doc = {{"datastore", dir.string()},
                                    {"storage_stack", storage_stack_to_json(stack)}};
        std::cout << doc.dump(2) << '\n';
      } else {
        for (const auto& [key, value] : stack.fields())
          std::cout << fmt::format("{:<20} {}\n", key, value);
      }
      exit_code = kExitOk;
    } catch (const std::exception& e) {
      std::cerr << "iogate: " << e.what() << '\n';
      exit_code = kExitBadInput;
    }
  });
}

}  // namespace iogate::cli
