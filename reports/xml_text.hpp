// XML 1.0 escaping for the JUnit writer. Check names, messages and error text are arbitrary
// bytes; XML 1.0 forbids most control characters even as character references, and a parser
// rejects malformed UTF-8. So: markup characters become entities, tab/newline/CR in attributes
// become character references (attribute normalisation would fold them to spaces), and forbidden
// control bytes or invalid UTF-8 become U+FFFD, so the document always parses.
#pragma once

#include <string>
#include <string_view>

namespace iogate::xml {

std::string text(std::string_view in);       // element content
std::string attribute(std::string_view in);  // inside "..."

}  // namespace iogate::xml
