// The spelling of a name that becomes a test name (a suite's, a check's): ASCII letters, digits
// and '_', at least one. The threshold parser, `iogate propose --suite` and propose's check names
// hold names to this one rule.
#pragma once

#include <string_view>

namespace iogate {

constexpr bool is_identifier(std::string_view text) {
  if (text.empty()) return false;
  for (const char c : text) {
    const bool ok =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

}  // namespace iogate
