// Names from other tools' files as identifiers (check_name.hpp).
#include "iogate/import/check_name.hpp"

#include "iogate/identifier.hpp"
#include "iogate/name_limits.hpp"

namespace iogate::import_core {

std::string identifier_of(const std::string& name) {
  std::string out;
  for (const char c : name) out += is_identifier_char(c) ? c : '_';
  if (out.empty()) out = "job";
  if (out.size() > kMaxCheckNameLength) out.resize(kMaxCheckNameLength);
  return out;
}

}  // namespace iogate::import_core
