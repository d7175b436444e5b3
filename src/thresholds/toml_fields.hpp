// Private to the threshold parser: typed reads of TOML values that turn every mistake into a
// ThresholdError naming the file, line, column, key and what was expected.
//
// Keys in errors read as a user would search the file for them: "suite.name", "defaults.ramp",
// and, inside a check, `check "seq_write_8k": workload.block_size` (or `check[3]: ...`, counting
// [[check]] tables from 1, when the check has no usable name yet).
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "iogate/common/units.hpp"
#include "iogate/thresholds/threshold_file.hpp"
#include "threshold_keys.hpp"

namespace iogate::thresholds_detail {

SourceLocation location(const std::filesystem::path& file, const toml::source_region& region);

// One TOML table being read: where it is, and how its keys are named in errors.
struct Section {
  const std::filesystem::path& file;
  std::string owner;  // `check "x"`, or empty outside a check
  std::string table;  // "suite", "defaults", "workload", "expect", or empty for the top level

  // "workload.block_size" (the path inside the owner) and the full key for errors.
  std::string path(std::string_view key) const;
  std::string key(std::string_view key) const;

  [[noreturn]] void fail(const toml::source_region& where, std::string_view key,
                         std::string problem) const;
  [[noreturn]] void fail(const toml::node& node, std::string_view key, std::string problem) const {
    fail(node.source(), key, std::move(problem));
  }
};

// A value's description for "got ...": `a boolean (true)`, `a string ("8q")`.
std::string describe(const toml::node& node);

// Rejects the first key, in file order, that `is_valid` refuses; the error lists `valid_keys`.
void reject_unknown_keys(const Section& section, const toml::table& table,
                         const std::function<bool(std::string_view)>& is_valid,
                         std::string_view valid_keys);
void reject_unknown_keys(const Section& section, const toml::table& table,
                         std::span<const std::string_view> valid);
// The keys of `spec` (threshold_keys.hpp), in its order.
void reject_unknown_keys(const Section& section, const toml::table& table, const TableSpec& spec);

// The sub-table at `key`, or nullptr when absent; anything but a table is an error.
const toml::table* optional_table(const Section& section, const toml::table& parent,
                                  std::string_view key);

std::string string_value(const Section& s, const toml::node& n, std::string_view key);
// [A-Za-z0-9_]+: it becomes a GoogleTest name, a ctest name or a ctest label.
inline constexpr std::string_view kIdentifierPattern = "^[A-Za-z0-9_]+$";
std::string identifier_value(const Section& s, const toml::node& n, std::string_view key);
bool bool_value(const Section& s, const toml::node& n, std::string_view key);
std::int64_t integer_value(const Section& s, const toml::node& n, std::string_view key);
// A string with a unit ("8k") or an integer number of bytes.
std::uint64_t size_value(const Section& s, const toml::node& n, std::string_view key);
// A string with a unit ("2m30s") or a number of seconds.
Nanoseconds duration_value(const Section& s, const toml::node& n, std::string_view key);
// "65%", "0.5%" or a number, 0..100.
double percent_value(const Section& s, const toml::node& n, std::string_view key);

// The start of the document: where "this whole table is missing" errors point.
inline toml::source_region document_start() { return toml::source_region{{1, 1}, {1, 1}, nullptr}; }

// The source position of a node, comparable: for "first in the file" decisions.
inline bool before(const toml::source_region& a, const toml::source_region& b) {
  return a.begin.line != b.begin.line ? a.begin.line < b.begin.line
                                      : a.begin.column < b.begin.column;
}

}  // namespace iogate::thresholds_detail
