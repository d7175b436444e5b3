// Reading back a JSON document iogate wrote (results, baselines), one checked value at a time.
// A file read back may come from another host, an older iogate, an editor or someone hostile: a
// value is taken only when it is what iogate itself writes there. Numbers are finite and within
// the range the caller names (nlohmann's get<std::uint64_t>() wraps -5 to 1.8e19, and a double
// such as 1e30 does not fit an integer at all); strings are bounded.
//
// Each JsonFields knows where its object sits in the document ("checks[2].result"), so a refusal
// names the key path and what was expected, and of the value only its kind, never the value
// (display_text.hpp's kValueNotShown: the file may be one the caller could not read): "result.
// duration_s: expected a positive number of seconds, got a number (value not shown)". The reader
// that knows the file puts its name in front. Every reader of results and baselines (compare,
// report, fleet, propose, the baseline reader) words its refusals with value_kind and
// without_value below.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "iogate/engine/figure_names.hpp"

namespace iogate {

class ReadBackError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a run can measure at most (figure_names.hpp) is what is read back: the largest count, the
// longest span of seconds (a run, a layout, a check's wall time), and the shortest time a run that
// moved data can have taken (below it, 0 or a subnormal 1e-320, a rate is infinite, and JSON
// writes infinity as null).
inline constexpr std::uint64_t kMaxReadBackCount = kMaxRunCount;
inline constexpr double kMaxReadBackSeconds = kLongestRunSeconds;
inline constexpr double kMinRunSeconds = kShortestRunSeconds;
// Strings: a name, a line of text (a message, a fingerprint field, a path).
inline constexpr std::size_t kMaxReadBackLine = 4096;

// What a refusal shows of a value read back: its kind ("a string (value not shown)", "a number
// (value not shown)", "true or false (value not shown)", "an array", "an object"), or "nothing"
// for a missing key or null.
std::string value_kind(const nlohmann::json* value);
// A rule's problem text without the value it quotes. The rules of the engine and of labels.hpp
// word a problem for what a person typed ("expected a queue depth from 1 to 4096, got 5000");
// read back, that value is the file's, so the text is cut where it says what it got and
// kValueNotShown put there instead.
std::string without_value(std::string_view problem);

class JsonFields {
 public:
  // `where`: the object's key path in its document, "" for the document itself. Throws
  // ReadBackError when `object` is not a JSON object.
  JsonFields(const nlohmann::json& object, std::string where);

  const std::string& where() const { return where_; }
  std::string path(std::string_view key) const;  // "result.duration_s"
  // The value of `key`, or null when it is missing or JSON null (what older files lack).
  const nlohmann::json* find(std::string_view key) const;

  // "PATH: expected EXPECTED, got KIND" for `key`'s value (value_kind: "got nothing" when it is
  // missing).
  [[noreturn]] void fail(std::string_view key, std::string_view expected) const;

  // A finite number from `min` to `max`; `expected` says so in the reader's words ("a number of
  // seconds from 0 to a year"). The _or forms give `fallback` for a missing key.
  double number(std::string_view key, double min, double max, std::string_view expected) const;
  double number_or(std::string_view key, double fallback, double min, double max,
                   std::string_view expected) const;
  // A whole number from 0 to `max` (written as an integer, as iogate writes counts).
  std::uint64_t count(std::string_view key, std::uint64_t max = kMaxReadBackCount) const;
  std::uint64_t count_or(std::string_view key, std::uint64_t fallback,
                         std::uint64_t max = kMaxReadBackCount) const;
  // A string of at most `max_bytes`.
  std::string text(std::string_view key, std::size_t max_bytes = kMaxReadBackLine) const;
  std::string text_or(std::string_view key, std::string fallback,
                      std::size_t max_bytes = kMaxReadBackLine) const;
  bool flag(std::string_view key) const;
  bool flag_or(std::string_view key, bool fallback) const;
  JsonFields object(std::string_view key) const;
  // Calls `each` with every element of the array `key` and its path ("repeats[2]"); a missing
  // key is an empty array.
  void for_each(std::string_view key,
                const std::function<void(const nlohmann::json&, const std::string&)>& each) const;

  // Fails at `key` with `problem` when there is one (a rule's "expected ..., got ..." text, shown
  // without_value).
  void check(std::string_view key, const std::optional<std::string>& problem) const;

 private:
  const nlohmann::json* json_;
  std::string where_;
};

}  // namespace iogate
