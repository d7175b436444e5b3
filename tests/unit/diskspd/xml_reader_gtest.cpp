// The XML subset DiskSpd's profiles are read with: what it takes, and every refusal with its line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "xml_reader.hpp"

namespace iogate::diskspd {
namespace {

using testing::HasSubstr;

std::string error_of(const std::string& text) {
  try {
    parse_xml(text);
  } catch (const XmlError& e) {
    return std::to_string(e.line()) + ": " + e.what();
  }
  return "";
}

TEST(XmlReader, ReadsElementsAttributesTextAndEntities) {
  const auto root = parse_xml(
      "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- a profile -->\n"
      "<Profile a='1' b=\"x &amp; y\">\n  <Path>C:\\t&lt;1&gt;&#65;&#x42;</Path>\n"
      "  <Empty/>\n  <C><![CDATA[<raw>]]></C>\n</Profile>\n<!-- after -->\n");
  EXPECT_EQ(root->name, "Profile");
  EXPECT_EQ(root->line, 3);
  ASSERT_NE(root->attribute("b"), nullptr);
  EXPECT_EQ(*root->attribute("b"), "x & y");
  EXPECT_EQ(*root->attribute("a"), "1");
  EXPECT_EQ(root->attribute("c"), nullptr);
  ASSERT_EQ(root->children.size(), 3u);
  EXPECT_EQ(root->children[0]->text, "C:\\t<1>AB");
  EXPECT_EQ(root->children[0]->line, 4);
  EXPECT_EQ(root->children[1]->name, "Empty");
  EXPECT_EQ(root->children[2]->text, "<raw>");
}

TEST(XmlReader, RefusesWhatItDoesNotRead) {
  EXPECT_EQ(error_of(""), "1: expected the root element");
  EXPECT_EQ(error_of("<a>\n<b></a>"), "2: </a> closes <b>");
  EXPECT_EQ(error_of("<a>\n<b>"), "2: <b> is not closed");
  EXPECT_EQ(error_of("<a/><b/>"), "1: text after the root element");
  EXPECT_THAT(error_of("<?xml version='1.0'?>\n<!DOCTYPE a [<!ENTITY x 'y'>]><a/>"),
              HasSubstr("2: a DOCTYPE"));
  EXPECT_EQ(error_of("<a>&nbsp;</a>"), "1: an unknown entity &nbsp;");
  EXPECT_EQ(error_of("<a>&#300;</a>"), "1: a character reference beyond ASCII");
  EXPECT_EQ(error_of("<a b=1/>"), "1: expected a quoted attribute value");
  EXPECT_EQ(error_of("<a b='<'/>"), "1: a '<' in an attribute value");
  EXPECT_EQ(error_of("<a><?pi?></a>"),
            "1: a declaration or processing instruction inside an element");
  EXPECT_EQ(error_of("<a><!-- open </a>"), "1: a comment that does not end");
}

TEST(XmlReader, BoundsDepthAndCount) {
  std::string deep;
  for (int i = 0; i < kMaxXmlDepth + 1; ++i) deep += "<a>";
  EXPECT_THAT(error_of(deep), HasSubstr("nested deeper than 32"));
  std::string ok;
  for (int i = 0; i < kMaxXmlDepth; ++i) ok += "<a>";
  for (int i = 0; i < kMaxXmlDepth; ++i) ok += "</a>";
  EXPECT_EQ(error_of(ok), "");
  std::string many = "<a>";
  for (std::size_t i = 0; i < kMaxXmlElements; ++i) many += "<b/>";
  EXPECT_THAT(error_of(many + "</a>"), HasSubstr("more than 100000 elements"));
}

}  // namespace
}  // namespace iogate::diskspd
