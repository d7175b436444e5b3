// accounts.hpp through the C library's NSS lookups (every build but the static one).
#include <grp.h>
#include <pwd.h>

#include <algorithm>

#include "accounts.hpp"

namespace iogate::detail {

std::string user_name(uid_t uid) {
  const passwd* pw = ::getpwuid(uid);
  return pw != nullptr && pw->pw_name != nullptr ? pw->pw_name : "";
}

std::vector<gid_t> user_groups(uid_t uid) {
  const passwd* pw = ::getpwuid(uid);
  if (pw == nullptr) return {};
  int count = 64;
  std::vector<gid_t> groups(static_cast<std::size_t>(count));
  if (::getgrouplist(pw->pw_name, pw->pw_gid, groups.data(), &count) < 0) {
    groups.resize(static_cast<std::size_t>(count));
    ::getgrouplist(pw->pw_name, pw->pw_gid, groups.data(), &count);
  }
  groups.resize(static_cast<std::size_t>(std::max(count, 0)));
  return groups;
}

}  // namespace iogate::detail
