// iogate schema [-o FILE]: the JSON Schema of threshold files
// (thresholds/threshold_schema.hpp), for an editor to validate and complete them with; the
// package installs the same text.
#include <iostream>
#include <memory>
#include <string>

#include "commands.hpp"
#include "iogate/common/output_file.hpp"
#include "output_flag.hpp"
#include "thresholds/threshold_schema.hpp"

namespace iogate::cli {

void add_schema_command(CLI::App& app, int& exit_code) {
  auto output = std::make_shared<std::string>(kStandardOutput);
  CLI::App* sub =
      app.add_subcommand("schema", "Print the JSON Schema of threshold files, for editors");
  add_out_option(*sub, *output, "Write the schema to this file (default: stdout)", true);
  sub->callback([output, &exit_code] {
    try {
      write_output_text(*output, threshold_schema());
      exit_code = kExitOk;
    } catch (const std::exception& e) {
      std::cerr << "iogate schema: " << e.what() << '\n';
      exit_code = kExitBadInput;
    }
  });
}

}  // namespace iogate::cli
