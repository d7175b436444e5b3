// "2026-12-01T19:25:13.042Z": when a check, or a sample of it, began and ended, to the
// millisecond, since checks of a second each follow each other.
#pragma once

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <string>

namespace iogate {

inline std::string utc_millis(std::chrono::system_clock::time_point t) {
  const std::time_t secs = std::chrono::system_clock::to_time_t(t);
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&secs, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &utc);
  return fmt::format("{}.{:03}Z", stamp, millis);
}

}  // namespace iogate
