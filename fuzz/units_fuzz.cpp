// The unit parsers and formatters of units.hpp. The first byte picks what to exercise; parsers
// must return or throw UnitError, and the formatters' documented promises must hold:
//   - parse_size gives the number written times its unit (checked against a long double estimate,
//     which catches a wrong but accepted value such as a wrapped-round product);
//   - parse_percent is 0..100; a parsed duration is never negative (there is no sign);
//   - format_size prints exact multiples whole, so those parse back to the same bytes; others are
//     truncated, "never rounded up", so whatever parses back is not larger;
//   - format_duration is "always truncated", so parsing it back never gives more than it printed.
#include <fuzzer/FuzzedDataProvider.h>

#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "iogate/common/units.hpp"

namespace {

void require(bool ok, const char* what, const std::string& text) {
  if (ok) return;
  std::fprintf(stderr, "units_fuzz: broken promise: %s (\"%s\")\n", what, text.c_str());
  std::abort();
}

// Only called on text parse_size accepted, so it is digits[.digits], spaces, then a unit.
long double size_estimate(const std::string& text) {
  char* rest = nullptr;
  const long double number = std::strtold(text.c_str(), &rest);
  while (std::isspace(static_cast<unsigned char>(*rest))) ++rest;
  int shift = 0;
  switch (std::tolower(static_cast<unsigned char>(*rest))) {
    case 'k':
      shift = 10;
      break;
    case 'm':
      shift = 20;
      break;
    case 'g':
      shift = 30;
      break;
    case 't':
      shift = 40;
      break;
    case 'p':
      shift = 50;
      break;
    case 'e':
      shift = 60;
      break;
    default:
      break;
  }
  return std::ldexp(number, shift);
}

void parse_text(int which, const std::string& text) {
  try {
    switch (which) {
      case 0: {
        const long double bytes = static_cast<long double>(iogate::parse_size(text));
        const long double estimate = size_estimate(text);
        require(std::fabs(bytes - estimate) <= estimate * 1e-12L + 1, "size is number x unit",
                text);
        break;
      }
      case 1:
        require(iogate::parse_duration(text).count() >= 0, "duration is not negative", text);
        break;
      default: {
        const double p = iogate::parse_percent(text);
        require(p >= 0.0 && p <= 100.0, "percent is 0..100", text);
      }
    }
  } catch (const iogate::UnitError&) {
  }
}

bool exact_multiple(std::uint64_t bytes) {
  if (bytes < 1024) return true;
  unsigned shift = 10;
  while (shift < 60 && (bytes >> (shift + 10)) != 0) shift += 10;
  return ((bytes >> shift) << shift) == bytes;
}

void size_round_trip(std::uint64_t bytes) {
  const std::string text = iogate::format_size(bytes);
  std::uint64_t back = 0;
  try {
    back = iogate::parse_size(text);
  } catch (const iogate::UnitError&) {
    // "1.33 KiB" is not a whole number of bytes: fine for a truncated figure, not for an exact one.
    require(!exact_multiple(bytes), "an exact size parses back", text);
    return;
  }
  if (exact_multiple(bytes)) require(back == bytes, "an exact size parses back to itself", text);
  require(back <= bytes, "a formatted size is never rounded up", text);
}

void duration_round_trip(std::int64_t ns) {
  if (ns < 0) ns = -(ns + 1);  // non-negative: parse_duration has no sign
  const std::string text = iogate::format_duration(iogate::Nanoseconds{ns});
  try {
    require(iogate::parse_duration(text).count() <= ns, "a formatted duration is truncated", text);
  } catch (const iogate::UnitError&) {
    require(false, "a formatted duration parses back", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int which = data[0] % 5;  // the first byte, so that seeds read "\x00" "8KiB"
  FuzzedDataProvider in(data + 1, size - 1);
  if (which == 3) {
    size_round_trip(in.ConsumeIntegral<std::uint64_t>());
  } else if (which == 4) {
    duration_round_trip(in.ConsumeIntegral<std::int64_t>());
  } else {
    parse_text(which, in.ConsumeRemainingBytesAsString());
  }
  return 0;
}
