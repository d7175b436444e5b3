// Proving that the scratch directory iogate holds open is the one it just made.
//
// mkdirat(2) returns no handle, so between it and the openat(O_DIRECTORY|O_NOFOLLOW) that follows,
// a user who can write the datastore could rename the new directory away and put another in its
// place (a symlink is refused by O_NOFOLLOW already). Nothing is written until the directory open
// as `dir_fd` passes every test a substitute fails: a directory, on the datastore's filesystem,
// owned by this process's euid (nobody else can make a directory owned by root, or by us),
// with no group or other permission bits (ours was made 0700 and umask can only take bits away),
// empty, and still what `name` names in the datastore (same device and inode). From then on every
// file operation goes through `dir_fd`, so renaming the scratch directory later moves it, and our
// writes with it, but sends nothing elsewhere.
#pragma once

#include <filesystem>
#include <string>

namespace iogate::detail {

// Throws std::system_error (EEXIST, "... is not the directory iogate made: ...") naming `shown`
// and the failed test, when the directory open as `dir_fd` is not the fresh one made as `name`
// in the datastore open as `store_fd`.
void verify_made_dir(int store_fd, const std::string& name, int dir_fd,
                     const std::filesystem::path& shown);

}  // namespace iogate::detail
