// One rule for every option and argument that takes a value: an empty one is refused by name
// before any command runs. `--junit "$OUT"` with OUT unset, or `--datastore ''`, is a mistake in
// a script, never a choice; read as "not given" it would write no report, or measure the default
// datastore instead of the one named.
#pragma once

#include <CLI/CLI.hpp>

namespace iogate::cli {

// Adds the rule to every option of `app` and of its subcommands, at any depth, that takes a value.
void refuse_empty_values(CLI::App& app);

}  // namespace iogate::cli
