#include "datastore_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "iogate/interrupt.hpp"
#include "lock_holder.hpp"
#include "posix_error.hpp"
#include "unique_fd.hpp"

namespace iogate::detail {

struct DatastoreLock::Shared {
  UniqueFd fd;
  pid_t owner = 0;  // the process that took the flock; a fork()ed child shares none of it
  bool held = false;

  ~Shared() {
    // A child holding a copy of the descriptor must not release its parent's lock; LOCK_UN (not
    // just close) so that a copy inherited by a child does not keep the datastore locked.
    if (held && owner == ::getpid()) ::flock(fd.get(), LOCK_UN);
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
  unsigned polls = 0;
  for (;;) {
    {
      const std::lock_guard lock(g_mutex);
      std::weak_ptr<Shared>& slot = registry()[key];
      if (std::shared_ptr<Shared> mine = slot.lock(); mine && mine->owner == ::getpid()) {
        shared_ = std::move(mine);
        return;
      }
      const bool locked = ::flock(fd.get(), LOCK_EX | LOCK_NB) == 0;
      const int error = locked ? 0 : errno;
      if (locked || cannot_lock_here(error)) {
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
      if (error != EWOULDBLOCK && error != EINTR) throw_errno(error, "flock", datastore);
    }
    if (const int sig = stop_requested(); sig != 0) {
      throw Interrupted(sig, {.doing = "waiting for the lock on datastore " + datastore.string(),
                              .elapsed = std::chrono::steady_clock::now() - started});
    }
    // Looked up about once a second (/proc/locks can be long), said again only when the holder
    // changes: a queue of checks is one line each, not one a poll.
    if (polls++ % 200 == 0) {
      std::string holder = describe_lock_holder(st.st_dev, st.st_ino);
      if (holder != told) {
        std::cerr << "iogate: datastore " << datastore.string() << " is locked (flock) by "
                  << holder
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
