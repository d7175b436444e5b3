// The static build's account lookups (accounts_files.cpp, /etc/passwd and /etc/group read
// directly) against the C library's NSS lookups on this machine, whose passwd and group come
// from the same files (Debian's nsswitch.conf: "files" first).
#include <grp.h>
#include <pwd.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/accounts.hpp"

namespace iogate::detail {
namespace {

std::vector<uid_t> uids_in_passwd_file() {
  std::vector<uid_t> uids;
  std::ifstream in("/etc/passwd");
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find(':');
    const auto second = line.find(':', first + 1);
    const auto third = line.find(':', second + 1);
    if (third == std::string::npos) continue;
    uids.push_back(static_cast<uid_t>(std::stoul(line.substr(second + 1, third - second - 1))));
  }
  return uids;
}

std::set<gid_t> nss_groups(uid_t uid) {
  const passwd* pw = ::getpwuid(uid);
  if (pw == nullptr) return {};
  int count = 256;
  std::vector<gid_t> groups(256);
  ::getgrouplist(pw->pw_name, pw->pw_gid, groups.data(), &count);
  groups.resize(static_cast<std::size_t>(std::max(count, 0)));
  return {groups.begin(), groups.end()};
}

TEST(AccountsFromFiles, NameEveryUserOfThePasswdFileAsNssDoes) {
  const std::vector<uid_t> uids = uids_in_passwd_file();
  ASSERT_FALSE(uids.empty()) << "/etc/passwd lists nobody";
  for (const uid_t uid : uids) {
    const passwd* pw = ::getpwuid(uid);
    ASSERT_NE(pw, nullptr) << uid;
    EXPECT_EQ(user_name(uid), pw->pw_name) << uid;
    EXPECT_EQ(user_label(uid), std::to_string(uid) + " (" + pw->pw_name + ")");
  }
}

TEST(AccountsFromFiles, GiveEachUserTheGroupsNssGives) {
  for (const uid_t uid : uids_in_passwd_file()) {
    const std::vector<gid_t> groups = user_groups(uid);
    EXPECT_EQ(std::set<gid_t>(groups.begin(), groups.end()), nss_groups(uid)) << uid;
  }
}

TEST(AccountsFromFiles, KnowNothingOfAnIdWithoutAnEntry) {
  const uid_t nobody_has_it = 3999999999u;
  ASSERT_EQ(::getpwuid(nobody_has_it), nullptr);
  EXPECT_EQ(user_name(nobody_has_it), "");
  EXPECT_EQ(user_label(nobody_has_it), "3999999999");
  EXPECT_TRUE(user_groups(nobody_has_it).empty());
}

}  // namespace
}  // namespace iogate::detail
