// fio's units as fio reads them (parse.c), and the values fio would misread refused.
#include "fio_job/fio_values.hpp"

#include <gtest/gtest.h>

namespace iogate::fio_job {
namespace {

using std::chrono::microseconds;

TEST(FioSize, BareNumbersAreBytes) {
  EXPECT_EQ(fio_size("512"), 512u);
  EXPECT_EQ(fio_size("4096b"), 4096u);
  EXPECT_EQ(fio_size("0x1000"), 4096u);
}

TEST(FioSize, SuffixesArePowersOfKbBase) {
  EXPECT_EQ(fio_size("4k"), 4096u);
  EXPECT_EQ(fio_size("4K"), 4096u);
  EXPECT_EQ(fio_size("4kb"), 4096u);
  EXPECT_EQ(fio_size("8m"), 8u << 20);
  EXPECT_EQ(fio_size("1g"), 1ULL << 30);
  EXPECT_EQ(fio_size("2T"), 2ULL << 40);
  EXPECT_EQ(fio_size("1p"), 1ULL << 50);
}

// fio's "compatibility mode": under kb_base=1024 the IEC spellings are the powers of 1000.
TEST(FioSize, IecSpellingsAreTheOtherBase) {
  EXPECT_EQ(fio_size("4KiB"), 4000u);
  EXPECT_EQ(fio_size("1MiB"), 1000000u);
  EXPECT_EQ(fio_size("1gib"), 1000000000u);
  EXPECT_EQ(fio_size("4k", 1000), 4000u);
  EXPECT_EQ(fio_size("4KiB", 1000), 4096u);
  EXPECT_EQ(fio_size("1m", 1000), 1000000u);
}

TEST(FioSize, ValuesFioWouldMisreadAreRefused) {
  // fio reads "1.5g" as 1 byte and "4x" as 4 bytes; each is an error here, saying so.
  try {
    fio_size("1.5g");
    FAIL() << "1.5g accepted";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("would take 1"), std::string::npos) << e.what();
  }
  try {
    fio_size("4x");
    FAIL() << "4x accepted";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("would read 4 bytes"), std::string::npos) << e.what();
  }
  EXPECT_THROW(fio_size("50%"), ValueError);
  EXPECT_THROW(fio_size("(4*1024)"), ValueError);
  EXPECT_THROW(fio_size("-4k"), ValueError);
  EXPECT_THROW(fio_size(""), ValueError);
  EXPECT_THROW(fio_size("k"), ValueError);
  EXPECT_THROW(fio_size("99999999999999999999"), ValueError);
  EXPECT_THROW(fio_size("16777216p"), ValueError);  // 2^74 bytes
}

TEST(FioTime, BareNumbersAreSeconds) {
  EXPECT_EQ(fio_time("30"), microseconds(30'000'000));
  EXPECT_EQ(fio_time("30s"), microseconds(30'000'000));
  EXPECT_EQ(fio_time("30S"), microseconds(30'000'000));
}

TEST(FioTime, Suffixes) {
  EXPECT_EQ(fio_time("500ms"), microseconds(500'000));
  EXPECT_EQ(fio_time("500msec"), microseconds(500'000));
  EXPECT_EQ(fio_time("250us"), microseconds(250));
  EXPECT_EQ(fio_time("250usec"), microseconds(250));
  EXPECT_EQ(fio_time("2m"), microseconds(120'000'000));
  EXPECT_EQ(fio_time("1h"), microseconds(3'600'000'000));
  EXPECT_EQ(fio_time("1d"), microseconds(86'400'000'000));
}

// fio knows "s" and "m" only as the whole suffix: "10sec" and "10min" are 10 microseconds to it.
TEST(FioTime, SuffixesFioReadsAsMicrosecondsAreRefused) {
  for (const char* text : {"10sec", "10min", "1hr", "5x"}) {
    try {
      fio_time(text);
      ADD_FAILURE() << text << " accepted";
    } catch (const ValueError& e) {
      EXPECT_NE(std::string(e.what()).find("microseconds"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(fio_time("1.5s"), ValueError);
}

TEST(FioInt, DecimalAndHex) {
  EXPECT_EQ(fio_int("32"), 32u);
  EXPECT_EQ(fio_int("0x20"), 32u);
  EXPECT_THROW(fio_int("32k"), ValueError);
  EXPECT_THROW(fio_int("many"), ValueError);
}

TEST(FioBool, NeedsZeroOrOne) {
  EXPECT_TRUE(fio_bool(std::string("1")));
  EXPECT_FALSE(fio_bool(std::string("0")));
  EXPECT_THROW(fio_bool(std::nullopt), ValueError);  // a bare `direct` fails in fio too
  EXPECT_THROW(fio_bool(std::string("2")), ValueError);
  EXPECT_THROW(fio_bool(std::string("yes")), ValueError);
}

TEST(FioSet, BareIsOn) {
  EXPECT_TRUE(fio_set(std::nullopt));
  EXPECT_TRUE(fio_set(std::string("1")));
  EXPECT_FALSE(fio_set(std::string("0")));
}

}  // namespace
}  // namespace iogate::fio_job
