// The bounded parse reads as nlohmann's parser reads (src/common/json_text_reader.hpp): the same
// tree, value types included, for every text nlohmann accepts, and the same place for every text
// it refuses, on documents damaged thousands of ways. Deterministic: a fixed seed, and the random
// numbers turned into choices here rather than by a library's distribution.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "common/json_input.hpp"

namespace iogate {
namespace {

using nlohmann::json;

// Equal trees whose every value has the same type too: nlohmann's == calls an unsigned 0 and a
// signed 0 equal, and a double 1.0 and an integer 1.
bool same(const json& a, const json& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case json::value_t::array:
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i])) return false;
      return true;
    case json::value_t::object: {
      if (a.size() != b.size()) return false;
      for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
        if (x.key() != y.key() || !same(*x, *y)) return false;
      return true;
    }
    case json::value_t::number_float: {
      const double x = a.get<double>(), y = b.get<double>();
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    default:
      return a == b;
  }
}

// What parse_json_input says of `text`: "ok" and the tree, or its problem.
struct Outcome {
  std::string problem = "ok";
  json tree;
};
Outcome ours(const std::string& text) {
  Outcome out;
  try {
    out.tree = parse_json_input(text, "in.json");
  } catch (const JsonInputError& e) {
    out.problem = e.problem();
  }
  return out;
}

// Holds parse_json_input to nlohmann::json::parse on `text`. For a refusal nlohmann counts the
// characters it read (json::parse_error::byte: one past the text when the text ended first);
// ours names that byte, or says the text ended.
void expect_as_nlohmann(const std::string& text) {
  const Outcome got = ours(text);
  const std::string shown = json(text).dump(-1, ' ', true, json::error_handler_t::replace);
  try {
    const json want = json::parse(text);
    EXPECT_EQ(got.problem, "ok") << shown;
    EXPECT_TRUE(same(got.tree, want))
        << shown << "\nours: " << got.tree.dump() << "\nnlohmann: " << want.dump();
  } catch (const json::parse_error& e) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
      EXPECT_EQ(got.problem, "is empty") << shown;
    } else if (e.byte > text.size()) {
      EXPECT_EQ(got.problem,
                fmt::format("ends at byte {} before the document does (cut short?)", text.size()))
          << shown;
    } else {
      EXPECT_TRUE(got.problem.starts_with("syntax error at line ")) << got.problem << "\n" << shown;
      EXPECT_TRUE(got.problem.ends_with(fmt::format("(byte {})", e.byte)))
          << got.problem << " (nlohmann: byte " << e.byte << ")\n"
          << shown;
    }
  } catch (const json::out_of_range& e) {
    EXPECT_TRUE(got.problem.starts_with("a number too large at ")) << got.problem << "\n" << shown;
  }
}

// Every kind of value and every escape, UTF-8 of each length, numbers at each boundary.
const std::vector<std::string> kSeeds = {
    R"({"format": "iogate-results", "version": 3, "checks": [{"check": "rand_read_4k",
  "result": {"iops": 199.99446048676862, "ios": 600, "lat_histogram_ns": [[1784, 1792, 1],
  [2128, 2144, 1]], "neg": -12, "zero": -0, "big": 18446744073709551615,
  "bigger": 18446744073709551616, "most_negative": -9223372036854775808,
  "beyond": -9223372036854775809, "exp": 1.5e-3, "EXP": 2E+10, "tiny": 4.9e-324,
  "under": 1e-400, "frac": 0.0, "over": 1e308},
  "messages": ["caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t \u0000", "é😀€߿", ""]}],
  "flags": [true, false, null], "empty": {}, "none": [], "k": 1, "k": 2})",
    "\xEF\xBB\xBF[1, \"\xF4\x8F\xBF\xBF\", {\"a\": [[]]}]",
    "  -0.5e-7  ",
    "\"\\uD800\\uDC00 \\uDBFF\\uDFFF \\u00FF\"",
    "[0, -1, 1e5, 1E-5, 10.25, 123456789012345678901234567890]",
};

// Bytes a damaged document may get: every byte the grammar turns on.
const std::string kBytes = std::string("\"\\[]{}:,-+.eE0919uDdxtrfn/ \n\t\r") + '\0' +
                           "\x01\x1f\x7f\x80\xbf\xc2\xdf\xe0\xed\xef\xbb\xf0\xf4\xf5\xff";

TEST(JsonInputAsNlohmann, ReadsTheSeedsAsNlohmannDoes) {
  for (const std::string& seed : kSeeds) expect_as_nlohmann(seed);
}

TEST(JsonInputAsNlohmann, RefusesDamagedDocumentsWhereNlohmannDoes) {
  std::mt19937_64 rng(52);
  const auto pick = [&rng](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  for (int trial = 0; trial < 30'000; ++trial) {
    std::string text = kSeeds[pick(kSeeds.size())];
    for (std::size_t edits = 1 + pick(3); edits > 0 && !text.empty(); --edits) {
      const std::size_t at = pick(text.size());
      switch (pick(4)) {
        case 0:
          text[at] = kBytes[pick(kBytes.size())];
          break;
        case 1:
          text.insert(at, 1, kBytes[pick(kBytes.size())]);
          break;
        case 2:
          text.erase(at, 1);
          break;
        default:
          text.resize(at);
          break;
      }
    }
    expect_as_nlohmann(text);
    if (HasFailure()) break;  // one damaged document shown is enough
  }
}

TEST(JsonInputAsNlohmann, ReadsNumbersToTheSameBits) {
  std::mt19937_64 rng(7);
  const auto pick = [&rng](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  for (int trial = 0; trial < 20'000; ++trial) {
    std::string number = pick(2) == 0 ? "-" : "";
    const std::size_t digits = 1 + pick(25);
    number += static_cast<char>('1' + pick(9));
    for (std::size_t d = 1; d < digits; ++d) number += static_cast<char>('0' + pick(10));
    if (pick(2) == 0) number.insert(1 + (number[0] == '-' ? 1 : 0), ".");
    if (pick(2) == 0) number += fmt::format("e{}", static_cast<int>(pick(700)) - 350);
    expect_as_nlohmann("[" + number + "]");
    if (HasFailure()) break;
  }
}

}  // namespace
}  // namespace iogate
