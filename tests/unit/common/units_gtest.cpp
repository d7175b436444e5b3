#include "iogate/common/units.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace iogate {
namespace {

using std::chrono::hours;
using std::chrono::microseconds;
using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;
using ::testing::HasSubstr;

// The message of the UnitError that `fn` throws, or a marker when it throws nothing.
template <class Fn>
std::string unit_error(Fn fn) {
  try {
    fn();
  } catch (const UnitError& e) {
    return e.what();
  }
  return "<no UnitError>";
}

TEST(ParseSize, SpellingsOfEightKibibytes) {
  for (const char* text : {"8k", "8K", "8KiB", "8KB", "8kb", "8 KiB", " 8k ", "8192", "8192B"}) {
    EXPECT_EQ(parse_size(text), 8192u) << text;
  }
}

TEST(ParseSize, UnitsAreBinary) {
  EXPECT_EQ(parse_size("1M"), 1ULL << 20);
  EXPECT_EQ(parse_size("256MiB"), 256ULL << 20);
  EXPECT_EQ(parse_size("8GiB"), 8ULL << 30);
  EXPECT_EQ(parse_size("2T"), 2ULL << 40);
  EXPECT_EQ(parse_size("1PiB"), 1ULL << 50);
  EXPECT_EQ(parse_size("15EiB"), 15ULL << 60);  // format_size prints EiB, so it must read back
  EXPECT_EQ(parse_size("0"), 0u);
}

TEST(ParseSize, FractionThatLandsOnAWholeByte) {
  EXPECT_EQ(parse_size("1.5GiB"), 3ULL << 29);
  EXPECT_EQ(parse_size("0.5k"), 512u);
  EXPECT_EQ(parse_size("2.25M"), 9ULL << 18);
}

TEST(ParseSize, FractionOfAByteIsRejected) {
  EXPECT_THAT(unit_error([] { parse_size("1.1k"); }),
              HasSubstr(R"(expected a whole number of bytes, got "1.1k" (= 1126.4 bytes))"));
  EXPECT_THAT(unit_error([] { parse_size("0.5"); }), HasSubstr("whole number of bytes"));
}

TEST(ParseSize, MalformedSizesSayWhatWasExpected) {
  EXPECT_EQ(unit_error([] { parse_size("8q"); }),
            R"(expected a size like "8k", "8KiB" or "8GiB", got "8q")");
  for (const char* text : {"", "k", "-8k", "8kk", "8 k b", "1.k", ".5k", "8e3", "8KiB/s", "1,5k"}) {
    EXPECT_THAT(unit_error([text] { parse_size(text); }), HasSubstr("expected a size like"))
        << text;
  }
}

TEST(ParseSize, TooLarge) {
  EXPECT_THAT(unit_error([] { parse_size("16384P"); }), HasSubstr("too large"));
  EXPECT_THAT(unit_error([] { parse_size("99999999999999999999"); }), HasSubstr("too large"));
}

TEST(ParseDuration, Forms) {
  EXPECT_EQ(parse_duration("200ms"), milliseconds(200));
  EXPECT_EQ(parse_duration("3m"), minutes(3));
  EXPECT_EQ(parse_duration("2m30s"), seconds(150));
  EXPECT_EQ(parse_duration("2m 30s"), seconds(150));
  EXPECT_EQ(parse_duration("1h"), hours(1));
  EXPECT_EQ(parse_duration("1h30m"), minutes(90));
  EXPECT_EQ(parse_duration("1.5s"), milliseconds(1500));
  EXPECT_EQ(parse_duration("500us"), microseconds(500));
  EXPECT_EQ(parse_duration("250ns"), Nanoseconds(250));
  EXPECT_EQ(parse_duration("90"), seconds(90));
  EXPECT_EQ(parse_duration("0.25"), milliseconds(250));
  EXPECT_EQ(parse_duration("20 s"), seconds(20));
  EXPECT_EQ(parse_duration("0s"), Nanoseconds(0));
}

TEST(ParseDuration, MalformedDurationsSayWhatWasExpected) {
  EXPECT_EQ(unit_error([] { parse_duration("3x"); }),
            R"(expected a duration like "200ms", "20s", "2m30s" or "1h", got "3x")");
  // "2m30" is a typo, not 2m30s; "30s2m" runs backwards; "1m1m" repeats a unit.
  for (const char* text : {"", "s", "-1s", "2m30", "30s2m", "1m1m", "1d", "1.s", "1e3ms"}) {
    EXPECT_THAT(unit_error([text] { parse_duration(text); }), HasSubstr("expected a duration like"))
        << text;
  }
}

TEST(ParsePercent, Forms) {
  EXPECT_DOUBLE_EQ(parse_percent("65%"), 65.0);
  EXPECT_DOUBLE_EQ(parse_percent("65"), 65.0);
  EXPECT_DOUBLE_EQ(parse_percent("0.5%"), 0.5);
  EXPECT_DOUBLE_EQ(parse_percent("100 %"), 100.0);
  EXPECT_DOUBLE_EQ(parse_percent("0%"), 0.0);
}

TEST(ParsePercent, Errors) {
  EXPECT_EQ(unit_error([] { parse_percent("abc"); }),
            R"(expected a percentage from 0 to 100 like "65%" or "0.5%", got "abc")");
  EXPECT_EQ(unit_error([] { parse_percent("150%"); }),
            R"(expected a percentage from 0 to 100, got "150%")");
  for (const char* text : {"", "%", "-5%", "65%%", "5 percent"}) {
    EXPECT_THAT(unit_error([text] { parse_percent(text); }), HasSubstr("expected a percentage"))
        << text;
  }
}

TEST(FormatSize, LargestUnitThatKeepsOne) {
  EXPECT_EQ(format_size(512), "512 B");
  EXPECT_EQ(format_size(0), "0 B");
  EXPECT_EQ(format_size(8192), "8 KiB");
  EXPECT_EQ(format_size(256ULL << 20), "256 MiB");
  EXPECT_EQ(format_size(8ULL << 30), "8 GiB");
  EXPECT_EQ(format_size(3ULL << 29), "1.5 GiB");
  EXPECT_EQ(format_size(8'192'000'000ULL), "7.62 GiB");  // truncated, never rounded up
  EXPECT_EQ(format_size(1126), "1.09 KiB");
  EXPECT_EQ(format_size(1ULL << 60), "1 EiB");
}

TEST(FormatSize, RoundTripsThroughParseSize) {
  for (std::uint64_t bytes : {1ULL, 4096ULL, 8192ULL, 3ULL << 29, 1ULL << 40, 3ULL << 61}) {
    EXPECT_EQ(parse_size(format_size(bytes)), bytes) << format_size(bytes);
  }
}

TEST(FormatDuration, TheSeedsTimings) {
  EXPECT_EQ(format_duration(milliseconds(852'620)), "14m12s");  // the bad driver
  EXPECT_EQ(format_duration(milliseconds(126'730)), "2m06s");   // the good one
  EXPECT_EQ(format_duration(milliseconds(126'700)), "2m06s");
}

TEST(FormatDuration, EachRange) {
  EXPECT_EQ(format_duration(seconds(180)), "3m");
  EXPECT_EQ(format_duration(seconds(3600)), "1h");
  EXPECT_EQ(format_duration(seconds(3900)), "1h05m");
  EXPECT_EQ(format_duration(seconds(3605)), "1h00m05s");
  EXPECT_EQ(format_duration(milliseconds(1500)), "1.50s");
  EXPECT_EQ(format_duration(milliseconds(59'999)), "59.99s");
  EXPECT_EQ(format_duration(milliseconds(200)), "200ms");
  EXPECT_EQ(format_duration(microseconds(1500)), "1.5ms");
  EXPECT_EQ(format_duration(microseconds(12'345)), "12.3ms");
  EXPECT_EQ(format_duration(microseconds(850)), "850us");
  EXPECT_EQ(format_duration(Nanoseconds(999)), "999ns");
  EXPECT_EQ(format_duration(Nanoseconds(0)), "0s");
  EXPECT_EQ(format_duration(-milliseconds(200)), "-200ms");
}

TEST(FormatDuration, RoundTripsThroughParseDuration) {
  for (Nanoseconds d :
       {Nanoseconds(seconds(180)), Nanoseconds(seconds(126)), Nanoseconds(milliseconds(200)),
        Nanoseconds(microseconds(850)), Nanoseconds(milliseconds(1500))}) {
    EXPECT_EQ(parse_duration(format_duration(d)), d) << format_duration(d);
  }
}

}  // namespace
}  // namespace iogate
