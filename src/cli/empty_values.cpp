#include "empty_values.hpp"

#include <string>

namespace iogate::cli {

namespace {

// No description and no name: the rule adds nothing to the options' help lines.
CLI::Validator non_empty() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        return value.empty() ? "expected a value, got an empty string (an unset variable?)" : "";
      },
      "", "");
}

}  // namespace

void refuse_empty_values(CLI::App& app) {
  for (CLI::Option* option : app.get_options())
    if (option->get_type_size() != 0) option->check(non_empty());
  for (CLI::App* sub : app.get_subcommands({})) refuse_empty_values(*sub);
}

}  // namespace iogate::cli
