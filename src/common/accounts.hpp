// Who a user id is: its name, and the groups a process of that user would have. Messages name
// users ("1000 (alice)"), and the input reader decides whether the invoking user could read a
// file by its group bits.
//
// Two implementations, one per build: accounts_nss.cpp asks the C library (getpwuid,
// getgrouplist: NSS, so LDAP and sssd users are known); accounts_files.cpp, for the static build,
// reads /etc/passwd and /etc/group itself, since NSS in a static executable would load shared
// libraries at run time, which a static build must never need (on ESXi there are none of ours).
// Where the answer is unknown, the name is empty and the groups are empty: callers show the
// number and fall back to the "other" bits.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace iogate::detail {

// "alice", or "" when the id has no entry.
std::string user_name(uid_t uid);
// "1000 (alice)", or "1000" when the id has no name.
std::string user_label(uid_t uid);
// The user's primary group and every group that lists it as a member; empty when unknown.
std::vector<gid_t> user_groups(uid_t uid);

}  // namespace iogate::detail
