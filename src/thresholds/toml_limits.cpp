// The structural scan of a threshold file's TOML (toml_limits.hpp).
#include "toml_limits.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::thresholds_detail {
namespace {

// Ends a bare key, or a bare value (a number, a boolean, a date: a date may hold a space).
bool ends_bare_key(char c) {
  return std::string_view(" \t\r\n.=[]{},#\"'").find(c) != std::string_view::npos;
}
bool ends_bare_value(char c) {
  return std::string_view("\r\n=[]{},#\"'").find(c) != std::string_view::npos;
}

class Scanner {
 public:
  Scanner(std::string_view text, const std::filesystem::path& path) : t_(text), path_(path) {
    if (t_.starts_with("\xEF\xBB\xBF")) i_ = 3;  // a UTF-8 byte order mark, which toml++ skips
  }

  // The document: blank lines, comments, [table] and [[array]] headers, key = value lines.
  bool scan() {
    while (i_ < t_.size()) {
      skip_blanks();
      if (at_end()) break;
      if (peek() == '\n') {
        step();
      } else if (peek() == '#') {
        skip_comment();
      } else if (peek() == '[') {
        if (!header() || !end_of_line()) return false;
      } else if (!key_value() || !end_of_line()) {
        return false;
      }
    }
    return true;
  }

 private:
  char peek(std::size_t ahead = 0) const { return i_ + ahead < t_.size() ? t_[i_ + ahead] : '\0'; }
  bool at_end() const { return i_ >= t_.size(); }
  void step() {
    if (t_[i_] == '\n') {
      ++line_;
      line_start_ = i_ + 1;
    }
    ++i_;
  }
  SourceLocation here(std::size_t at) const {
    return SourceLocation{path_, line_, static_cast<int>(at - line_start_) + 1};
  }

  // Spaces and tabs, and the CR of a CRLF.
  void skip_blanks() {
    while (peek() == ' ' || peek() == '\t' || (peek() == '\r' && peek(1) == '\n')) ++i_;
  }
  void skip_comment() {
    while (!at_end() && peek() != '\n') ++i_;
  }
  // Inside an array (and, more than TOML allows, an inline table): blanks, comments, newlines.
  void skip_space() {
    for (;;) {
      skip_blanks();
      if (peek() == '#') skip_comment();
      if (peek() != '\n') return;
      step();
    }
  }
  bool end_of_line() {
    skip_blanks();
    if (peek() == '#') skip_comment();
    if (at_end()) return true;
    if (peek() != '\n') return false;
    step();
    return true;
  }

  // A string of either kind, single- or multi-line, from its opening quote; false when it is
  // not closed as TOML requires.
  bool string() {
    const char quote = peek();
    const bool escapes = quote == '"';
    if (peek(1) == quote && peek(2) == quote) {
      i_ += 3;
      while (!at_end()) {
        if (escapes && peek() == '\\') {
          step();
          if (!at_end()) step();  // the escaped character, or the newline a '\' trims
        } else if (peek() == quote && peek(1) == quote && peek(2) == quote) {
          // Up to two quotes may stand just inside the closing three: `""""a""""` is `"a"`.
          std::size_t run = 3;
          while (peek(run) == quote) ++run;
          if (run > 5) return false;
          i_ += run;
          return true;
        } else {
          step();
        }
      }
      return false;
    }
    ++i_;
    while (!at_end() && peek() != '\n') {
      if (escapes && peek() == '\\') {
        ++i_;
        if (peek() == '\n') return false;
        if (!at_end()) ++i_;
      } else if (peek() == quote) {
        ++i_;
        return true;
      } else {
        ++i_;
      }
    }
    return false;
  }

  // A dotted key, its parts counted and its length measured as written.
  bool key() {
    const std::size_t start = i_;
    int parts = 0;
    for (;;) {
      skip_blanks();
      if (peek() == '"' || peek() == '\'') {
        if (peek(1) == peek() && peek(2) == peek()) return false;  // no multi-line string keys
        if (!string()) return false;
      } else {
        const std::size_t bare = i_;
        while (!at_end() && !ends_bare_key(peek())) ++i_;
        if (i_ == bare) return false;
      }
      if (++parts > kMaxKeyParts)
        throw ThresholdError(here(start), "",
                             fmt::format("a key has more than {} dotted parts (iogate's keys have "
                                         "at most 3, as check.workload.block_size)",
                                         kMaxKeyParts));
      if (i_ - start > kMaxKeyBytes)
        throw ThresholdError(here(start), "",
                             fmt::format("a key is longer than {} characters (iogate's keys are "
                                         "words like block_size)",
                                         kMaxKeyBytes));
      skip_blanks();
      if (peek() != '.') return true;
      ++i_;
    }
  }

  // `[key]` or `[[key]]`.
  bool header() {
    const bool array = peek(1) == '[';
    i_ += array ? 2 : 1;
    if (!key()) return false;
    skip_blanks();
    if (peek() != ']' || (array && peek(1) != ']')) return false;
    i_ += array ? 2 : 1;
    return true;
  }

  bool key_value() { return key() && equals() && value(); }

  bool equals() {
    skip_blanks();
    if (peek() != '=') return false;
    ++i_;
    return true;
  }

  // A value, with whatever arrays and inline tables it holds: iterative, the open ones on a stack.
  bool value() {
    std::vector<char> open;  // '[' or '{', outermost first
    for (;;) {
      // A value is expected here.
      if (open.empty() || open.back() == '{') {
        skip_blanks();
      } else {
        skip_space();
      }
      const char c = peek();
      if (c == '[' || c == '{') {
        if (open.size() >= kMaxTomlNesting)
          throw ThresholdError(here(i_), "",
                               fmt::format("arrays and inline tables nest deeper than {} levels "
                                           "(iogate's values nest at most 2)",
                                           kMaxTomlNesting));
        open.push_back(c);
        ++i_;
        skip_space();
        if (peek() == (c == '[' ? ']' : '}')) {
          ++i_;
          open.pop_back();
        } else {
          if (c == '[') continue;
          if (!key() || !equals()) return false;
          continue;
        }
      } else if (c == '"' || c == '\'') {
        if (!string()) return false;
      } else {
        const std::size_t bare = i_;
        while (!at_end() && !ends_bare_value(peek())) ++i_;
        if (i_ == bare) return false;
      }
      // After a value: the next one of the innermost array or inline table, or its end.
      for (;;) {
        if (open.empty()) return true;
        skip_space();
        const char close = open.back() == '[' ? ']' : '}';
        if (peek() == close) {
          ++i_;
          open.pop_back();
          continue;
        }
        if (peek() != ',') return false;
        ++i_;
        skip_space();
        if (peek() == close) continue;  // a trailing comma
        if (open.back() == '{' && (!key() || !equals())) return false;
        break;
      }
    }
  }

  std::string_view t_;
  const std::filesystem::path& path_;
  std::size_t i_ = 0;
  int line_ = 1;
  std::size_t line_start_ = 0;
};

}  // namespace

bool check_toml_limits(std::string_view text, const std::filesystem::path& path) {
  return Scanner(text, path).scan();
}

}  // namespace iogate::thresholds_detail
