// What `--help` says beyond each option's own line, in the user's words rather than the parser's:
//   - each value's name says what it is (DIR, FILE, SIZE, DURATION, N) and its range reads
//     "N (1..100)", not CLI11's "INT:INT in [1 - 100]";
//   - after the options, EXIT STATUS, ENVIRONMENT and EXAMPLES, in the headings help2man turns
//     into sections of the man pages ("Exit status:", "Environment:", "Examples:"), so the
//     terminal and `man iogate-check` say the same thing.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

namespace iogate::cli {

// Rewrites the value names of every option and sets the footer of `app` (iogate itself) and of
// each subcommand, nested ones included ("baseline record", "import fio"). Call after every
// subcommand and option was added.
void add_help_text(CLI::App& app);

// "N (1..100)" for CLI11's "INT:INT in [1 - 100]" of --repeat, "DIR" for the "TEXT" of
// --datastore, "end|none" for "TEXT:{end,none}": what add_help_text shows for an option.
std::string value_name(std::string_view option_name, std::string_view cli11_type);

}  // namespace iogate::cli
