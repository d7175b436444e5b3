// fio's sizes, times, integers and booleans (fio_values.hpp states the rules and the refusals).
#include "fio_values.hpp"

#include <cctype>
#include <limits>

#include <fmt/format.h>

namespace iogate::fio_job {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct Number {
  std::uint64_t value = 0;
  std::string_view rest;  // what follows the digits
};

// The leading integer, decimal or 0x hex, as strtoll reads it (an optional '+').
Number leading_integer(std::string_view text, std::string_view what) {
  std::string_view s = text;
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (!s.empty() && s.front() == '-') {
    throw ValueError(fmt::format("expected {}, got \"{}\": a negative value", what, text));
  }
  if (!s.empty() && s.front() == '(') {
    throw ValueError(fmt::format(
        "expected {}, got \"{}\": fio's arithmetic expressions are not supported; write the "
        "number",
        what, text));
  }
  unsigned base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  Number n;
  std::size_t i = 0;
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  for (; i < s.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    unsigned digit = 0;
    if (c >= '0' && c <= '9') {
      digit = static_cast<unsigned>(c - '0');
    } else if (base == 16 && c >= 'a' && c <= 'f') {
      digit = static_cast<unsigned>(c - 'a' + 10);
    } else {
      break;
    }
    if (n.value > (max - digit) / base)
      throw ValueError(fmt::format("expected {}, got \"{}\": too large", what, text));
    n.value = n.value * base + digit;
  }
  if (i == 0) throw ValueError(fmt::format("expected {}, got \"{}\"", what, text));
  n.rest = s.substr(i);
  return n;
}

std::uint64_t times(std::uint64_t value, std::uint64_t mult, std::string_view text) {
  if (mult != 0 && value > std::numeric_limits<std::uint64_t>::max() / mult)
    throw ValueError(fmt::format("expected a size, got \"{}\": too large", text));
  return value * mult;
}

std::uint64_t power(std::uint64_t base, int exp) {
  std::uint64_t r = 1;
  while (exp-- > 0) r *= base;
  return r;
}

}  // namespace

std::uint64_t fio_size(std::string_view text, unsigned kb_base) {
  const Number n = leading_integer(text, "a size like 4k or 1g");
  if (n.rest.empty()) return n.value;
  const std::string suffix = lower(n.rest);
  if (suffix.front() == '.') {
    throw ValueError(
        fmt::format("expected a whole size, got \"{}\": fio reads no fractions and "
                    "would take {}; write it in a smaller unit (1536m)",
                    text, n.value));
  }
  if (suffix.front() == '%') {
    throw ValueError(
        fmt::format("expected a size, got \"{}\": a percentage is a share of the "
                    "device or file fio finds, and iogate makes its own file",
                    text));
  }
  // fio's "opposite units" under kb_base=1024: the IEC spellings are powers of 1000 there.
  const std::uint64_t other = kb_base == 1000 ? 1024 : 1000;
  static constexpr std::string_view kLetters = "kmgtp";
  const std::size_t pow = kLetters.find(suffix.front());
  if (pow != std::string_view::npos) {
    const bool iec = suffix.size() >= 3 && suffix[1] == 'i' && suffix[2] == 'b';
    return times(n.value, power(iec ? other : kb_base, static_cast<int>(pow) + 1), text);
  }
  if (suffix == "b") return n.value;
  throw ValueError(
      fmt::format("expected a size like 4k or 1g, got \"{}\": fio does not know the "
                  "unit \"{}\" and would read {} bytes",
                  text, n.rest, n.value));
}

std::chrono::microseconds fio_time(std::string_view text, std::chrono::microseconds bare) {
  const Number n = leading_integer(text, "a time like 30, 30s, 500ms or 2m");
  using std::chrono::microseconds;
  auto scaled = [&](std::uint64_t mult) {
    if (n.value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) / mult)
      throw ValueError(fmt::format("expected a time, got \"{}\": too large", text));
    return microseconds(static_cast<std::int64_t>(n.value * mult));
  };
  if (n.rest.empty()) return scaled(static_cast<std::uint64_t>(bare.count()));
  const std::string s = lower(n.rest);
  if (s.starts_with("us")) return scaled(1);  // fio: strncmp("us"), so "usec" too
  if (s.starts_with("ms")) return scaled(1000);
  if (s == "s") return scaled(1000000);
  if (s == "m") return scaled(60ULL * 1000000);
  if (s == "h") return scaled(3600ULL * 1000000);
  if (s == "d") return scaled(86400ULL * 1000000);
  throw ValueError(
      fmt::format("expected a time like 30s, 500ms or 2m, got \"{}\": fio knows "
                  "us, ms, s, m, h and d and would read \"{}\" as {} microseconds",
                  text, text, n.value));
}

std::uint64_t fio_int(std::string_view text) {
  const Number n = leading_integer(text, "a whole number");
  if (!n.rest.empty()) throw ValueError(fmt::format("expected a whole number, got \"{}\"", text));
  return n.value;
}

bool fio_bool(const std::optional<std::string>& value) {
  if (!value) throw ValueError("expected =0 or =1: fio requires a value here");
  const std::uint64_t v = fio_int(*value);
  if (v > 1) throw ValueError(fmt::format("expected 0 or 1, got \"{}\"", *value));
  return v == 1;
}

bool fio_set(const std::optional<std::string>& value) {
  if (!value) return true;
  return fio_int(*value) != 0;
}

}  // namespace iogate::fio_job
