// A strict, bounded XML subset (xml_reader.hpp).
#include "xml_reader.hpp"

#include <cctype>

#include <fmt/format.h>

#include "common/read_file.hpp"
#include "iogate/common/threshold_error.hpp"

namespace iogate::diskspd {
namespace {

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '.' ||
         c == ':';
}

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  std::unique_ptr<XmlElement> document() {
    if (s_.starts_with("\xEF\xBB\xBF")) pos_ = 3;
    skip_blanks();
    if (looking_at("<?xml")) {
      const std::size_t end = s_.find("?>", pos_);
      if (end == std::string_view::npos) fail("an <?xml declaration that does not end");
      advance_to(end + 2);
    }
    misc();
    if (!looking_at("<")) fail("expected the root element");
    std::unique_ptr<XmlElement> root = element(1);
    misc();
    if (pos_ < s_.size()) fail("text after the root element");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const { throw XmlError(line_, problem); }

  bool looking_at(std::string_view t) const { return s_.substr(pos_).starts_with(t); }
  void advance_to(std::size_t to) {
    for (; pos_ < to && pos_ < s_.size(); ++pos_)
      if (s_[pos_] == '\n') ++line_;
  }
  void skip_blanks() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_])) != 0)
      advance_to(pos_ + 1);
  }
  void comment() {
    const std::size_t end = s_.find("-->", pos_ + 4);
    if (end == std::string_view::npos) fail("a comment that does not end");
    advance_to(end + 3);
  }
  // Blanks and comments between the top-level parts.
  void misc() {
    for (;;) {
      skip_blanks();
      if (looking_at("<!--")) {
        comment();
      } else if (looking_at("<!DOCTYPE") || looking_at("<!doctype")) {
        fail("a DOCTYPE: DiskSpd's files have none, and its entities are not read");
      } else if (looking_at("<?")) {
        fail("a processing instruction");
      } else {
        return;
      }
    }
  }

  std::string name() {
    const std::size_t from = pos_;
    while (pos_ < s_.size() && name_char(s_[pos_])) ++pos_;
    if (pos_ == from) fail("expected a name");
    return std::string(s_.substr(from, pos_ - from));
  }

  void entity(std::string& out) {
    const std::size_t end = s_.find(';', pos_);
    if (end == std::string_view::npos || end - pos_ > 10) fail("an '&' that starts no entity");
    const std::string_view e = s_.substr(pos_ + 1, end - pos_ - 1);
    if (e == "lt")
      out += '<';
    else if (e == "gt")
      out += '>';
    else if (e == "amp")
      out += '&';
    else if (e == "quot")
      out += '"';
    else if (e == "apos")
      out += '\'';
    else if (e.starts_with('#')) {
      const bool hex = e.size() > 1 && (e[1] == 'x' || e[1] == 'X');
      unsigned value = 0;
      const std::string_view digits = e.substr(hex ? 2 : 1);
      if (digits.empty()) fail("an empty character reference");
      for (const char c : digits) {
        const int d = std::isdigit(static_cast<unsigned char>(c)) != 0 ? c - '0'
                      : hex && std::isxdigit(static_cast<unsigned char>(c)) != 0
                          ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                          : -1;
        if (d < 0) fail("a malformed character reference");
        value = value * (hex ? 16 : 10) + static_cast<unsigned>(d);
        if (value >= 128) fail("a character reference beyond ASCII");
      }
      out += static_cast<char>(value);
    } else {
      fail(fmt::format("an unknown entity &{};", e.size() <= 8 ? std::string(e) : "..."));
    }
    advance_to(end + 1);
  }

  std::unique_ptr<XmlElement> element(int depth) {
    if (depth > kMaxXmlDepth) fail(fmt::format("elements nested deeper than {}", kMaxXmlDepth));
    if (++elements_ > kMaxXmlElements) fail(fmt::format("more than {} elements", kMaxXmlElements));
    auto e = std::make_unique<XmlElement>();
    e->line = line_;
    ++pos_;  // '<'
    e->name = name();
    for (;;) {
      skip_blanks();
      if (looking_at("/>")) {
        pos_ += 2;
        return e;
      }
      if (looking_at(">")) {
        ++pos_;
        break;
      }
      std::string key = name();
      skip_blanks();
      if (!looking_at("=")) fail(fmt::format("attribute {} without a value", key));
      ++pos_;
      skip_blanks();
      if (pos_ >= s_.size() || (s_[pos_] != '"' && s_[pos_] != '\''))
        fail("expected a quoted attribute value");
      const char quote = s_[pos_++];
      std::string value;
      while (pos_ < s_.size() && s_[pos_] != quote) {
        if (s_[pos_] == '<') fail("a '<' in an attribute value");
        if (s_[pos_] == '&') {
          entity(value);
        } else {
          value += s_[pos_];
          advance_to(pos_ + 1);
        }
      }
      if (pos_ >= s_.size()) fail("an attribute value that does not end");
      ++pos_;
      e->attributes.emplace_back(std::move(key), std::move(value));
    }
    content(*e, depth);
    return e;
  }

  void content(XmlElement& e, int depth) {
    for (;;) {
      if (pos_ >= s_.size()) fail(fmt::format("<{}> is not closed", e.name));
      const char c = s_[pos_];
      if (c == '&') {
        entity(e.text);
      } else if (looking_at("<!--")) {
        comment();
      } else if (looking_at("<![CDATA[")) {
        const std::size_t end = s_.find("]]>", pos_);
        if (end == std::string_view::npos) fail("a CDATA section that does not end");
        e.text += s_.substr(pos_ + 9, end - pos_ - 9);
        advance_to(end + 3);
      } else if (looking_at("</")) {
        pos_ += 2;
        const std::string closing = name();
        if (closing != e.name)
          fail(fmt::format("</{}> closes <{}>", closing.substr(0, 64), e.name.substr(0, 64)));
        skip_blanks();
        if (!looking_at(">")) fail("expected '>'");
        ++pos_;
        return;
      } else if (looking_at("<!") || looking_at("<?")) {
        fail("a declaration or processing instruction inside an element");
      } else if (c == '<') {
        e.children.push_back(element(depth + 1));
      } else {
        e.text += c;
        advance_to(pos_ + 1);
      }
    }
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  int line_ = 1;
  std::size_t elements_ = 0;
};

}  // namespace

