// Human units for threshold files and command-line flags.
//
// Sizes use binary multiples, as fio and IOMeter do: "8k" == "8K" == "8KiB" == "8KB" == 8192.
// A bare number is bytes. Rates ("MB/s" in tables and JSON) are MiB/s (2^20 bytes per second),
// which is what IOMeter's "Total MB per second" column reports.
// Sizes may have a fraction when it lands on a whole byte ("1.5GiB" yes, "1.1k" no).
// Durations: "200ms", "3m", "2m30s", "1h", "1.5s", "500us"; a bare number is seconds. Compound
// durations go from the largest unit to the smallest, each unit once (units h m s ms us ns).
// Percentages: "65%", "0.5%" or a bare number, 0..100.
#pragma once

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace iogate {

// Thrown when a value does not parse; what() says what was expected, without the file context,
// which the caller (the threshold parser, the CLI) adds.
class UnitError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

using Nanoseconds = std::chrono::nanoseconds;

std::uint64_t parse_size(std::string_view text);
Nanoseconds parse_duration(std::string_view text);
double parse_percent(std::string_view text);  // 0..100

// "8 GiB", "1.5 GiB", "256 MiB", "8 KiB", "512 B": the largest unit that keeps at least 1.0;
// exact multiples print whole, others with three significant digits (truncated, never rounded up).
std::string format_size(std::uint64_t bytes);
// "14m12s", "2m06s", "3m", "1h05m", "1.50s", "200ms", "1.5ms", "850us": short and exact enough
// for a verdict line. Always truncated, as readers of `time` output expect: 126.7 s is "2m06s".
std::string format_duration(Nanoseconds d);

inline constexpr double kMiB = 1024.0 * 1024.0;

}  // namespace iogate
