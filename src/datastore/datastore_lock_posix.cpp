#include "datastore_lock_posix.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "common/display_text.hpp"
#include "common/interrupt.hpp"
#include "common/platform_fallbacks.hpp"
#include "common/posix_error.hpp"
#include "common/unique_fd.hpp"
#include "lock_holder.hpp"
#include "marker.hpp"

namespace iogate::detail {

// The lock file's identity: what is removed on release must still be the file this process made.
// Outside the anonymous namespace because DatastoreLock::Shared, which has external linkage,
// holds one.
struct LockFileId {
  dev_t dev = 0;
  ino_t ino = 0;
};

namespace {

constexpr const char* kLockFileName = ".iogate-lock";

bool names_file(int dir_fd, const LockFileId& id) {
  struct stat st {};
  return ::fstatat(dir_fd, kLockFileName, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_dev == id.dev &&
         st.st_ino == id.ino;
}

}  // namespace

struct DatastoreLock::Shared {
  UniqueFd fd;
  pid_t owner = 0;  // the process that took the flock; a fork()ed child shares none of it
  bool held = false;
  std::optional<LockFileId> lock_file;  // held by the lock file instead (no flock on this kernel)

  ~Shared() {
    if (!held || owner != ::getpid()) return;
    if (lock_file) {
      if (names_file(fd.get(), *lock_file)) ::unlinkat(fd.get(), kLockFileName, 0);
      return;
    }
    // A child holding a copy of the descriptor must not release its parent's lock; LOCK_UN (not
    // just close) so that a copy inherited by a child does not keep the datastore locked.
    ::flock(fd.get(), LOCK_UN);
  }
};

namespace {

namespace fs = std::filesystem;
using Key = std::pair<dev_t, ino_t>;

std::mutex g_mutex;
std::map<Key, std::weak_ptr<DatastoreLock::Shared>>& registry() {
  static std::map<Key, std::weak_ptr<DatastoreLock::Shared>> locks;
  return locks;
}

// flock failures that mean "this filesystem cannot lock a directory", not "something is wrong".
bool cannot_lock_here(int error) {
  return error == ENOLCK || error == EBADF || error == EOPNOTSUPP;
}

constexpr std::size_t kLockFileMaxBytes = 1024;

void note_lock_file(int flock_error) {
  note_fallback(fmt::format("flock: {}; a lock file ({}, made with O_EXCL) keeps other runs out",
                            std::generic_category().message(flock_error), kLockFileName));
}

// What the lock file names, for the wait message; "" when it cannot be read or is not a marker.
std::optional<MarkerInfo> read_lock_file(int dir_fd) {
  const UniqueFd file(::openat(dir_fd, kLockFileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!file.valid()) return std::nullopt;
  std::string text(kLockFileMaxBytes, '\0');
  const ssize_t got = ::read(file.get(), text.data(), text.size());
  if (got <= 0) return std::nullopt;
  text.resize(static_cast<std::size_t>(got));
  return parse_marker(text);
}

// Makes the lock file, or says who holds it. Throws when its holder is dead on this host: the
// file outlived a run stopped by SIGKILL or a crash, and removing what another process made is
// not this one's to do.
std::optional<LockFileId> take_lock_file(int dir_fd, const fs::path& datastore,
                                         std::string& holder) {
  UniqueFd file(
      ::openat(dir_fd, kLockFileName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
  if (file.valid()) {
    const std::string text = marker_text(::getpid(), this_host(), std::time(nullptr), "lock");
    struct stat st {};
    if (::write(file.get(), text.data(), text.size()) != static_cast<ssize_t>(text.size()) ||
        ::fstat(file.get(), &st) != 0) {
      const int error = errno;
      ::unlinkat(dir_fd, kLockFileName, 0);
      throw_errno(error, "write", datastore / kLockFileName);
    }
    return LockFileId{st.st_dev, st.st_ino};
  }
  if (errno != EEXIST) throw_errno("create", datastore / kLockFileName);
  const std::optional<MarkerInfo> info = read_lock_file(dir_fd);
  if (!info) {
    holder = "a lock file iogate cannot read";
  } else if (info->host == this_host() && !process_alive(info->pid)) {
    throw std::runtime_error(fmt::format(
        "datastore {}: its lock file {} names pid {} on this host, which no longer runs (a run "
        "killed before it could remove it); remove the file if no iogate run uses this datastore",
        datastore.string(), (datastore / kLockFileName).string(), info->pid));
  } else {
    holder = fmt::format("pid {} on host {}", info->pid, quoted_excerpt(info->host));
  }
  return std::nullopt;
}

}  // namespace

DatastoreLock::DatastoreLock(const fs::path& datastore)
    : DatastoreLock(UniqueFd(::open(datastore.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)),
                    datastore) {}

DatastoreLock::DatastoreLock(int dir_fd, const fs::path& datastore)
    : DatastoreLock(UniqueFd(::fcntl(dir_fd, F_DUPFD_CLOEXEC, 0)), datastore) {}

DatastoreLock::DatastoreLock(UniqueFd fd, const fs::path& datastore) {
  if (!fd.valid()) throw_errno("open", datastore);
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw_errno("fstat", datastore);
  const Key key{st.st_dev, st.st_ino};
  const auto started = std::chrono::steady_clock::now();
  std::string told;
  std::string file_holder;  // who holds the lock file, where there is no flock
  unsigned polls = 0;
  for (;;) {
    {
      const std::lock_guard lock(g_mutex);
      std::weak_ptr<Shared>& slot = registry()[key];
      if (std::shared_ptr<Shared> mine = slot.lock(); mine && mine->owner == ::getpid()) {
        if (mine->lock_file) note_lock_file(ENOSYS);
        shared_ = std::move(mine);
        return;
      }
      const bool locked = ::flock(fd.get(), LOCK_EX | LOCK_NB) == 0;
      const int error = locked ? 0 : errno;
      if (!locked && error == ENOSYS) {  // no flock in this kernel: the lock file instead
        if (const std::optional<LockFileId> made =
                take_lock_file(fd.get(), datastore, file_holder)) {
          note_lock_file(error);
          shared_ = std::make_shared<Shared>();
          shared_->fd = std::move(fd);
          shared_->owner = ::getpid();
          shared_->held = true;
          shared_->lock_file = made;
          slot = shared_;
          return;
        }
      } else if (locked || cannot_lock_here(error)) {
        if (!locked) {
          std::cerr << "iogate: cannot lock datastore " << datastore.string()
                    << " (flock: " << std::generic_category().message(error)
                    << "): checks from other processes are not kept apart\n";
        }
        shared_ = std::make_shared<Shared>();
        shared_->fd = std::move(fd);
        shared_->owner = ::getpid();
        shared_->held = locked;
        slot = shared_;
        return;
      }
      if (error != EWOULDBLOCK && error != EINTR && error != ENOSYS)
        throw_errno(error, "flock", datastore);
    }
    if (const int sig = stop_requested(); sig != 0) {
      throw Interrupted(sig, {.doing = "waiting for the lock on datastore " + datastore.string(),
                              .elapsed = std::chrono::steady_clock::now() - started});
    }
    // Looked up about once a second (/proc/locks can be long), said again only when the holder
    // changes: a queue of checks is one line each, not one a poll.
    if (polls++ % 200 == 0) {
      const bool by_file = !file_holder.empty();
      std::string holder = by_file ? file_holder : describe_lock_holder(st.st_dev, st.st_ino);
      if (holder != told) {
        std::cerr << "iogate: datastore " << datastore.string() << " is locked ("
                  << (by_file ? kLockFileName : "flock") << ") by " << holder
                  << ": waiting until it lets go (iogate checks hold this lock while they run; "
                     "anything else that flocks the directory holds it too). No timeout of its "
                     "own: SIGINT/SIGTERM or ctest's TIMEOUT end the wait\n";
        told = std::move(holder);
      }
    }
    std::this_thread::sleep_for(kDatastoreLockPoll);
  }
}

DatastoreLock::~DatastoreLock() {
  // The last lock of this process on the directory releases it, under the registry's mutex so
  // that a lock being taken in another thread either shares it or finds it released.
  const std::lock_guard lock(g_mutex);
  shared_.reset();
}

bool DatastoreLock::held() const { return shared_ && shared_->held; }

}  // namespace iogate::detail
