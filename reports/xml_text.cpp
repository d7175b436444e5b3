#include "xml_text.hpp"

namespace iogate::xml {
namespace {

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the valid UTF-8 sequence starting at in[i] (1..4), or 0 when it is invalid. Rejects
// overlong forms, surrogates, code points above U+10FFFF and U+FFFE/U+FFFF (not XML characters).
std::size_t utf8_length(std::string_view in, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(in[k]); };
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
  if (i + n > in.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  const bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
  if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF)
    return 0;
  return n;
}

std::string escape(std::string_view in, bool in_attribute) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size();) {
    const char c = in[i];
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80) {
      const std::size_t n = utf8_length(in, i);
      if (n == 0) {
        out += kReplacement;
        ++i;
      } else {
        out.append(in.substr(i, n));
        i += n;
      }
      continue;
    }
    ++i;
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += in_attribute ? "&quot;" : "\"";
        break;
      case '\'':
        out += in_attribute ? "&apos;" : "'";
        break;
      case '\t':
        out += in_attribute ? "&#9;" : "\t";
        break;
      case '\n':
        out += in_attribute ? "&#10;" : "\n";
        break;
      case '\r':
        out += "&#13;";
        break;
      default:
        if (u < 0x20 || u == 0x7F) {
          // 0x7F is allowed by XML 1.0 but shows as nothing; replace it like the forbidden ones.
          out += kReplacement;
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace

std::string text(std::string_view in) { return escape(in, false); }
std::string attribute(std::string_view in) { return escape(in, true); }

}  // namespace iogate::xml
