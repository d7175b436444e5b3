// The bounded JSON parse: what it reads as nlohmann does, the inputs it refuses, and that no
// refusal quotes the input.
#include "common/json_input.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include <fmt/format.h>

namespace iogate {
namespace {

using testing::HasSubstr;
using testing::Not;

// The problem parse_json_input reports for `text`, or "no error".
std::string problem_of(const std::string& text) {
  try {
    parse_json_input(text, "in.json");
  } catch (const JsonInputError& e) {
    EXPECT_EQ(std::string(e.what()), "in.json: not JSON: " + e.problem());
    return e.problem();
  }
  return "no error";
}

std::string nested(std::size_t depth, const std::string& inner = "") {
  return std::string(depth, '[') + inner + std::string(depth, ']');
}

TEST(JsonInput, ReadsWhatNlohmannReads) {
  const std::string text = R"({"a": [1, -2, 3.5, 18446744073709551615, "x\u00e9\n", true, null],
    "b": {"c": {}, "d": []}, "a2": {"k": 1, "k": 2}})";
  EXPECT_EQ(parse_json_input(text, "in.json"), nlohmann::json::parse(text));
  EXPECT_EQ(parse_json_input("  7 ", "in.json"), 7);
  EXPECT_EQ(parse_json_input("\"s\"", "in.json"), "s");
}

TEST(JsonInput, NestsUpToTheLimitAndNoDeeper) {
  EXPECT_EQ(parse_json_input(nested(kMaxJsonDepth, "1"), "in.json"),
            nlohmann::json::parse(nested(kMaxJsonDepth, "1")));
  EXPECT_EQ(problem_of(nested(kMaxJsonDepth + 1)),
            "nests deeper than 64 levels at line 1, column 65 (byte 65)");
  EXPECT_EQ(problem_of("{\"a\":\n" + std::string(70, '[')),
            "nests deeper than 64 levels at line 2, column 64 (byte 70)");
}

TEST(JsonInput, RefusesAMillionLevelsAsSoonAsTheyPassTheLimit) {
  EXPECT_THAT(problem_of(nested(100'000)), HasSubstr("nests deeper than 64 levels at line 1"));
  EXPECT_THAT(problem_of(nested(1'000'000)), HasSubstr("nests deeper than 64 levels at line 1"));
  // 4 MiB of opening brackets, nothing closed: 321 MB with nlohmann's own parse.
  EXPECT_THAT(problem_of(std::string(4U << 20, '[')), HasSubstr("nests deeper than 64 levels"));
  EXPECT_THAT(problem_of(std::string(1'000'000, '{')), HasSubstr("syntax error at line 1"));
  std::string objects;
  for (int i = 0; i < 100'000; ++i) objects += "{\"a\":";
  EXPECT_THAT(problem_of(objects), HasSubstr("nests deeper than 64 levels"));
}

TEST(JsonInput, RefusesMoreValuesThanItsBudget) {
  // Empty arrays, the cheapest way to spend memory: 4 Mi of them (12 MiB) are within the budget...
  std::string arrays = "[";
  for (std::size_t i = 0; i < kMaxJsonCost / 4 - 2; ++i) arrays += "[],";
  arrays += "[]]";
  EXPECT_EQ(problem_of(arrays), "no error");
  // ...and one more is over it.
  arrays.insert(1, "[],");
  EXPECT_THAT(problem_of(arrays),
              HasSubstr("holds more than iogate reads (a budget of 16777216: a value costs 1, an "
                        "array 4, an object or a key 6) at line 1, column "));
}

// The reader had read one character past a number when it saw the number end (nlohmann's lexer
// looks ahead), so the number that crosses the budget is named by the character after it.
TEST(JsonInput, NamesANumberPastTheBudgetByTheCharacterAfterIt) {
  std::string text = "[";  // 4, then 4 an empty array: 12 numbers short of the budget
  for (std::size_t i = 0; i < (kMaxJsonCost - 16) / 4; ++i) text += "[],";
  const std::size_t numbers_from = text.size();
  for (int i = 0; i < 20; ++i) text += "7,";
  text += "7]";
  // The 13th number is over; the ',' after it is at 2 x 12 + 1 bytes past the numbers' start.
  const std::size_t after = numbers_from + 2 * 12 + 1;
  EXPECT_THAT(problem_of(text),
              HasSubstr(fmt::format("at line 1, column {0} (byte {0})", after + 1)));
}

TEST(JsonInput, SyntaxErrorsNameThePlaceOnly) {
  EXPECT_EQ(problem_of("{\n  \"a\": 1,\n  \"b\": nope\n}"),
            "syntax error at line 3, column 9 (byte 21)");
  EXPECT_EQ(problem_of("[1,]"), "syntax error at line 1, column 4 (byte 4)");
  EXPECT_EQ(problem_of("{} {}"), "syntax error at line 1, column 4 (byte 4)");
  EXPECT_EQ(problem_of("{\"a\": [1, 2"), "ends at byte 11 before the document does (cut short?)");
  EXPECT_EQ(problem_of(""), "is empty");
  EXPECT_EQ(problem_of(" \n\t"), "is empty");
  EXPECT_EQ(problem_of("[1e999]"), "a number too large at line 1, column 6 (byte 6)");
}

TEST(JsonInput, NeverQuotesTheInput) {
  // A *.json symlink to a token file: nlohmann's message ended "last read: '\"sk-LIVE-...".
  for (const std::string secret :
       {"\"sk-LIVE-SECRET-TOKEN-0123456789\n", "sk-LIVE-SECRET-TOKEN-0123456789\n",
        "\"sk-LIVE-SECRET-TOKEN-0123456789\" trailing\n", "{\"sk-LIVE-SECRET-TOKEN-0123456789\"}",
        "[\"sk-LIVE-SECRET-TOKEN-0123456789\\q\"]", "root:*:20228:0:99999:7:::\n"}) {
    const std::string problem = problem_of(secret);
    EXPECT_THAT(problem, Not(HasSubstr("sk-"))) << secret;
    EXPECT_THAT(problem, Not(HasSubstr("SECRET"))) << secret;
    EXPECT_THAT(problem, Not(HasSubstr("root"))) << secret;
    EXPECT_THAT(problem, Not(HasSubstr("last read"))) << secret;
  }
}

}  // namespace
}  // namespace iogate
