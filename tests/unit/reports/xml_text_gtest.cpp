#include "reports/xml_text.hpp"

#include <gtest/gtest.h>

namespace iogate {
namespace {

TEST(XmlText, EscapesMarkupInTextAndAttributes) {
  EXPECT_EQ(xml::text("a<b & c>\"d'"), "a&lt;b &amp; c&gt;\"d'");
  EXPECT_EQ(xml::attribute("a<b & c>\"d'"), "a&lt;b &amp; c&gt;&quot;d&apos;");
}

TEST(XmlText, KeepsLineBreaksInAttributesAsReferences) {
  EXPECT_EQ(xml::attribute("a\nb\tc\rd"), "a&#10;b&#9;c&#13;d");
  EXPECT_EQ(xml::text("a\nb\tc"), "a\nb\tc");
}

TEST(XmlText, ReplacesControlBytesXmlForbids) {
  EXPECT_EQ(xml::text(std::string("a\x01\x1b\x7f", 4) + std::string(1, '\0') + "b"),
            "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
            "b");
}

TEST(XmlText, KeepsValidUtf8AndReplacesInvalid) {
  EXPECT_EQ(xml::text("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x92\xBE"),
            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x92\xBE");
  EXPECT_EQ(xml::text("a\xC3"), "a\xEF\xBF\xBD");                                // truncated
  EXPECT_EQ(xml::text("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");                  // overlong '/'
  EXPECT_EQ(xml::text("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
  EXPECT_EQ(xml::text("\xEF\xBF\xBE"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // U+FFFE
}

}  // namespace
}  // namespace iogate
