#include "html_page.hpp"

#include "xml_text.hpp"

namespace iogate::html {

std::string esc(const std::string& in) { return xml::attribute(in); }

std::string script_safe(std::string text) {
  for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3)
    text.replace(at, 2, "<\\/");
  return text;
}

std::string script_json(const nlohmann::json& data) {
  const std::string dumped = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(dumped.size());
  for (char c : dumped) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

void write_scripts(std::ostream& out, const nlohmann::json& data, const std::string& chart_js,
                   const char* page_script) {
  out << "<script type=\"application/json\" id=\"iogate-data\">" << script_json(data)
      << "</script>\n";
  if (!chart_js.empty()) out << "<script>" << script_safe(chart_js) << "</script>\n";
  out << "<script>" << page_script << "</script>\n</body>\n</html>\n";
}

}  // namespace iogate::html