const std::string* XmlElement::attribute(std::string_view key) const {
  for (const auto& [k, v] : attributes)
    if (k == key) return &v;
  return nullptr;
}

std::unique_ptr<XmlElement> parse_xml(std::string_view text) { return Parser(text).document(); }

std::string XmlInput::shown(const XmlElement& e) const {
  if (!e.flag_name.empty()) return e.flag_name;
  return quotable ? "<" + e.name.substr(0, 64) + ">"
                  : "an element (its name not shown: the file is not readable by every user)";
}

XmlInput parse_xml_input(std::string_view text, const std::filesystem::path& path, const char* what,
                         bool quotable) {
  if (text.size() > kMaxXmlBytes)
    throw ThresholdError(
        SourceLocation{path, 0, 0}, "",
        fmt::format("{} bytes, expected {} of at most {}", text.size(), what, kMaxXmlBytes));
  try {
    return XmlInput{parse_xml(text), quotable};
  } catch (const XmlError& e) {
    throw ThresholdError(SourceLocation{path, e.line(), 1}, "",
                         quotable ? "not XML iogate reads: " + std::string(e.what())
                                  : std::string("not XML iogate reads (the text is not shown: "
                                                "the file is not readable by every user)"));
  }
}

XmlInput read_xml_input(const std::filesystem::path& path, const char* what) {
  InputText input;
  try {
    input = read_input_file(path, kMaxXmlBytes, what);
  } catch (const FileReadError& e) {
    throw ThresholdError(SourceLocation{path, 0, 0}, "", e.problem());
  }
  return parse_xml_input(input.text, path, what, input.quotable);
}

}  // namespace iogate::diskspd
