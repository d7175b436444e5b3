// The JSON text reader: nlohmann's lexer and SAX grammar over the text in place (see
// json_text_reader.hpp for what is kept identical, and why).
#include "json_text_reader.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

namespace iogate::json_text {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_whitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

void append_utf8(std::string& out, unsigned codepoint) {
  if (codepoint < 0x80) {
    out += static_cast<char>(codepoint);
  } else if (codepoint <= 0x7FF) {
    out += static_cast<char>(0xC0U | (codepoint >> 6U));
    out += static_cast<char>(0x80U | (codepoint & 0x3FU));
  } else if (codepoint <= 0xFFFF) {
    out += static_cast<char>(0xE0U | (codepoint >> 12U));
    out += static_cast<char>(0x80U | ((codepoint >> 6U) & 0x3FU));
    out += static_cast<char>(0x80U | (codepoint & 0x3FU));
  } else {
    out += static_cast<char>(0xF0U | (codepoint >> 18U));
    out += static_cast<char>(0x80U | ((codepoint >> 12U) & 0x3FU));
    out += static_cast<char>(0x80U | ((codepoint >> 6U) & 0x3FU));
    out += static_cast<char>(0x80U | (codepoint & 0x3FU));
  }
}

// The continuation bytes a UTF-8 lead byte needs, as nlohmann's ranges (RFC 3629's table): each
// [low, high]; none for an ASCII byte, and `bad` for a byte no character starts with.
struct Utf8Lead {
  int count = 0;
  unsigned char low[3] = {}, high[3] = {};
  bool bad = false;
};

Utf8Lead utf8_lead(unsigned char b) {
  if (b < 0x80) return {};
  if (b >= 0xC2 && b <= 0xDF) return {1, {0x80}, {0xBF}};
  if (b == 0xE0) return {2, {0xA0, 0x80}, {0xBF, 0xBF}};
  if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF) return {2, {0x80, 0x80}, {0xBF, 0xBF}};
  if (b == 0xED) return {2, {0x80, 0x80}, {0x9F, 0xBF}};
  if (b == 0xF0) return {3, {0x90, 0x80, 0x80}, {0xBF, 0xBF, 0xBF}};
  if (b >= 0xF1 && b <= 0xF3) return {3, {0x80, 0x80, 0x80}, {0xBF, 0xBF, 0xBF}};
  if (b == 0xF4) return {3, {0x80, 0x80, 0x80}, {0x8F, 0xBF, 0xBF}};
  Utf8Lead out;
  out.bad = true;
  return out;
}

}  // namespace

Reader::Token Reader::ends(std::size_t end, Token token) {
  next_ = end;
  position_ = end;
  taken_ = std::max(taken_, end);
  return token;
}

Reader::Token Reader::error_at(std::size_t at) {
  position_ = at + 1;
  return Token::parse_error;
}

bool Reader::refuse(bool number_too_large) {
  error_ = SyntaxError{position_, number_too_large};
  return false;
}

bool Reader::skip_byte_order_mark() {
  const auto byte = [this](std::size_t i) {
    return i < text_.size() ? static_cast<unsigned char>(text_[i]) : 0x100U;
  };
  if (byte(0) != 0xEF) return true;  // none
  if (byte(1) != 0xBB) return error_at(1), false;
  if (byte(2) != 0xBF) return error_at(2), false;
  next_ = 3;
  return true;
}

Reader::Token Reader::scan() {
  if (!started_) {
    started_ = true;
    if (!skip_byte_order_mark()) return Token::parse_error;
  }
  std::size_t i = next_;
  while (i < text_.size() && is_whitespace(text_[i])) ++i;
  if (i == text_.size()) {
    next_ = i;
    position_ = i + 1;  // nlohmann counts the end it read
    taken_ = i;
    return Token::end_of_input;
  }
  const char c = text_[i];
  switch (c) {
    case '[':
      return ends(i + 1, Token::begin_array);
    case ']':
      return ends(i + 1, Token::end_array);
    case '{':
      return ends(i + 1, Token::begin_object);
    case '}':
      return ends(i + 1, Token::end_object);
    case ':':
      return ends(i + 1, Token::name_separator);
    case ',':
      return ends(i + 1, Token::value_separator);
    case 't':
      next_ = i;
      return scan_literal("true", Token::literal_true);
    case 'f':
      next_ = i;
      return scan_literal("false", Token::literal_false);
    case 'n':
      next_ = i;
      return scan_literal("null", Token::literal_null);
    case '"':
      next_ = i + 1;
      return scan_string();
    case '\0':  // nlohmann's end of a C string
      return ends(i + 1, Token::end_of_input);
    default:
      if (c == '-' || is_digit(c)) return scan_number(i);
      return error_at(i);
  }
}

