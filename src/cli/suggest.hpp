// Names an unknown subcommand or option, with the closest valid one. CLI11 alone answers
// `iogate chek x.toml` with "A subcommand is required" and `--datastor` with "The following
// arguments were not expected"; a user who typed `chek` wants to read `check`.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iogate::cli {

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbours each cost 1 ("chek" -> "check" 1, "cehck" -> "check" 1).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate `word` most likely meant: one it is the start of (at least 3 characters), else
// the nearest within max(2, word.size() / 3) edits (ties: the first listed); nothing when none is
// that close, since a far-fetched guess misleads more than none.
std::optional<std::string> closest(std::string_view word,
                                   const std::vector<std::string>& candidates);

// After `app.parse` threw: "iogate: unknown subcommand \"chek\"; did you mean \"check\"?" or
// "iogate run: unknown option \"--datastor\"; did you mean \"--datastore\"?", for the first word
// CLI11 left over; nothing when nothing was left over (the parse error says what is wrong then).
std::optional<std::string> unknown_argument_message(CLI::App& app);

}  // namespace iogate::cli
