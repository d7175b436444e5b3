// The stale sweep's directory primitives on POSIX (stale_candidate.hpp): descriptors opened with
// O_NOFOLLOW, and openat, fstatat and unlinkat relative to them.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "common/posix_error.hpp"
#include "common/unique_fd.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "stale_candidate.hpp"

namespace iogate {

namespace fs = std::filesystem;

std::vector<fs::path> ScratchArea::remove_stale(const fs::path& datastore) {
  const detail::UniqueFd store(open(datastore.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!store.valid()) detail::throw_errno("open", datastore);
  return remove_stale(store.get(), datastore);
}

namespace detail {

StaleCandidate::StaleCandidate(NativeHandle store, std::string name, fs::path path)
    : store_(store), name_(std::move(name)), path_(std::move(path)) {
  const int fd = openat(store_, name_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0) {
    dir_ = fd;
    return;
  }
  // A symlink (ELOOP), a non-directory (ENOTDIR) or a name that went away: not ours.
  if (errno != ELOOP && errno != ENOTDIR && errno != ENOENT) throw_errno("open", path_);
}

StaleCandidate::~StaleCandidate() {
  if (dir_ != kNoHandle) ::close(dir_);
}

bool StaleCandidate::hold_entry(const std::string& entry, const fs::path& path) {
  struct stat st {};
  if (fstatat(dir_, entry.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) throw_errno("stat", path);
  return S_ISREG(st.st_mode) || S_ISLNK(st.st_mode);
}

void StaleCandidate::remove_entry(const std::string& entry, const fs::path& path) {
  if (unlinkat(dir_, entry.c_str(), 0) != 0 && errno != ENOENT) throw_errno("unlink", path);
}

bool StaleCandidate::remove_dir() {
  if (unlinkat(store_, name_.c_str(), AT_REMOVEDIR) != 0) {
    if (errno == ENOENT) return false;  // another run's cleanup got there first
    throw_errno("rmdir", path_);
  }
  return true;
}

}  // namespace detail
}  // namespace iogate
