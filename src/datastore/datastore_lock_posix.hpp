// One check at a time on a datastore, across processes.
//
// ctest's RESOURCE_LOCK keeps the checks of one ctest process apart, but two ctest runs on one
// host (two build directories, two CI pipelines) know nothing of each other and would measure
// each other's I/O. So while a ScratchArea exists it holds a DatastoreLock: an exclusive flock(2)
// on the datastore directory itself, opened O_RDONLY|O_DIRECTORY. That writes nothing outside
// the scratch directory (no lock file), the kernel drops it however the holder dies (SIGKILL
// included: no stale lock to clean up), and any local filesystem has it.
//
// Waiting. A second process waits, saying on stderr who holds the lock ("datastore D is locked
// (flock) by pid 4242 (sleep, user 65534 (nobody)): waiting ...", lock_holder.hpp), once per
// holder. It has no timeout of its own (ctest's TIMEOUT bounds the check, the wait included). It
// polls with LOCK_NB rather than blocking in flock, because iogate's signal handlers restart
// interrupted calls (SA_RESTART): a blocking flock would sleep through a SIGINT/SIGTERM stop
// request, whereas the poll sees it and throws Interrupted.
//
// Within one process. flock belongs to an open file description, so two locks in one process
// would exclude each other and a process holding two scratch areas on one datastore at once
// (the unit tests do) would wait for itself forever. Locks of one process on one directory
// (same device and inode) therefore share one descriptor and one flock, counted; another process,
// a fork()ed child included, still waits. Threads of one process are thus not kept apart.
//
// Where flock cannot lock a directory (ENOLCK on some network filesystems, EBADF where it is
// emulated with fcntl locks, EOPNOTSUPP), the check runs unlocked, with a note on stderr.
//
// Where the kernel has no flock at all (ENOSYS: the ESXi shell's userworld), a lock file does its
// work: `.iogate-lock` in the datastore, made with O_CREAT|O_EXCL|O_NOFOLLOW and holding the
// marker's pid and host (marker.hpp), removed on release if the name still holds that file. It is
// the one thing iogate writes outside a scratch directory, only there, and a platform fallback
// said on each check's line. Unlike a flock it outlives a SIGKILL: a lock file naming a pid that
// no longer runs on this host is refused with its path, never removed (it is not this process's
// to delete); one held by a live pid or another host is waited for, as a flock is.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>

#include "common/unique_fd.hpp"

namespace iogate::detail {

class DatastoreLock {
 public:
  // Waits until no other process holds `datastore` (an existing directory). Throws
  // std::system_error naming the directory if it cannot be opened, iogate::Interrupted if a stop
  // is requested (SIGINT/SIGTERM in graceful mode) while waiting.
  explicit DatastoreLock(const std::filesystem::path& datastore);
  // The same for the directory open as `dir_fd` (duplicated: the caller keeps its own).
  DatastoreLock(int dir_fd, const std::filesystem::path& datastore);
  ~DatastoreLock();
  DatastoreLock(const DatastoreLock&) = delete;
  DatastoreLock& operator=(const DatastoreLock&) = delete;

  bool held() const;  // false when the filesystem cannot lock (see above)

  struct Shared;  // one per locked directory per process

 private:
  DatastoreLock(UniqueFd fd, const std::filesystem::path& datastore);

  std::shared_ptr<Shared> shared_;
};

// How often a waiting lock tries again: often enough that a check which has waited is normally
// first in when the lock is released, ahead of the holder's next check (a new process starting),
// so two runs on one datastore take turns rather than one starving the other.
inline constexpr std::chrono::milliseconds kDatastoreLockPoll{5};

}  // namespace iogate::detail
