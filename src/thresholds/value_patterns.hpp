// Private to the threshold parser: the spellings iogate/common/units.hpp reads, as the patterns of
// `iogate schema` (ECMA-262, the dialect of JSON Schema's "pattern", which Python's re and
// std::regex's ECMAScript grammar read alike).
//
// A pattern says how a value may be spelled, not how large it may be: "1.1k" (not a whole number
// of bytes), "20EiB" (over 16 EiB) and numbers of more than 24 digits match it and are still
// refused by the parser. Percentages are the exception: their range, 0 to 100, is in the pattern.
// value_patterns_gtest holds each pattern to its parser over a generated corpus of spellings.
#pragma once

#include <string>
#include <string_view>

namespace iogate::thresholds_detail {

// parse_size: a number, then "", "b", or a binary prefix alone, with "b" or with "ib".
std::string size_pattern();

// parse_duration: a number alone (seconds), or numbers each with a unit, the units from the
// largest to the smallest and each at most once. A duration needs kDigitPattern too: on its own,
// duration_pattern() also matches a string of blanks.
std::string duration_pattern();
inline constexpr std::string_view kDigitPattern = "[0-9]";

// parse_percent: a number from 0 to 100, '%' optional.
std::string percent_pattern();

}  // namespace iogate::thresholds_detail