Reader::Token Reader::scan_literal(std::string_view literal, Token token) {
  for (std::size_t k = 1; k < literal.size(); ++k) {
    const std::size_t at = next_ + k;
    if (at == text_.size() || text_[at] != literal[k]) return error_at(at);
  }
  return ends(next_ + literal.size(), token);
}

Reader::Codepoint Reader::hex4(std::size_t at) const {
  Codepoint out{0, 0};
  for (std::size_t k = 0; k < 4; ++k) {
    const int d = at + k < text_.size() ? hex_digit(text_[at + k]) : -1;
    if (d < 0) return {-1, at + k};
    out.value = out.value * 16 + d;
  }
  return out;
}

Reader::Token Reader::scan_string() {
  string_.clear();
  std::size_t i = next_;
  std::size_t plain = i;  // the start of characters not yet copied
  const std::size_t size = text_.size();
  const auto plain_ascii = [](unsigned char b) {
    return b >= 0x20 && b < 0x80 && b != '"' && b != '\\';
  };
  while (true) {
    while (i < size && plain_ascii(static_cast<unsigned char>(text_[i]))) ++i;
    if (i == size) return error_at(size);  // no closing quote
    const auto b = static_cast<unsigned char>(text_[i]);
    if (b == '"') {
      string_.append(text_.data() + plain, i - plain);
      return ends(i + 1, Token::value_string);
    }
    if (b == '\\') {
      string_.append(text_.data() + plain, i - plain);
      if (i + 1 == size) return error_at(size);
      const char escaped = text_[i + 1];
      i += 2;
      switch (escaped) {
        case '"':
        case '\\':
        case '/':
          string_ += escaped;
          break;
        case 'b':
          string_ += '\b';
          break;
        case 'f':
          string_ += '\f';
          break;
        case 'n':
          string_ += '\n';
          break;
        case 'r':
          string_ += '\r';
          break;
        case 't':
          string_ += '\t';
          break;
        case 'u': {
          const Codepoint first = hex4(i);
          if (first.value < 0) return error_at(first.bad_at);
          i += 4;
          unsigned codepoint = static_cast<unsigned>(first.value);
          if (codepoint >= 0xD800 && codepoint <= 0xDBFF) {
            // A high surrogate: a low one must follow, as \uDC00..\uDFFF.
            if (i == size || text_[i] != '\\') return error_at(i);
            if (i + 1 == size || text_[i + 1] != 'u') return error_at(i + 1);
            const Codepoint second = hex4(i + 2);
            if (second.value < 0) return error_at(second.bad_at);
            if (second.value < 0xDC00 || second.value > 0xDFFF) return error_at(i + 5);
            codepoint = (codepoint << 10U) + static_cast<unsigned>(second.value) - 0x35FDC00U;
            i += 6;
          } else if (codepoint >= 0xDC00 && codepoint <= 0xDFFF) {
            return error_at(i - 1);  // a low surrogate alone
          }
          append_utf8(string_, codepoint);
          break;
        }
        default:
          return error_at(i - 1);
      }
      plain = i;
      continue;
    }
    if (b < 0x20) return error_at(i);  // a raw control character
    const Utf8Lead lead = utf8_lead(b);
    if (lead.bad) return error_at(i);
    for (int k = 0; k < lead.count; ++k) {
      const std::size_t at = i + 1 + static_cast<std::size_t>(k);
      if (at == size) return error_at(size);
      const auto c = static_cast<unsigned char>(text_[at]);
      if (c < lead.low[k] || c > lead.high[k]) return error_at(at);
    }
    i += 1 + static_cast<std::size_t>(lead.count);
  }
}

