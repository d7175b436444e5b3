// See display_text.hpp.
#include "display_text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace iogate {
namespace {

// U+0080-U+009F: C1 controls, which terminals may act on (U+009B is CSI) like their ESC forms.
bool is_c1(std::string_view text, std::size_t i, std::size_t n) {
  return n == 2 && static_cast<unsigned char>(text[i]) == 0xC2 &&
         static_cast<unsigned char>(text[i + 1]) < 0xA0;
}

// Whether the UTF-8 sequence of `n` bytes at text[i] is a control: C0, DEL or C1.
bool is_control(std::string_view text, std::size_t i, std::size_t n) {
  const auto u = static_cast<unsigned char>(text[i]);
  return (n == 1 && (u < 0x20 || u == 0x7F)) || is_c1(text, i, n);
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  std::size_t n = 0;
  char32_t cp = 0;
  if (b0 < 0x80) return 1;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
    cp = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    cp = b0 & 0x0Fu;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    cp = b0 & 0x07u;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  const bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
  if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF)
    return 0;
  return n;
}

std::string counted(std::size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto u = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_sequence_length(text, i);
    if (n == 0 || is_control(text, i, n)) {
      out += fmt::format("\\x{:02x}", u);
      ++i;
      continue;
    }
    out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

std::optional<std::string> path_control_problem(std::string_view path) {
  for (std::size_t i = 0; i < path.size();) {
    const std::size_t n = std::max<std::size_t>(utf8_sequence_length(path, i), 1);
    if (is_control(path, i, n))
      return fmt::format(
          "its path holds a control character ({}), which would split or rewrite the lines of "
          "the messages and reports that name it; give a path without one",
          printable(path.substr(i, n)));
    i += n;
  }
  return std::nullopt;
}

std::string quoted_excerpt(std::string_view text, std::size_t max_bytes) {
  std::size_t cut = std::min(text.size(), max_bytes);
  // Not inside a UTF-8 sequence: a cut one would show as escapes that were never in the input.
  while (cut > 0 && cut < text.size() && (static_cast<unsigned char>(text[cut]) & 0xC0u) == 0x80u)
    --cut;
  std::string out = "\"";
  for (const char c : printable(text.substr(0, cut))) {
    if (c == '"') out += '\\';
    out += c;
  }
  out += '"';
  if (cut < text.size()) out += fmt::format("... ({} bytes)", text.size());
  return out;
}

std::string markdown_text(std::string_view text) {
  std::string out;
  for (const char c : printable(text)) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '|':
      case '`':
      case '\\':
        out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string markdown_code(std::string_view text) {
  std::string out = printable(text);
  for (char& c : out)
    if (c == '`') c = '\'';
  return out;
}

}  // namespace iogate
