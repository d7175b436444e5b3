// The patterns `iogate schema` spells values with, held to the parsers they stand for over a
// corpus of spellings, right and wrong: a pattern matches exactly what its parser reads, but for
// the magnitudes it leaves to the parser (value_patterns.hpp) and shares written with an exponent.
// std::regex's ECMAScript grammar reads the patterns as JSON Schema's validators do.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "expectation_keys.hpp"
#include "iogate/common/units.hpp"
#include "value_patterns.hpp"

namespace iogate::thresholds_detail {
namespace {

bool matches(const std::string& pattern, const std::string& text) {
  return std::regex_search(text, std::regex(pattern));  // JSON Schema's "pattern" searches
}

// Every "<edge><number><gap><unit><edge>".
std::vector<std::string> spellings(const std::vector<std::string>& numbers,
                                   const std::vector<std::string>& units) {
  std::vector<std::string> out;
  for (const char* edge : {"", " ", "\t", "\n"})
    for (const std::string& number : numbers)
      for (const char* gap : {"", " "})
        for (const std::string& unit : units) out.push_back(edge + number + gap + unit + edge);
  return out;
}

TEST(ValuePatterns, SizeMatchesWhatParseSizeReadsButMagnitudes) {
  const auto corpus =
      spellings({"0", "8", "1.5", "1.1", "12.25", "007", ".5", "1.", "", "-1", "1e3", "20"},
                {"",   "b",   "B",  "k",   "K", "kb",  "KB", "kib",    "KiB", "KIB",
                 "m",  "MiB", "g",  "GiB", "t", "TiB", "p",  "PiB",    "e",   "EiB",
                 "EB", "x",   "kk", "kbi", "i", "ib",  "bk", "\u00b5", "k b", "%"});
  int read = 0;
  for (const std::string& text : corpus) {
    bool spelled_right = true;
    try {
      parse_size(text);
      ++read;
    } catch (const UnitError& e) {
      // "expected a whole number of bytes" and "too large" are magnitudes.
      spelled_right = !std::string(e.what()).starts_with("expected a size like");
    }
    EXPECT_EQ(matches(size_pattern(), text), spelled_right) << '"' << text << '"';
  }
  EXPECT_GT(read, 500);
}

TEST(ValuePatterns, DurationMatchesWhatParseDurationReads) {
  const std::vector<std::string> numbers = {"2", "1.5", "0", ".5", "1."};
  const std::vector<std::string> units = {"",   "h",       "H",       "m",  "M", "s",   "ms", "MS",
                                          "us", "\u00b5s", "\u03bcs", "ns", "x", "sec", "mss"};
  std::vector<std::string> corpus = spellings(numbers, units);
  for (const std::string first : {"2h", "2m", "30s", "5ms", "1.5", "2"})
    for (const std::string& number : numbers)
      for (const std::string& unit : units)
        for (const char* gap : {"", " "}) corpus.push_back(first + gap + number + unit);
  for (const char* odd : {"", " ", "\t", "h", "2m30s10ms5us1ns", "1h2h", "2m 30", "1 h"})
    corpus.push_back(odd);
  int read = 0;
  for (const std::string& text : corpus) {
    bool spelled_right = true;
    try {
      parse_duration(text);
      ++read;
    } catch (const UnitError& e) {
      spelled_right = !std::string(e.what()).starts_with("expected a duration like");
    }
    const bool match =
        matches(duration_pattern(), text) && matches(std::string(kDigitPattern), text);
    EXPECT_EQ(match, spelled_right) << '"' << text << '"';
  }
  EXPECT_GT(read, 300);
}

TEST(ValuePatterns, PercentMatchesWhatParsePercentReadsRangeIncluded) {
  const auto corpus = spellings({"0", "65", "100", "100.0", "100.00", "100.5", "150", "0050",
                                 "0100", "99.99", "1000", "", "5.", ".5", "-1", "1e2", "000"},
                                {"", "%", "%%", "% %", "pct", " %"});
  int read = 0;
  for (const std::string& text : corpus) {
    bool ok = true;
    try {
      parse_percent(text);
      ++read;
    } catch (const UnitError&) {
      ok = false;
    }
    EXPECT_EQ(matches(percent_pattern(), text), ok) << '"' << text << '"';
  }
  EXPECT_GT(read, 100);
}

TEST(ValuePatterns, SharesMatchWhatParseShareOfReads) {
  const std::vector<std::string> numbers = {"90", "1",   "1000", "1000.0", "1000.5", "0.5",
                                            "0",  "090", "1.",   "999.99", "abc",    "-5",
                                            "",   "1e2", "2e3",  "inf",    "1,5"};
  for (const std::string reference : {"baseline", "peers"}) {
    const auto parse = reference == "baseline" ? parse_relative_bound : parse_peers_bound;
    int read = 0;
    for (const std::string& number : numbers) {
      for (const std::string& text :
           {number + "% of " + reference, " " + number + " % of " + reference + " ",
            number + "%of " + reference, number + "% of  " + reference,
            number + "% of the " + reference, number + " of " + reference,
            number + "%\tof " + reference, number + "% of " + reference + " now"}) {
        bool ok = true;
        try {
          ok = parse(text).has_value();
          read += ok;
        } catch (const std::invalid_argument&) {
          ok = false;
        }
        const bool match = matches(share_of_pattern(reference), text);
        if (number.find('e') != std::string::npos) {
          if (ok) {
            EXPECT_TRUE(match) << '"' << text << '"';  // any value, in the pattern
          }
        } else {
          EXPECT_EQ(match, ok) << '"' << text << '"';
        }
      }
    }
    EXPECT_GT(read, 15) << reference;
  }
}

TEST(ValuePatterns, PercentileKeysMatchWhatLookupExpectationKeyKnows) {
  int known = 0;
  for (const std::string whole : {"", "0", "00", "5", "05", "50", "99", "100", "999", "9a"}) {
    for (const std::string fraction : {"", "_9", "_99", "_0", "_00", "_", "_a", "_9_9", "_05"}) {
      const std::string key = "latency_p" + whole + fraction + "_max";
      const auto meaning = lookup_expectation_key(key);
      const bool percentile = meaning && meaning->metric == Metric::latency_percentile;
      known += percentile;
      EXPECT_EQ(matches(std::string(kPercentileKeyPattern), key), percentile) << key;
    }
  }
  EXPECT_GT(known, 20);
  for (const char* named : {"latency_avg_max", "latency_max", "iops_min", "cv_max"})
    EXPECT_FALSE(matches(std::string(kPercentileKeyPattern), named)) << named;
}

}  // namespace
}  // namespace iogate::thresholds_detail
