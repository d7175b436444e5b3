// Names from other tools' files as identifiers (check_name.hpp).
#include "iogate/import/check_name.hpp"

#include <cctype>

#include "iogate/name_limits.hpp"

namespace iogate::import_core {

std::string identifier_of(const std::string& name) {
  std::string out;
  for (const char c : name)
    out += (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_') ? c : '_';
  if (out.empty()) out = "job";
  if (out.size() > kMaxCheckNameLength) out.resize(kMaxCheckNameLength);
  return out;
}

}  // namespace iogate::import_core