Reader::Token Reader::scan_number(std::size_t start) {
  const std::size_t size = text_.size();
  const auto digit_at = [&](std::size_t at) { return at < size && is_digit(text_[at]); };
  std::size_t i = start;
  const bool negative = text_[i] == '-';
  if (negative && !digit_at(++i)) return error_at(i);
  if (text_[i] == '0') {
    ++i;
  } else {
    while (digit_at(i)) ++i;
  }
  bool is_float = false;
  if (i < size && text_[i] == '.') {
    is_float = true;
    if (!digit_at(++i)) return error_at(i);
    while (digit_at(i)) ++i;
  }
  if (i < size && (text_[i] == 'e' || text_[i] == 'E')) {
    is_float = true;
    ++i;
    if (i < size && (text_[i] == '+' || text_[i] == '-')) ++i;
    if (!digit_at(i)) return error_at(i);
    while (digit_at(i)) ++i;
  }
  return number_value(start, i, negative, is_float);
}

Reader::Token Reader::number_value(std::size_t start, std::size_t end, bool negative,
                                   bool is_float) {
  // nlohmann looked at the character after the number to see it end, and gave it back.
  const Token token = [&] {
    if (!is_float) {
      constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
      std::uint64_t magnitude = 0;
      bool fits = true;
      for (std::size_t k = start + (negative ? 1 : 0); k < end && fits; ++k) {
        const auto d = static_cast<std::uint64_t>(text_[k] - '0');
        fits = magnitude <= (kMax - d) / 10;
        magnitude = magnitude * 10 + d;
      }
      constexpr std::uint64_t kMostNegative = std::uint64_t{1} << 63U;
      if (fits && !negative) {
        unsigned_ = magnitude;
        return Token::value_unsigned;
      }
      if (fits && magnitude <= kMostNegative) {
        integer_ = magnitude == kMostNegative ? std::numeric_limits<std::int64_t>::min()
                                              : -static_cast<std::int64_t>(magnitude);
        return Token::value_integer;
      }
    }
    // A fraction, an exponent, or an integer beyond 64 bits: a double, as strtod makes it (in the
    // "C" locale; from_chars is that, and far quicker, but leaves its answer out of range).
    const char* first = text_.data() + start;
    const char* last = text_.data() + end;
    if (std::from_chars(first, last, float_).ec != std::errc{}) {
      const std::string digits(first, last);
      float_ = std::strtod(digits.c_str(), nullptr);
    }
    return Token::value_float;
  }();
  const Token out = ends(end, token);
  taken_ = std::max(taken_, std::min(end + 1, text_.size()));
  return out;
}

bool Reader::read(Events& events) {
  std::vector<bool> in_array;  // the open arrays and objects, innermost last
  Token token = scan();
  bool closed = false;  // a value just closed: go on with what holds it
  while (true) {
    if (!closed) {
      switch (token) {
        case Token::begin_object:
          if (!events.start_object()) return false;
          if ((token = scan()) == Token::end_object) {
            if (!events.end_object()) return false;
            break;
          }
          if (token != Token::value_string) return refuse();
          if (!events.key(string_)) return false;
          if (scan() != Token::name_separator) return refuse();
          in_array.push_back(false);
          token = scan();
          continue;
        case Token::begin_array:
          if (!events.start_array()) return false;
          if ((token = scan()) == Token::end_array) {
            if (!events.end_array()) return false;
            break;
          }
          in_array.push_back(true);
          continue;
        case Token::value_float:
          if (!std::isfinite(float_)) return refuse(/*number_too_large=*/true);
          if (!events.number_float(float_)) return false;
          break;
        case Token::literal_false:
        case Token::literal_true:
          if (!events.boolean(token == Token::literal_true)) return false;
          break;
        case Token::literal_null:
          if (!events.null()) return false;
          break;
        case Token::value_integer:
          if (!events.number_integer(integer_)) return false;
          break;
        case Token::value_unsigned:
          if (!events.number_unsigned(unsigned_)) return false;
          break;
        case Token::value_string:
          if (!events.string(string_)) return false;
          break;
        default:
          return refuse();
      }
    }
    closed = false;
    if (in_array.empty()) break;
    token = scan();
    if (in_array.back()) {
      if (token == Token::value_separator) {
        token = scan();
        continue;
      }
      if (token != Token::end_array) return refuse();
      if (!events.end_array()) return false;
    } else {
      if (token == Token::value_separator) {
        if (scan() != Token::value_string) return refuse();
        if (!events.key(string_)) return false;
        if (scan() != Token::name_separator) return refuse();
        token = scan();
        continue;
      }
      if (token != Token::end_object) return refuse();
      if (!events.end_object()) return false;
    }
    in_array.pop_back();
    closed = true;
  }
  // Strict: nothing but whitespace after the document.
  return scan() == Token::end_of_input || refuse();
}

}  // namespace iogate::json_text
