// The JSON text reader under parse_json_input (common/json_input.hpp): one pass over the text in
// memory, calling back for each value as nlohmann's SAX parser does.
//
// Why not nlohmann's parser: its lexer takes the text a character at a time, through a call that
// keeps a line count and a copy of the token's characters for its messages, and reads every
// number twice (into a buffer, then strtoull). Parsing `iogate fleet`'s inputs that way, tree
// included, was 44% of its time (10,000 hosts of 4 checks); this reader walks the bytes in place
// and took that to 30% of a run a fifth shorter.
//
// It is nlohmann's grammar and nlohmann's answers, byte for byte, because the trees and the
// messages iogate gives were made by it and are tested and documented as such:
//   - the values: integers without a sign are unsigned, with a minus signed (so "-0" is a signed
//     0), beyond 64 bits a double; numbers with a fraction or an exponent doubles, correctly
//     rounded, one beyond a double's range refused ("a number too large"); strings checked as
//     nlohmann checks them (well-formed UTF-8, no raw control character, \u escapes with their
//     surrogate pairs);
//   - a UTF-8 byte order mark first is skipped, and a NUL byte where a token would start ends the
//     input as the end of the text does;
//   - the position of an error: nlohmann's count of characters read when it stopped (the offending
//     one included, the character after a number not; one past the end when the text ended first),
//     and the characters it had taken from the text when a callback refused (the one it looked
//     ahead at past a number included), which is where the bounded builder says a limit was
//     crossed.
// tests/unit/common/json_input_gtest.cpp holds the two parsers to the same answers on thousands
// of damaged documents.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iogate::json_text {

// What the reader finds, in the order it finds it: nlohmann's SAX calls (a key before its value,
// start before end). A call returning false stops the reading there.
class Events {
 public:
  virtual bool null() = 0;
  virtual bool boolean(bool value) = 0;
  virtual bool number_integer(std::int64_t value) = 0;
  virtual bool number_unsigned(std::uint64_t value) = 0;
  virtual bool number_float(double value) = 0;
  virtual bool string(std::string& value) = 0;  // may be moved from
  virtual bool start_object() = 0;
  virtual bool key(std::string& name) = 0;  // may be moved from
  virtual bool end_object() = 0;
  virtual bool start_array() = 0;
  virtual bool end_array() = 0;

 protected:
  ~Events() = default;
};

// Why the text is no JSON: nlohmann's position (characters read, from 1; one past the text's
// length when the text ended first), and whether it was a number beyond a double.
struct SyntaxError {
  std::size_t position = 0;
  bool number_too_large = false;
};

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  // Reads the text as one document, strictly (nothing but whitespace after it). False when a call
  // of `events` refused a value, or the text is no JSON (syntax_error() says where).
  bool read(Events& events);

  // The characters taken from the text so far (during a call: up to the value it reports).
  std::size_t consumed() const { return taken_; }
  const std::optional<SyntaxError>& syntax_error() const { return error_; }

 private:
  enum class Token {
    begin_array,
    end_array,
    begin_object,
    end_object,
    name_separator,
    value_separator,
    literal_true,
    literal_false,
    literal_null,
    value_string,
    value_unsigned,
    value_integer,
    value_float,
    end_of_input,
    parse_error
  };

  Token scan();
  bool skip_byte_order_mark();  // false: a broken one (error_at set)
  Token scan_literal(std::string_view literal, Token token);
  Token scan_string();
  Token scan_number(std::size_t start);
  Token number_value(std::size_t start, std::size_t end, bool negative, bool is_float);
  // The \u escape's four hex digits at `at`, or the place of the first that is not one.
  struct Codepoint {
    int value = -1;
    std::size_t bad_at = 0;
  };
  Codepoint hex4(std::size_t at) const;
  // A token ending before `end` (exclusive): nlohmann's position there, the text taken up to it.
  Token ends(std::size_t end, Token token);
  // The character at `at` (the text's end when at == size) is where the token went wrong.
  Token error_at(std::size_t at);
  bool refuse(bool number_too_large = false);

  std::string_view text_;
  std::size_t next_ = 0;      // the next character a token may start at
  std::size_t taken_ = 0;     // consumed()
  std::size_t position_ = 0;  // nlohmann's characters read after the last token
  bool started_ = false;
  std::string string_;  // the last string token's value
  std::uint64_t unsigned_ = 0;
  std::int64_t integer_ = 0;
  double float_ = 0;
  std::optional<SyntaxError> error_;
};

}  // namespace iogate::json_text
