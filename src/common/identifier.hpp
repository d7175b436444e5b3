// The spelling of a name that becomes a test name (a suite's, a check's): ASCII letters, digits
// and '_', at least one. The threshold parser, `iogate propose --suite` and propose's check names
// hold names to this one rule, and the imports make other tools' names into such names by it.
#pragma once

#include <string_view>

namespace iogate {

constexpr bool is_identifier_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

constexpr bool is_identifier(std::string_view text) {
  if (text.empty()) return false;
  for (const char c : text)
    if (!is_identifier_char(c)) return false;
  return true;
}

}  // namespace iogate
