// What a label, a check name or a message from another host's file may do to a terminal or a
// Markdown page once escaped: nothing.
#include "common/display_text.hpp"

#include <gtest/gtest.h>

namespace iogate {
namespace {

TEST(DisplayText, ControlBytesAndMalformedUtf8BecomeVisibleEscapes) {
  EXPECT_EQ(printable("ok\r<!--"), "ok\\x0d<!--");
  EXPECT_EQ(printable("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(printable(std::string("a\0b\n\x7f", 5)), "a\\x00b\\x0a\\x7f");
  EXPECT_EQ(printable("\xC2\x9B"
                      "31m"),
            "\\xc2\\x9b31m");                                                    // C1 CSI
  EXPECT_EQ(printable("\xC3"), "\\xc3");                                         // cut short
  EXPECT_EQ(printable("caf\xC3\xA9 \xE2\x82\xAC"), "caf\xC3\xA9 \xE2\x82\xAC");  // kept
}

TEST(DisplayText, AnExcerptIsBoundedQuotedAndEscaped) {
  EXPECT_EQ(quoted_excerpt("vm07"), "\"vm07\"");
  EXPECT_EQ(quoted_excerpt("a\"b\x01"), "\"a\\\"b\\x01\"");
  const std::string secret(10000, 'x');
  const std::string shown = quoted_excerpt(secret);
  EXPECT_EQ(shown, "\"" + std::string(kExcerptBytes, 'x') + "\"... (10000 bytes)");
  // Never cut inside a UTF-8 character.
  EXPECT_EQ(quoted_excerpt("ab\xC3\xA9", 3), "\"ab\"... (4 bytes)");
}

TEST(DisplayText, MarkdownTextEscapesHtmlTableSyntaxAndControls) {
  EXPECT_EQ(markdown_text("ok\r<!--"), "ok\\\\x0d&lt;!--");
  EXPECT_EQ(markdown_text("a|b`c&d>e"), "a\\|b\\`c&amp;d&gt;e");
  // A backslash of the input cannot escape the escape of a '|' after it.
  EXPECT_EQ(markdown_text("a\\|b"), "a\\\\\\|b");
}

TEST(DisplayText, MarkdownCodeKeepsTheSpanClosed) {
  EXPECT_EQ(markdown_code("/mnt/a`b<c"), "/mnt/a'b<c");
  EXPECT_EQ(markdown_code("h\n"), "h\\x0a");
}

// A path from outside with a control character is refused, naming the first one escaped; other
// bytes, malformed UTF-8 included, are a name like any other.
TEST(PathControlProblem, NamesTheFirstControlCharacter) {
  EXPECT_EQ(path_control_problem("/mnt/array (1)/caf\xC3\xA9"), std::nullopt);
  EXPECT_EQ(path_control_problem("/mnt/latin1-\xE9"), std::nullopt);
  const std::optional<std::string> newline = path_control_problem(
      "/tmp/a\nb\x1b"
      "x");
  ASSERT_TRUE(newline.has_value());
  EXPECT_EQ(newline->rfind("its path holds a control character (\\x0a)", 0), 0u) << *newline;
  EXPECT_NE(path_control_problem("/tmp/\x1b[2J").value_or("").find("(\\x1b)"), std::string::npos);
  EXPECT_NE(path_control_problem("/tmp/\x7f").value_or("").find("(\\x7f)"), std::string::npos);
  EXPECT_NE(path_control_problem("/tmp/\xC2\x9B"
                                 "1m")
                .value_or("")
                .find("(\\xc2\\x9b)"),
            std::string::npos)
      << "a C1 control (CSI)";
  EXPECT_NE(path_control_problem("/tmp/\t").value_or("").find("(\\x09)"), std::string::npos);
}

}  // namespace
}  // namespace iogate
