#include "check_filter.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace iogate::cli {
namespace {

TEST(GlobMatches, StarAndQuestionMarkAsGoogleTestReadsThem) {
  EXPECT_TRUE(glob_matches("seq_*", "seq_write_8k"));
  EXPECT_TRUE(glob_matches("*", ""));
  EXPECT_TRUE(glob_matches("*_8k", "seq_write_8k"));
  EXPECT_TRUE(glob_matches("seq_????e_8k", "seq_write_8k"));
  EXPECT_TRUE(glob_matches("s*w*8*", "seq_write_8k"));
  EXPECT_FALSE(glob_matches("seq_*", "rand_read_4k"));
  EXPECT_FALSE(glob_matches("seq_write", "seq_write_8k")) << "a pattern matches the whole name";
  EXPECT_FALSE(glob_matches("?", ""));
  EXPECT_FALSE(glob_matches("", "a"));
}

// A pattern of many stars against a long name that almost matches: backtracking one star at a
// time stays linear in the name for each star, never exponential.
TEST(GlobMatches, ManyStarsDoNotBlowUp) {
  const std::string name(10000, 'a');
  EXPECT_FALSE(glob_matches("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", name));
  EXPECT_TRUE(glob_matches("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*", name));
}

TEST(CheckFilter, PositivePatternsThenNegativeOnes) {
  const CheckFilter f("seq_*:rand_*-*_1m:rand_read_4k");
  EXPECT_TRUE(f.selects("quick", "seq_write_8k"));
  EXPECT_TRUE(f.selects("quick", "rand_write_4k"));
  EXPECT_FALSE(f.selects("quick", "seq_read_1m"));
  EXPECT_FALSE(f.selects("quick", "rand_read_4k"));
  EXPECT_FALSE(f.selects("quick", "mixed_70_30"));
}

// "-pattern" alone keeps everything else, as --gtest_filter=-X does.
TEST(CheckFilter, OnlyNegativeMeansAllBut) {
  const CheckFilter f("-*_1m");
  EXPECT_TRUE(f.selects("quick", "seq_write_8k"));
  EXPECT_FALSE(f.selects("quick", "seq_read_1m"));
}

// ctest names a check <suite>.<check>: a pattern copied from `ctest -N` selects it too.
TEST(CheckFilter, TheCtestNameSelectsToo) {
  const CheckFilter f("quick.seq_*");
  EXPECT_TRUE(f.selects("quick", "seq_write_8k"));
  EXPECT_FALSE(f.selects("other", "seq_write_8k"));
}

TEST(CheckFilter, AnEmptyPatternIsRefusedWithTheSyntax) {
  for (const char* bad : {"a::b", "a:", ":a", "a-", "a-b::c"}) {
    try {
      CheckFilter f(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("empty pattern"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace iogate::cli
