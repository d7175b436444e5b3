#include "xml_text.hpp"

#include "common/display_text.hpp"

namespace iogate::xml {
namespace {

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD

std::string escape(std::string_view in, bool in_attribute) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size();) {
    const char c = in[i];
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80) {
      const std::size_t n = utf8_sequence_length(in, i);
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
