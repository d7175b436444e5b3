// Who holds the flock(2) on a datastore, for the message of a check that waits for it.
//
// Any user who can open a directory can flock it, so the lock that keeps two iogate checks apart
// can also be held by something else entirely (an unprivileged user's `flock DIR sleep 1d`). The
// waiting check therefore names the holder as /proc/locks shows it: its pid, command and user.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

namespace iogate::detail {

// The pid holding a FLOCK on the file `dev`/`ino`, from the text of /proc/locks:
//   "3: FLOCK  ADVISORY  WRITE 4242 08:01:131074 0 EOF"
// (major:minor in hex, the inode in decimal); waiters ("3: -> FLOCK ...") are not holders. nullopt
// when no line matches or the pid is not known (-1, or 0 for a process in another pid namespace).
std::optional<pid_t> flock_holder(std::string_view proc_locks, dev_t dev, ino_t ino);

// "pid 4242 (sleep, user 65534 (nobody))", or "a process this host does not show (another pid
// namespace or NFS client?)" when nothing in /proc/locks names it.
std::string describe_lock_holder(dev_t dev, ino_t ino);

}  // namespace iogate::detail
