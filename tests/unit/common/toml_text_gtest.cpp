// TOML values as the files iogate writes spell them: each reads back as exactly what it was made
// from.
#include "common/toml_text.hpp"

#include <gtest/gtest.h>

#include "iogate/common/units.hpp"

namespace iogate::toml_text {
namespace {

using std::chrono::nanoseconds;

std::string unquoted(const std::string& s) { return s.substr(1, s.size() - 2); }

TEST(TomlText, SizesInTheirLargestWholeUnit) {
  EXPECT_EQ(size_value(4096), "\"4KiB\"");
  EXPECT_EQ(size_value(1ULL << 30), "\"1GiB\"");
  EXPECT_EQ(size_value(3 * (1ULL << 20) + 4096), "\"3076KiB\"");
  EXPECT_EQ(size_value(1000), "1000");
  EXPECT_EQ(size_value(512), "512");
  for (std::uint64_t bytes : {4096ULL, 1ULL << 30, 3 * (1ULL << 20) + 4096, 5ULL << 40})
    EXPECT_EQ(parse_size(unquoted(size_value(bytes))), bytes);
}

TEST(TomlText, DurationsToTheNanosecond) {
  EXPECT_EQ(duration_value(nanoseconds(0)), "\"0s\"");
  EXPECT_EQ(duration_value(std::chrono::seconds(120)), "\"2m\"");
  EXPECT_EQ(duration_value(std::chrono::seconds(3600)), "\"1h\"");
  EXPECT_EQ(duration_value(std::chrono::seconds(90)), "\"90s\"");
  EXPECT_EQ(duration_value(std::chrono::milliseconds(1500)), "\"1500ms\"");
  EXPECT_EQ(duration_value(nanoseconds(1234567)), "\"1234567ns\"");
  for (long long ns : {0LL, 1LL, 999LL, 1500000000LL, 7200000000000LL, 1234567LL})
    EXPECT_EQ(parse_duration(unquoted(duration_value(nanoseconds(ns)))), nanoseconds(ns));
}

TEST(TomlText, SharesWholeAsPercentOtherwiseAsTheDouble) {
  EXPECT_EQ(share_value(70), "\"70%\"");
  EXPECT_EQ(share_value(0), "\"0%\"");
  EXPECT_EQ(share_value(100), "\"100%\"");
  EXPECT_EQ(share_value(12.5), "12.5");
  EXPECT_EQ(share_value(100.0 / 3), "33.333333333333336");
}

TEST(TomlText, NumbersInTheirShortestExactForm) {
  EXPECT_EQ(number_value(500), "500");
  EXPECT_EQ(number_value(123.456), "123.456");
  EXPECT_EQ(std::stod(number_value(0.1 + 0.2)), 0.1 + 0.2);
}

TEST(TomlText, StringsEscaped) {
  EXPECT_EQ(toml_string("plain"), "\"plain\"");
  EXPECT_EQ(toml_string("a \"b\" \\ c\nd\te\x01"), "\"a \\\"b\\\" \\\\ c\\nd\\te\\u0001\"");
  EXPECT_EQ(comment_text("Virtual\ndisk\r\x7f"), "Virtual disk  ");
}

TEST(TomlText, BoundsInThreeDigitsWithAUnitAboveOne) {
  EXPECT_EQ(three_digit_text(2270), "2270");
  EXPECT_EQ(three_digit_text(11.1), "11.1");
  EXPECT_EQ(three_digit_text(0.0123), "0.0123");
  EXPECT_EQ(three_digit_text(800), "800");
  EXPECT_EQ(three_digit_duration(12.5), "\"12.5s\"");
  EXPECT_EQ(three_digit_duration(187), "\"187s\"");
  EXPECT_EQ(three_digit_duration(1250), "\"1250s\"");
  EXPECT_EQ(three_digit_duration(0.125), "\"125ms\"");
  EXPECT_EQ(three_digit_duration(0.00123), "\"1.23ms\"");
  EXPECT_EQ(three_digit_duration(0.0000852), "\"85.2us\"");
  EXPECT_EQ(parse_duration("1.23ms"), nanoseconds(1230000));
  EXPECT_EQ(parse_duration("85.2us"), nanoseconds(85200));
  EXPECT_EQ(parse_duration("1250s"), std::chrono::seconds(1250));
}

TEST(TomlText, GivenValuesPlainNumbersBareTheRestQuoted) {
  EXPECT_EQ(given_value("1000"), "1000");
  EXPECT_EQ(given_value("2.5"), "2.5");
  EXPECT_EQ(given_value("90%"), "\"90%\"");
  EXPECT_EQ(given_value("5m"), "\"5m\"");
  EXPECT_EQ(given_value("1e3"), "\"1e3\"");  // TOML would read 1e3 as a float, not as given
  EXPECT_EQ(given_value("nan"), "\"nan\"");
  EXPECT_EQ(given_value(""), "\"\"");
}

}  // namespace
}  // namespace iogate::toml_text
