#include "common/utc_time.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace iogate::detail {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using std::chrono::system_clock;

TEST(UtcTime, EpochAndALeapDay) {
  EXPECT_EQ(utc_date_time(0), "1970-01-01T00:00:00");
  EXPECT_EQ(utc_date_time(951782400), "2000-02-29T00:00:00");  // a leap day of a century year
  EXPECT_EQ(utc_date_time(4102444799), "2099-12-31T23:59:59");
}

TEST(UtcTime, SecondsAndMillisecondsStamps) {
  const system_clock::time_point t{seconds{1796153113} + milliseconds{42}};
  EXPECT_EQ(utc_seconds(t), "2026-12-01T19:25:13Z");
  EXPECT_EQ(utc_millis(t), "2026-12-01T19:25:13.042Z");
}

}  // namespace
}  // namespace iogate::detail
