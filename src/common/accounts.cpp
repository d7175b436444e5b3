// The part of accounts.hpp both implementations share.
#include "accounts.hpp"

#include <fmt/format.h>

namespace iogate::detail {

std::string user_label(uid_t uid) {
  const std::string name = user_name(uid);
  return name.empty() ? std::to_string(uid) : fmt::format("{} ({})", uid, name);
}

}  // namespace iogate::detail
