// ScratchArea::remove_stale: removing what a crashed run left behind, and nothing else.
//
// Everything is done relative to directory descriptors opened with O_NOFOLLOW (openat, fstatat,
// unlinkat), so swapping a checked directory for a symlink between the check and the removal
// cannot redirect a removal elsewhere. A candidate is removed only if it is a real directory named
// iogate-scratch-*, holding a regular `.iogate-scratch` marker that names this host and a dead pid,
// and holding nothing but regular files and symlinks (iogate makes no subdirectories, so one means
// somebody else uses the directory). Symlinks inside are unlinked themselves, never followed.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "iogate/datastore/scratch_area.hpp"
#include "marker.hpp"
#include "posix_error.hpp"
#include "unique_fd.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxMarkerBytes = 4096;

// Names in the directory open as `fd` (without "." and ".."); `fd` itself stays open and unmoved.
std::vector<std::string> list_names(int fd, const fs::path& path) {
  const int copy = dup(fd);
  if (copy < 0) detail::throw_errno("dup", path);
  DIR* dir = fdopendir(copy);
  if (dir == nullptr) {
    const int error = errno;
    close(copy);
    detail::throw_errno(error, "fdopendir", path);
  }
  rewinddir(dir);
  std::vector<std::string> names;
  errno = 0;
  while (const dirent* entry = readdir(dir)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
    errno = 0;
  }
  const int error = errno;
  closedir(dir);
  if (error != 0) detail::throw_errno(error, "readdir", path);
  return names;
}

// The marker's contents if it is a regular file; nullopt if absent or anything else.
std::optional<std::string> read_marker(int dir_fd, const fs::path& marker) {
  const detail::UniqueFd fd(
      openat(dir_fd, ScratchArea::kMarkerName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!fd.valid()) {
    if (errno == ENOENT || errno == ELOOP) return std::nullopt;
    detail::throw_errno("open", marker);
  }
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) detail::throw_errno("fstat", marker);
  if (!S_ISREG(st.st_mode)) return std::nullopt;
  std::string text(kMaxMarkerBytes, '\0');
  ssize_t n;
  do {
    n = read(fd.get(), text.data(), text.size());
  } while (n < 0 && errno == EINTR);
  if (n < 0) detail::throw_errno("read", marker);
  text.resize(static_cast<std::size_t>(n));
  return text;
}

bool is_stale(int dir_fd, const fs::path& dir) {
  const std::optional<std::string> text = read_marker(dir_fd, dir / ScratchArea::kMarkerName);
  if (!text) return false;
  const std::optional<detail::MarkerInfo> marker = detail::parse_marker(*text);
  return marker && marker->host == detail::this_host() && !detail::process_alive(marker->pid);
}

// Removes the stale directory `name` of the datastore open as `store_fd`; false if it is not one.
bool remove_if_stale(int store_fd, const std::string& name, const fs::path& dir) {
  const detail::UniqueFd fd(
      openat(store_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd.valid()) {
    // A symlink (ELOOP), a non-directory (ENOTDIR) or a name that went away: not ours.
    if (errno == ELOOP || errno == ENOTDIR || errno == ENOENT) return false;
    detail::throw_errno("open", dir);
  }
  if (!is_stale(fd.get(), dir)) return false;

  std::vector<std::string> names = list_names(fd.get(), dir);
  for (const std::string& entry : names) {
    const fs::path path = dir / entry;
    struct stat st {};
    if (fstatat(fd.get(), entry.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
      detail::throw_errno("stat", path);
    if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
      std::cerr << "iogate: left stale scratch directory " << dir.string()
                << " in place: " << path.string() << " is not something iogate makes\n";
      return false;
    }
  }
  // The marker goes last: until then an interrupted removal is still recognisably stale.
  std::erase(names, std::string(ScratchArea::kMarkerName));
  names.emplace_back(ScratchArea::kMarkerName);
  for (const std::string& entry : names) {
    if (unlinkat(fd.get(), entry.c_str(), 0) != 0 && errno != ENOENT) {
      const fs::path path = dir / entry;
      detail::throw_errno("unlink", path);
    }
  }
  if (unlinkat(store_fd, name.c_str(), AT_REMOVEDIR) != 0) {
    if (errno == ENOENT) return false;  // another run's cleanup got there first
    detail::throw_errno("rmdir", dir);
  }
  return true;
}

}  // namespace

std::vector<fs::path> ScratchArea::remove_stale(const fs::path& datastore) {
  const detail::UniqueFd store(open(datastore.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!store.valid()) detail::throw_errno("open", datastore);
  return remove_stale(store.get(), datastore);
}

std::vector<fs::path> ScratchArea::remove_stale(int store_fd, const fs::path& datastore) {
  std::vector<fs::path> removed;
  for (const std::string& name : list_names(store_fd, datastore)) {
    if (!name.starts_with(kDirPrefix)) continue;
    fs::path dir = datastore / name;
    try {
      if (remove_if_stale(store_fd, name, dir)) removed.push_back(std::move(dir));
    } catch (const std::system_error& e) {
      // Not "stale": the error may have come before that was known (an unreadable marker).
      std::cerr << "iogate: left scratch directory " << dir.string()
                << " in place (could not check or remove it): " << e.what() << '\n';
    }
  }
  return removed;
}

}  // namespace iogate
