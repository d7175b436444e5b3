// Names from other tools' files as identifiers (check_name.hpp).
#include "check_name.hpp"

#include "common/identifier.hpp"
#include "iogate/common/name_limits.hpp"

namespace iogate::import_core {

std::string identifier_of(const std::string& name) {
  std::string out;
  for (const char c : name) out += is_identifier_char(c) ? c : '_';
  if (out.empty()) out = "job";
  if (out.size() > kMaxCheckNameLength) out.resize(kMaxCheckNameLength);
  return out;
}

}  // namespace iogate::import_core
