#include "toml_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

namespace iogate::toml_text {
namespace {

// Decimals that show three significant digits of x > 0.
int three_digit_decimals(double x) {
  return std::max(0, 2 - static_cast<int>(std::floor(std::log10(x))));
}

}  // namespace

std::string toml_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (u < 0x20 || u == 0x7f)
          out += fmt::format("\\u{:04X}", u);
        else
          out += c;
    }
  }
  return out + "\"";
}

std::string comment_text(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) c = ' ';
  }
  return out;
}

std::string size_value(std::uint64_t bytes) {
  constexpr std::pair<std::uint64_t, const char*> kUnits[] = {{1ULL << 50, "PiB"},
                                                              {1ULL << 40, "TiB"},
                                                              {1ULL << 30, "GiB"},
                                                              {1ULL << 20, "MiB"},
                                                              {1ULL << 10, "KiB"}};
  for (const auto& [unit, name] : kUnits)
    if (bytes >= unit && bytes % unit == 0) return fmt::format("\"{}{}\"", bytes / unit, name);
  // A TOML integer is 64-bit signed; beyond it (no real file) the count goes as a string.
  if (bytes > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return fmt::format("\"{}\"", bytes);
  return fmt::format("{}", bytes);
}

std::string duration_value(std::chrono::nanoseconds d) {
  const std::int64_t ns = d.count();
  constexpr std::int64_t kS = 1'000'000'000;
  constexpr std::pair<std::int64_t, const char*> kUnits[] = {
      {3600 * kS, "h"}, {60 * kS, "m"}, {kS, "s"}, {1'000'000, "ms"}, {1'000, "us"}, {1, "ns"}};
  if (ns == 0) return "\"0s\"";
  for (const auto& [unit, name] : kUnits)
    if (ns % unit == 0) return fmt::format("\"{}{}\"", ns / unit, name);
  return fmt::format("\"{}ns\"", ns);  // not reached: every count is a whole number of ns
}

std::string share_value(double pct) {
  if (pct == std::floor(pct) && pct >= 0 && pct <= 100) return fmt::format("\"{:.0f}%\"", pct);
  return number_value(pct);
}

std::optional<double> plain_number(std::string_view text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  const bool plain = ec == std::errc() && end == text.data() + text.size() && !text.empty() &&
                     text.find_first_of("eEnN") == std::string_view::npos;  // no nan, inf, 1e3
  if (!plain) return std::nullopt;
  return v;
}

std::string given_value(std::string_view text) {
  return plain_number(text) ? std::string(text) : toml_string(text);
}

std::string number_value(double x) {
  // fmt's shortest round-trip form: "500", "33.333333333333336", "1e-05", "1e+20": all TOML
  // (an integer where the double is whole, which the parser reads back as that double).
  std::string text = fmt::format("{}", x);
  if (text.find_first_of(".e") == std::string::npos && std::fabs(x) >= 1e18)
    text += ".0";  // beyond a TOML integer: keep it a float
  return text;
}

std::string three_digit_text(double x) {
  return fmt::format("{:.{}f}", x, three_digit_decimals(x));
}

std::string three_digit_duration(double seconds) {
  constexpr std::pair<double, const char*> kUnits[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}};
  for (const auto& [unit, name] : kUnits) {
    if (seconds >= unit) {
      const double v = seconds / unit;
      return fmt::format("\"{:.{}f}{}\"", v, three_digit_decimals(v), name);
    }
  }
  const double ns = seconds * 1e9;
  return fmt::format("\"{:.0f}ns\"", std::max(1.0, std::ceil(ns)));
}

}  // namespace iogate::toml_text
