// Blanks cut from both ends, by the set the reader names: what every reader of values, cells and
// device strings shares.
#include "common/text_trim.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <string>

namespace iogate {
namespace {

TEST(TextTrim, CutsBlanksFromBothEndsOnly) {
  EXPECT_EQ(trim_blanks("  8 GiB \t"), "8 GiB");
  EXPECT_EQ(trim_blanks("\r\n\v\fvalue\f\v\n\r"), "value");
  EXPECT_EQ(trim_blanks("a \t b"), "a \t b");
  EXPECT_EQ(trim_blanks("value"), "value");
}

TEST(TextTrim, NothingButBlanksIsEmptyAtTheTextsEnd) {
  for (const std::string_view text : {"", " ", " \t\r\n ", "\v\f"}) {
    SCOPED_TRACE(testing::PrintToString(std::string(text)));
    const std::string_view trimmed = trim_blanks(text);
    EXPECT_TRUE(trimmed.empty());
    EXPECT_EQ(trimmed.data(), text.data() + text.size());
  }
}

TEST(TextTrim, TheDefaultBlanksAreWhatIsspaceCallsSpaces) {
  for (int c = 0; c < 256; ++c) {
    const std::string text(1, static_cast<char>(c));
    EXPECT_EQ(trim_blanks(text).empty(), std::isspace(c) != 0) << "byte " << c;
  }
}

TEST(TextTrim, ALineKeepsItsOtherControlCharacters) {
  EXPECT_EQ(trim_blanks(" \tcell\r\t ", kSpaceAndTab), "cell\r");
  EXPECT_EQ(trim_blanks("\vcell", kSpaceAndTab), "\vcell");
}

TEST(TextTrim, AReaderMayNameItsOwnBlanks) {
  EXPECT_EQ(trim_blanks(" \t90% ", " "), "\t90%");
  EXPECT_EQ(trim_blanks("==label==", "="), "label");
  EXPECT_EQ(trim_blanks("  ", ""), "  ");
}

static_assert(trim_blanks(" constexpr ") == "constexpr");

}  // namespace
}  // namespace iogate
