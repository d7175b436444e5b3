// The patterns of value_patterns.hpp, spelled after units.cpp's parser: blanks are trimmed and
// skipped between a number and its unit, a number is digits with an optional fraction ("1.5",
// never "1." or ".5"), and units compare without regard to case. Blanks are \s, which in Python
// and JavaScript also matches the Unicode spaces isspace() does not: the one way a pattern is
// wider than the parser's spelling, and short enough to read in an editor's hover.
#include "value_patterns.hpp"

#include <fmt/format.h>

namespace iogate::thresholds_detail {
namespace {

constexpr std::string_view kBlanks = "\\s*";
constexpr std::string_view kNumber = "[0-9]+(?:\\.[0-9]+)?";

}  // namespace

std::string size_pattern() {
  return fmt::format("^{0}{1}{0}(?:[bB]|[kKmMgGtTpPeE](?:[iI]?[bB])?)?{0}$", kBlanks, kNumber);
}

std::string duration_pattern() {
  // Micro is "us" in any case, or "µs" with either of the two micro signs.
  std::string units;
  for (const std::string_view unit :
       {"[hH]", "[mM]", "[sS]", "[mM][sS]", "(?:[uU][sS]|\u00b5s|\u03bcs)", "[nN][sS]"})
    units += fmt::format("(?:{1}{0}{2}{0})?", kBlanks, kNumber, unit);
  return fmt::format("^{0}(?:{1}{0}|{2})$", kBlanks, kNumber, units);
}

std::string percent_pattern() {
  // Leading zeros are only digits: "0100" is 100, and "100.5" is over.
  return fmt::format("^{0}0*(?:100(?:\\.0+)?|[0-9]{{1,2}}(?:\\.[0-9]+)?){0}%?{0}$", kBlanks);
}

}  // namespace iogate::thresholds_detail
