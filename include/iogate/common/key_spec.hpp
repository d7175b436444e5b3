// How a key of a file iogate reads is spelt and what its value may be: the shape a JSON Schema
// can check (the type, the spelling, the choices, a range, the keys a table requires) and a line
// for the reader. The threshold format's tables (src/thresholds/threshold_keys.hpp) and the
// workload's vocabulary (iogate/engine/workload_keys.hpp) are written in it, so `iogate schema`,
// the parser's "valid keys here are ..." and the manual describe each key from one row.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace iogate {

enum class ValueKind {
  text,
  identifier,  // letters, digits and '_' (identifier_value)
  boolean,
  whole,     // an integer
  number,    // an integer or a float
  size,      // "8KiB", or a number of bytes (size_value)
  duration,  // "2m30s", or a number of seconds (duration_value)
  percent,   // "65%", or a number (percent_value)
  choice,    // one of `choices`
  bound,     // a bound of [check.expect]: its metric says its unit (expectation_keys.hpp)
  table,     // a table of the keys `table()` lists
  tables,    // an array of such tables ([[check]], block_mix)
};

struct TableSpec;

struct KeySpec {
  std::string_view name;
  std::string_view help;  // one line, in the user's words
  ValueKind kind;
  bool required = false;
  // The range of a number, and of the number spelling of a size, duration (seconds) or percent;
  // a text's length; a table's or an array's number of entries. `above`: min itself is refused.
  std::optional<double> min = std::nullopt;
  std::optional<double> max = std::nullopt;
  bool above = false;
  std::uint64_t multiple_of = 0;  // a size's number spelling, in bytes
  std::span<const std::string_view> choices = {};
  std::string_view pattern = {};          // a text's spelling (ECMA-262, as JSON Schema reads it)
  const TableSpec& (*table)() = nullptr;  // a table's keys, or an array's tables'
  std::string_view needs = {};    // a key of the same table without which this one is refused
  std::string_view example = {};  // a value the parser accepts, as TOML text
};

struct TableSpec {
  // Names a table several keys take ([defaults] and [check.workload]): described once.
  std::string_view name;
  std::string_view help;
  std::span<const KeySpec> keys;
  std::span<const std::string_view> exactly_one_of = {};  // a table needs one of these, not two
  // Keys beyond `keys` whose names match this pattern, each taking what `more_like` (one of them)
  // takes: the percentile bounds of [check.expect].
  std::string_view more_keys = {};
  const KeySpec* more_like = nullptr;
};

// The choices as a sentence names them: "\"end\" or \"none\"", "written, preallocated or grown".
inline std::string choices_text(std::span<const std::string_view> choices, bool quoted = true) {
  std::string text;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) text += i + 1 == choices.size() ? " or " : ", ";
    if (quoted) text += '"';
    text += choices[i];
    if (quoted) text += '"';
  }
  return text;
}

}  // namespace iogate
