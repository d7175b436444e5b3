// Blanks cut from both ends of a piece of text: a value read from a file, a cell of a table, a
// string a device reports. The set of blanks is the reader's to say, because the formats differ:
// kBlanks for text that may run over lines, kSpaceAndTab inside one line already cut from its
// end, where any other control character would be part of the value. A caller that needs another
// set passes it and says why.
#pragma once

#include <algorithm>
#include <string_view>

namespace iogate {

// What std::isspace() calls a space in the "C" locale, the only one iogate runs in: space, tab,
// newline, vertical tab, form feed and carriage return.
inline constexpr std::string_view kBlanks = " \t\n\v\f\r";
// The blanks of a line whose end is already gone.
inline constexpr std::string_view kSpaceAndTab = " \t";

// `text` without the characters of `blanks` at either end; an empty view at text's end when it
// holds nothing else.
constexpr std::string_view trim_blanks(std::string_view text, std::string_view blanks = kBlanks) {
  text.remove_prefix(std::min(text.find_first_not_of(blanks), text.size()));
  const std::size_t last = text.find_last_not_of(blanks);  // npos when text is empty
  text.remove_suffix(text.size() - (last == std::string_view::npos ? 0 : last + 1));
  return text;
}

}  // namespace iogate
