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

// "2026-12-01T19:25:13", without the zone: the shared part. The civil calendar of <chrono>, so
// no platform's gmtime variant is needed.
inline std::string utc_date_time(std::time_t secs) {
  using namespace std::chrono;
  const sys_seconds t{seconds{secs}};
  const sys_days day = floor<days>(t);
  const year_month_day date{day};
  const hh_mm_ss time{t - day};
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}", static_cast<int>(date.year()),
                     static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                     time.hours().count(), time.minutes().count(), time.seconds().count());
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
