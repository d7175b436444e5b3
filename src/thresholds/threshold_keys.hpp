// Private to the threshold parser: the keys of a threshold file, table by table, each with the
// shape of its value and a line for the reader.
//
// The parser refuses every key these tables do not list (reject_unknown_keys), and `iogate
// schema` (threshold_schema.cpp) describes the format from the same tables, so an editor that
// validates with the schema knows the keys the parser knows. A table says only what a JSON Schema
// can check: the type, the spelling, the choices, a range, the keys a table requires. Every value
// is still decided by its reader (toml_fields.hpp and the section readers), which also own the
// rules across keys (size a multiple of block_size, keys [defaults] lends, unique check names).
// threshold_keys_gtest holds each table to its reader: every example and every choice parses, and
// every range's edges are accepted and the values just past them refused.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace iogate::thresholds_detail {

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

// A threshold file: [suite], [defaults] and [[check]].
const TableSpec& document_table();
const TableSpec& suite_table();
const TableSpec& check_table();
// [defaults] and [check.workload].
const TableSpec& workload_table();
// One entry of block_mix: { size = "4KiB", pct = 60 }.
const TableSpec& block_mix_table();

// What make_backend() knows; "auto" picks the best one available at run time.
std::span<const std::string_view> engine_names();

}  // namespace iogate::thresholds_detail
