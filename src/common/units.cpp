// Parsing and formatting of sizes, durations and percentages (see units.hpp).
//
// Numbers are read digit by digit into an exact decimal (mantissa / 10^fraction_digits) rather
// than through a double, so that "1.5GiB" is exactly 1610612736 bytes and "1.1k" is detected as
// not being a whole number of bytes instead of being silently rounded.
#include "iogate/common/units.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "text_trim.hpp"

namespace iogate {
namespace {

using u128 = unsigned __int128;

// At most this many digits in one number: keeps mantissa * (unit multiplier) inside 128 bits.
constexpr int kMaxDigits = 24;

struct Decimal {
  u128 mantissa = 0;  // all digits, the decimal point removed
  int fraction_digits = 0;
};

u128 pow10(int n) {
  u128 r = 1;
  for (int i = 0; i < n; ++i) r *= 10;
  return r;
}

void skip_spaces(std::string_view& s) {
  s.remove_prefix(std::min(s.find_first_not_of(kBlanks), s.size()));
}

// Consumes "123", "1.5" or "0.25" from the front of s. No sign, no exponent, at least one digit
// before the point and one after it when there is a point.
std::optional<Decimal> take_decimal(std::string_view& s) {
  Decimal d;
  int digits = 0;
  std::size_t i = 0;
  auto take_digits = [&](bool fraction) {
    std::size_t start = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      d.mantissa = d.mantissa * 10 + static_cast<unsigned>(s[i] - '0');
      if (fraction) ++d.fraction_digits;
      ++digits;
      ++i;
    }
    return i > start;
  };
  if (!take_digits(false)) return std::nullopt;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!take_digits(true)) return std::nullopt;
  }
  if (digits > kMaxDigits) return std::nullopt;
  s.remove_prefix(i);
  return d;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

std::optional<std::uint64_t> size_multiplier(std::string_view unit) {
  if (unit.empty() || iequals(unit, "b")) return 1;
  static constexpr std::array<char, 6> kPrefixes{'k', 'm', 'g', 't', 'p', 'e'};
  for (std::size_t i = 0; i < kPrefixes.size(); ++i) {
    const char p = kPrefixes[i];
    const std::string one(1, p);
    if (iequals(unit, one) || iequals(unit, one + "b") || iequals(unit, one + "ib"))
      return std::uint64_t{1} << (10 * (i + 1));
  }
  return std::nullopt;
}

std::optional<std::uint64_t> duration_unit_ns(std::string_view unit) {
  if (iequals(unit, "h")) return 3'600'000'000'000ULL;
  if (iequals(unit, "m")) return 60'000'000'000ULL;
  if (iequals(unit, "s")) return 1'000'000'000ULL;
  if (iequals(unit, "ms")) return 1'000'000ULL;
  if (iequals(unit, "us") || unit == "\xC2\xB5s" || unit == "\xCE\xBCs") return 1'000ULL;
  if (iequals(unit, "ns")) return 1ULL;
  return std::nullopt;
}

// Letters (and the two UTF-8 spellings of micro) at the front of s.
std::string_view take_unit(std::string_view& s) {
  std::size_t i = 0;
  while (i < s.size() && (std::isalpha(static_cast<unsigned char>(s[i])) ||
                          static_cast<unsigned char>(s[i]) >= 0x80))
    ++i;
  std::string_view unit = s.substr(0, i);
  s.remove_prefix(i);
  return unit;
}

[[noreturn]] void bad_size(std::string_view text) {
  throw UnitError(fmt::format(R"(expected a size like "8k", "8KiB" or "8GiB", got "{}")", text));
}

[[noreturn]] void bad_duration(std::string_view text) {
  throw UnitError(
      fmt::format(R"(expected a duration like "200ms", "20s", "2m30s" or "1h", got "{}")", text));
}

[[noreturn]] void bad_percent(std::string_view text) {
  throw UnitError(
      fmt::format(R"(expected a percentage from 0 to 100 like "65%" or "0.5%", got "{}")", text));
}

// Up to `decimals` digits after the point, truncated, trailing zeros removed ("1.5", "12", "2.25").
std::string trimmed(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  std::string s = fmt::format("{:.{}f}", std::floor(v * scale + 1e-9) / scale, decimals);
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

// Three significant digits, truncated: 850 -> "850", 12.34 -> "12.3", 1.5 -> "1.5".
std::string three_digits(double v) { return trimmed(v, v < 10 ? 2 : v < 100 ? 1 : 0); }

}  // namespace

std::uint64_t parse_size(std::string_view text) {
  std::string_view s = trim_blanks(text);
  const auto number = take_decimal(s);
  if (!number) bad_size(text);
  skip_spaces(s);
  const std::string_view unit = take_unit(s);
  if (!s.empty()) bad_size(text);
  const auto multiplier = size_multiplier(unit);
  if (!multiplier) bad_size(text);

  // mantissa x 2^k / 10^f, exactly. Cancelling the common power of two first keeps the product
  // within 128 bits unless the size is far beyond 16 EiB anyway: with f <= k the divisor left is
  // 5^f < 2^56, so an overflowing product (>= 2^128) means at least 2^72 bytes; with f > k the
  // multiplier left is 1. ("302231454903657293676544p", 2^78 PiB, once wrapped round to 0.)
  const int twos = std::min(std::countr_zero(*multiplier), number->fraction_digits);
  const u128 multiplier_left = *multiplier >> twos;
  if (number->mantissa > std::numeric_limits<u128>::max() / multiplier_left) {
    throw UnitError(fmt::format(R"(size "{}" is too large (the limit is 16 EiB))", text));
  }
  const u128 scaled = number->mantissa * multiplier_left;
  const u128 scale = pow10(number->fraction_digits) >> twos;
  if (scaled % scale != 0) {
    throw UnitError(fmt::format(R"(expected a whole number of bytes, got "{}" (= {} bytes))", text,
                                static_cast<double>(scaled) / static_cast<double>(scale)));
  }
  const u128 bytes = scaled / scale;
  if (bytes > std::numeric_limits<std::uint64_t>::max()) {
    throw UnitError(fmt::format(R"(size "{}" is too large (the limit is 16 EiB))", text));
  }
  return static_cast<std::uint64_t>(bytes);
}

