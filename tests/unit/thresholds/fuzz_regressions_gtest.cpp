// Inputs the fuzzers in fuzz/ found mishandled, kept so each stays fixed.
#include <cstdint>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/common/units.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

std::string size_error(const char* text) {
  try {
    return "<accepted as " + std::to_string(parse_size(text)) + ">";
  } catch (const UnitError& e) {
    return e.what();
  }
}

// 2^78 PiB: mantissa x 2^50 is exactly 2^128, which wrapped round to 0 bytes and was accepted.
TEST(FuzzRegressions, HugeSizeDoesNotWrapRoundToZero) {
  EXPECT_THAT(size_error("302231454903657293676544p"), HasSubstr("too large"));
  EXPECT_THAT(size_error("302231454903657293676545PiB"), HasSubstr("too large"));
  EXPECT_THAT(size_error("999999999999999999999999p"), HasSubstr("too large"));
}

// Cancelling powers of two before multiplying must keep long but exact spellings exact.
TEST(FuzzRegressions, LongExactSizesStayExact) {
  EXPECT_EQ(parse_size("1.000000000000000000000k"), 1024u);
  EXPECT_EQ(parse_size("3000.00000000000000000000p"), 3000ULL << 50);
  EXPECT_EQ(parse_size("0.0009765625k"), 1u);
  EXPECT_EQ(parse_size("16383.9990234375p"), (16383ULL << 50) + (1023ULL << 40));
  EXPECT_THAT(size_error("0.000000000000000000001p"), HasSubstr("whole number of bytes"));
}

// A double holds 53 bits, so 192 PiB - 1 byte became exactly 192 PiB: "truncated, never rounded
// up" (units.hpp) printed "192 PiB", which parses back to more than there is.
TEST(FuzzRegressions, FormatSizeNeverRoundsUp) {
  EXPECT_EQ(format_size((192ULL << 50) - 1), "191 PiB");
  EXPECT_EQ(format_size((2ULL << 50) - 1), "1.99 PiB");
  EXPECT_EQ(format_size((20ULL << 40) - 1), "19.9 TiB");
  EXPECT_EQ(format_size((1ULL << 60) + 1), "1 EiB");
  for (std::uint64_t bytes : {(192ULL << 50) - 1, (1ULL << 50) + 1, (8ULL << 40) + 1}) {
    EXPECT_LE(parse_size(format_size(bytes)), bytes) << format_size(bytes);
  }
}

}  // namespace
}  // namespace iogate
