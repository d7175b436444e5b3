// The XML of a DiskSpd profile, read as a tree: a strict, bounded subset of XML 1.0, enough for
// what DiskSpd writes (-X profiles, -Rxml results) and for files edited by hand.
//
// Read: an optional UTF-8 byte order mark and <?xml ...?> declaration, elements with attributes
// (quoted with " or '), self-closing elements, character data with the five named entities and
// numeric references below 128, CDATA sections, comments. Refused: a DOCTYPE (entity definitions
// are how XML documents grow without bound), other processing instructions, a second root,
// mismatched tags, anything after the root but comments and blanks. Bounded: the caller's text,
// kMaxXmlDepth levels, kMaxXmlElements elements. A mistake is an XmlError with the line.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace iogate::diskspd {

inline constexpr int kMaxXmlDepth = 32;
inline constexpr std::size_t kMaxXmlElements = 100000;

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;  // the character data directly inside, entities resolved
  int line = 0;      // of the start tag
  std::vector<std::unique_ptr<XmlElement>> children;
  // An element made from a DiskSpd command line (command_line.hpp), not read from XML: the token
  // that set it as written ("-b8K", shown where a key's source is written), the flag alone for
  // messages ("-b": a refusal names the flag, never someone else's value) and its column.
  std::string flag;
  std::string flag_name;
  int column = 1;

  const std::string* attribute(std::string_view key) const;
};

class XmlError : public std::runtime_error {
 public:
  XmlError(int line, const std::string& problem) : std::runtime_error(problem), line_(line) {}
  int line() const { return line_; }

 private:
  int line_;
};

std::unique_ptr<XmlElement> parse_xml(std::string_view text);

// A DiskSpd file: at most kMaxXmlBytes, parsed; `what` names it in errors ("a DiskSpd profile
// (XML)"). Every mistake is a ThresholdError at `path`:line, line 0 for a file that cannot be read.
// `quotable`: whether messages may show the file's text (read_file.hpp): an element's name
// included; when not, a syntax error gives its line only.
inline constexpr std::size_t kMaxXmlBytes = std::size_t{4} << 20;
struct XmlInput {
  std::unique_ptr<XmlElement> root;
  bool quotable = true;
  // Built from DiskSpd command lines rather than read from XML (command_line.hpp).
  bool command_lines = false;

  // An element's name as a message may show it: its flag where it came from a command line.
  std::string shown(const XmlElement& e) const;
};
XmlInput parse_xml_input(std::string_view text, const std::filesystem::path& path, const char* what,
                         bool quotable = true);
XmlInput read_xml_input(const std::filesystem::path& path, const char* what);

}  // namespace iogate::diskspd