Nanoseconds parse_duration(std::string_view text) {
  std::string_view s = trim_blanks(text);
  if (s.empty()) bad_duration(text);
  u128 total_ns = 0;
  std::uint64_t previous_unit = std::numeric_limits<std::uint64_t>::max();
  bool first = true;
  while (!s.empty()) {
    const auto number = take_decimal(s);
    if (!number) bad_duration(text);
    skip_spaces(s);
    const std::string_view unit = take_unit(s);
    // A bare number is seconds, but only on its own: "2m30" is a typo, not 2m30s.
    if (unit.empty() && !(first && s.empty())) bad_duration(text);
    const auto unit_ns =
        unit.empty() ? std::optional<std::uint64_t>{1'000'000'000ULL} : duration_unit_ns(unit);
    // Units must go from large to small, each at most once: "2m30s", never "30s2m".
    if (!unit_ns || *unit_ns >= previous_unit) bad_duration(text);
    previous_unit = *unit_ns;
    const u128 scale = pow10(number->fraction_digits);
    total_ns += (number->mantissa * *unit_ns + scale / 2) / scale;  // to the nearest ns
    if (total_ns > static_cast<u128>(std::numeric_limits<Nanoseconds::rep>::max())) {
      throw UnitError(fmt::format(R"(duration "{}" is too long)", text));
    }
    skip_spaces(s);
    first = false;
  }
  return Nanoseconds{static_cast<Nanoseconds::rep>(total_ns)};
}

double parse_percent(std::string_view text) {
  std::string_view s = trim_blanks(text);
  const auto number = take_decimal(s);
  if (!number) bad_percent(text);
  skip_spaces(s);
  if (!s.empty() && s.front() == '%') s.remove_prefix(1);
  if (!s.empty()) bad_percent(text);
  const double value =
      static_cast<double>(number->mantissa) / static_cast<double>(pow10(number->fraction_digits));
  if (value > 100.0) {
    throw UnitError(fmt::format(R"(expected a percentage from 0 to 100, got "{}")", text));
  }
  return value;
}

std::string format_size(std::uint64_t bytes) {
  static constexpr std::array<const char*, 6> kUnits{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024) return fmt::format("{} B", bytes);
  std::size_t unit = 0;
  while (unit + 1 < kUnits.size() && (bytes >> (10 * (unit + 2))) != 0) ++unit;
  const unsigned shift = static_cast<unsigned>(10 * (unit + 1));
  const std::uint64_t whole = bytes >> shift;
  if ((whole << shift) == bytes) return fmt::format("{} {}", whole, kUnits[unit]);
  // Three significant digits, truncated in integers: through a double (53 bits) 192 PiB - 1 byte
  // rounds up to "192 PiB".
  const int decimals = whole < 10 ? 2 : whole < 100 ? 1 : 0;
  const std::uint64_t remainder = bytes - (whole << shift);
  auto fraction = static_cast<std::uint64_t>((u128{remainder} * pow10(decimals)) >> shift);
  if (fraction == 0) return fmt::format("{} {}", whole, kUnits[unit]);
  int width = decimals;
  while (fraction % 10 == 0) {
    fraction /= 10;
    --width;
  }
  return fmt::format("{}.{:0{}} {}", whole, fraction, width, kUnits[unit]);
}

std::string format_duration(Nanoseconds d) {
  if (d == Nanoseconds::min()) d += Nanoseconds{1};  // so that -d below does not overflow
  if (d.count() < 0) return "-" + format_duration(-d);
  const std::int64_t ns = d.count();
  if (ns == 0) return "0s";
  if (ns < 1'000) return fmt::format("{}ns", ns);
  if (ns < 1'000'000) return three_digits(static_cast<double>(ns) / 1e3) + "us";
  if (ns < 1'000'000'000) return three_digits(static_cast<double>(ns) / 1e6) + "ms";
  if (ns < 60'000'000'000) {
    // Truncated to hundredths, like the minutes below are truncated to whole seconds.
    const std::int64_t hundredths = ns / 10'000'000;
    return fmt::format("{}.{:02}s", hundredths / 100, hundredths % 100);
  }
  // Whole seconds, truncated as `time` readers do: dd's "real 14m 12.62s" is "14m12s".
  const std::int64_t total_s = ns / 1'000'000'000;
  const std::int64_t h = total_s / 3600;
  const std::int64_t m = total_s / 60 % 60;
  const std::int64_t s = total_s % 60;
  std::string out = h > 0 ? fmt::format("{}h{:02}m", h, m) : fmt::format("{}m", m);
  if (s != 0) out += fmt::format("{:02}s", s);
  if (h > 0 && m == 0 && s == 0) out = fmt::format("{}h", h);
  return out;
}

}  // namespace iogate
