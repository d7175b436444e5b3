// -o/--out, the one spelling of "the file this command writes" across iogate's commands (import,
// schema, completion, propose, baseline record and baseline import). `import`, `schema` and
// `completion` once spelt it --output: that spelling is still read, hidden from the help, and
// naming both is refused, so a script written for either keeps working.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace iogate::cli {

// Adds -o,--out writing to `out`, and the hidden --output when the command once spelt it so; the
// option, for ->required() and the like (a command that requires it has no old spelling to keep).
CLI::Option* add_out_option(CLI::App& sub, std::string& out, const std::string& help,
                            bool reads_old_output_spelling = false);

}  // namespace iogate::cli
