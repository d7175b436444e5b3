// Time stamps as every file iogate writes spells them, ISO 8601 in UTC: to the second for when a
// run or a scratch directory began ("2026-12-01T19:25:13Z"), to the millisecond for when a check,
// or a sample of it, began and ended ("2026-12-01T19:25:13.042Z"), since checks of a second each
// follow each other.
#pragma once

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <string>

namespace iogate::detail {

// "2026-12-01T19:25:13", without the zone: the shared part.
inline std::string utc_date_time(std::time_t secs) {
  std::tm utc{};
  gmtime_r(&secs, &utc);
  char stamp[32];
  const std::size_t n = std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &utc);
  return std::string(stamp, n);
}

inline std::string utc_seconds(std::chrono::system_clock::time_point t) {
  return utc_date_time(std::chrono::system_clock::to_time_t(t)) + "Z";
}

inline std::string utc_millis(std::chrono::system_clock::time_point t) {
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count() % 1000;
  return fmt::format("{}.{:03}Z", utc_date_time(std::chrono::system_clock::to_time_t(t)), millis);
}

}  // namespace iogate::detail
