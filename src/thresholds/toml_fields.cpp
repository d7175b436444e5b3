#include "toml_fields.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "common/identifier.hpp"

namespace iogate::thresholds_detail {

SourceLocation location(const std::filesystem::path& file, const toml::source_region& region) {
  return SourceLocation{file, static_cast<int>(region.begin.line),
                        static_cast<int>(region.begin.column)};
}

std::string Section::path(std::string_view key) const {
  if (table.empty()) return std::string(key);
  return fmt::format("{}.{}", table, key);
}

std::string Section::key(std::string_view key) const {
  if (owner.empty()) return path(key);
  return fmt::format("{}: {}", owner, path(key));
}

void Section::fail(const toml::source_region& where, std::string_view key,
                   std::string problem) const {
  throw ThresholdError(location(file, where), this->key(key), std::move(problem));
}

std::string describe(const toml::node& node) {
  if (node.is_table()) return "a table";
  if (node.is_array()) return "an array";
  if (const auto* s = node.as_string()) return fmt::format("a string (\"{}\")", s->get());
  if (const auto* i = node.as_integer()) return fmt::format("an integer ({})", i->get());
  if (const auto* f = node.as_floating_point()) return fmt::format("a number ({})", f->get());
  if (const auto* b = node.as_boolean()) return fmt::format("a boolean ({})", b->get());
  return "a date or time";
}

void reject_unknown_keys(const Section& section, const toml::table& table,
                         const std::function<bool(std::string_view)>& is_valid,
                         std::string_view valid_keys) {
  const toml::key* first = nullptr;
  for (auto&& [key, value] : table) {
    if (!is_valid(key.str()) && (first == nullptr || before(key.source(), first->source())))
      first = &key;
  }
  if (first == nullptr) return;
  section.fail(first->source(), first->str(),
               fmt::format("unknown key; valid keys here are {}", valid_keys));
}

void reject_unknown_keys(const Section& section, const toml::table& table,
                         std::span<const std::string_view> valid) {
  const auto is_valid = [valid](std::string_view key) {
    return std::find(valid.begin(), valid.end(), key) != valid.end();
  };
  reject_unknown_keys(section, table, is_valid, fmt::format("{}", fmt::join(valid, ", ")));
}

void reject_unknown_keys(const Section& section, const toml::table& table, const TableSpec& spec) {
  std::vector<std::string_view> names;
  for (const KeySpec& key : spec.keys) names.push_back(key.name);
  reject_unknown_keys(section, table, names);
}

const toml::table* optional_table(const Section& section, const toml::table& parent,
                                  std::string_view key) {
  const toml::node* node = parent.get(key);
  if (node == nullptr) return nullptr;
  if (!node->is_table()) {
    section.fail(*node, key, fmt::format("expected a table, got {}", describe(*node)));
  }
  return node->as_table();
}

std::string string_value(const Section& s, const toml::node& n, std::string_view key) {
  if (!n.is_string()) s.fail(n, key, fmt::format("expected a string, got {}", describe(n)));
  return std::string(n.as_string()->get());
}

std::string identifier_value(const Section& s, const toml::node& n, std::string_view key) {
  std::string text = string_value(s, n, key);
  if (!is_identifier(text)) {
    s.fail(n, key,
           fmt::format("expected an identifier of letters, digits and underscores "
                       "(it becomes a test name), got \"{}\"",
                       text));
  }
  return text;
}

bool bool_value(const Section& s, const toml::node& n, std::string_view key) {
  if (!n.is_boolean()) {
    s.fail(n, key, fmt::format("expected true or false, got {}", describe(n)));
  }
  return n.as_boolean()->get();
}

std::int64_t integer_value(const Section& s, const toml::node& n, std::string_view key) {
  if (!n.is_integer()) {
    s.fail(n, key, fmt::format("expected a whole number, got {}", describe(n)));
  }
  return n.as_integer()->get();
}

std::uint64_t size_value(const Section& s, const toml::node& n, std::string_view key) {
  if (n.is_integer()) {
    const std::int64_t bytes = n.as_integer()->get();
    if (bytes < 0) s.fail(n, key, fmt::format("expected a size of 0 bytes or more, got {}", bytes));
    return static_cast<std::uint64_t>(bytes);
  }
  if (!n.is_string()) {
    s.fail(n, key,
           fmt::format(R"(expected a size like "8k", "8KiB" or "8GiB", got {})", describe(n)));
  }
  try {
    return parse_size(n.as_string()->get());
  } catch (const UnitError& e) {
    s.fail(n, key, e.what());
  }
}

Nanoseconds duration_value(const Section& s, const toml::node& n, std::string_view key) {
  if (n.is_integer() || n.is_floating_point()) {
    const double seconds = n.value<double>().value_or(-1.0);
    // Past ~292 years the nanosecond count overflows; no run is that long.
    if (!(seconds >= 0.0 && seconds < 9e9)) {
      s.fail(n, key, fmt::format("expected a duration of 0 seconds or more, got {}", describe(n)));
    }
    return Nanoseconds{static_cast<Nanoseconds::rep>(std::llround(seconds * 1e9))};
  }
  if (!n.is_string()) {
    s.fail(n, key,
           fmt::format(R"(expected a duration like "200ms", "20s", "2m30s" or "1h", got {})",
                       describe(n)));
  }
  try {
    return parse_duration(n.as_string()->get());
  } catch (const UnitError& e) {
    s.fail(n, key, e.what());
  }
}

double percent_value(const Section& s, const toml::node& n, std::string_view key) {
  if (n.is_integer() || n.is_floating_point()) {
    const double pct = n.value<double>().value_or(-1.0);
    if (!(pct >= 0.0 && pct <= 100.0)) {
      s.fail(n, key, fmt::format("expected a percentage from 0 to 100, got {}", describe(n)));
    }
    return pct;
  }
  if (!n.is_string()) {
    s.fail(n, key, fmt::format(R"(expected a percentage like "65%", got {})", describe(n)));
  }
  try {
    return parse_percent(n.as_string()->get());
  } catch (const UnitError& e) {
    s.fail(n, key, e.what());
  }
}

}  // namespace iogate::thresholds_detail
