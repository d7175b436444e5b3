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
#include "scratch_listing.hpp"
#include "unique_fd.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

bool is_stale(int dir_fd, const fs::path& dir) {
  const std::optional<std::string> text =
      detail::read_marker(dir_fd, dir / ScratchArea::kMarkerName);
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

  std::vector<std::string> names = detail::list_names(fd.get(), dir);
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
  for (const std::string& name : detail::list_names(store_fd, datastore)) {
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
