// ScratchArea::adopt: taking over the areas a run kept for its later processes (scratch_area.hpp).
//
// Everything is looked at relative to descriptors opened with O_NOFOLLOW, as stale cleanup does
// (stale_cleanup_posix.cpp). An area is taken only when it could be nobody's but this user's: a
// real directory (not a symlink), owned by this euid, mode 0700 (nobody else can make a directory
// owned by root, or by us, nor put entries in one that is 0700), on the datastore's own
// filesystem, with a marker naming the run's owner on this host and the label asked for, and
// holding nothing but regular files. A directory that fails any of these is left as it is.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>

#include "cleanup_registry.hpp"
#include "common/posix_error.hpp"
#include "common/unique_fd.hpp"
#include "datastore_checks_posix.hpp"
#include "datastore_lock_posix.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "marker.hpp"
#include "scratch_area_platform.hpp"
#include "scratch_listing.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

// The regular files of the candidate directory `name` (open as `dir_fd`) when it is an area kept
// for `owner` with a label starting with `prefix`; nullopt otherwise.
std::optional<std::vector<std::string>> kept_area_files(int dir_fd, const struct stat& store,
                                                        const fs::path& dir, ProcessId owner,
                                                        const std::string& prefix) {
  struct stat st {};
  if (fstat(dir_fd, &st) != 0) detail::throw_errno("stat", dir);
  if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 07777) != 0700 ||
      st.st_dev != store.st_dev)
    return std::nullopt;
  const std::optional<std::string> text =
      detail::read_marker(dir_fd, dir / ScratchArea::kMarkerName);
  if (!text) return std::nullopt;
  const std::optional<detail::MarkerInfo> marker = detail::parse_marker(*text);
  if (!marker || marker->pid != owner || marker->host != detail::this_host() ||
      !(marker->label == prefix || marker->label.starts_with(prefix + ' ')))
    return std::nullopt;
  std::vector<std::string> files;
  for (const std::string& entry : detail::list_names(dir_fd, dir)) {
    if (entry == ScratchArea::kMarkerName) continue;
    struct stat file {};
    if (fstatat(dir_fd, entry.c_str(), &file, AT_SYMLINK_NOFOLLOW) != 0)
      detail::throw_errno("stat", dir / entry);
    if (!S_ISREG(file.st_mode)) return std::nullopt;
    files.push_back(entry);
  }
  return files;
}

}  // namespace

std::vector<std::unique_ptr<ScratchArea>> ScratchArea::adopt(const fs::path& datastore,
                                                             const DatastorePolicy& policy,
                                                             ProcessId owner,
                                                             const std::string& label_prefix) {
  const fs::path store_path = fs::absolute(datastore);
  const detail::UniqueFd store = detail::open_datastore(store_path, policy, 0);
  // Held while looking, so no other process is mid-check or mid-cleanup here; each area taken
  // holds the lock of its own from then on (one per process, shared).
  const detail::DatastoreLock lock(store.get(), store_path);
  remove_stale(store.get(), store_path);
  struct stat store_st {};
  if (fstat(store.get(), &store_st) != 0) detail::throw_errno("stat", store_path);

  std::vector<std::unique_ptr<ScratchArea>> taken;
  for (const std::string& name : detail::list_names(store.get(), store_path)) {
    if (!name.starts_with(kDirPrefix)) continue;
    const fs::path dir = store_path / name;
    detail::UniqueFd dir_fd(
        openat(store.get(), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!dir_fd.valid()) continue;  // a symlink, a non-directory, or gone: not a kept area
    const std::optional<std::vector<std::string>> files =
        kept_area_files(dir_fd.get(), store_st, dir, owner, label_prefix);
    if (!files) continue;
    const int store_copy = dup(store.get());
    if (store_copy < 0) detail::throw_errno("dup", store_path);
    taken.push_back(std::unique_ptr<ScratchArea>(
        new ScratchArea(Adopting{}, store_path, store_copy, name, dir_fd.release(), *files)));
  }
  return taken;
}

ScratchArea::ScratchArea(Adopting, const fs::path& datastore, int store_fd, const std::string& name,
                         int dir_fd, const std::vector<std::string>& files)
    : datastore_(datastore), dir_(datastore / name), store_handle_(store_fd), dir_handle_(dir_fd) {
  try {
    lock_ = detail::lock_datastore(store_handle_, datastore_);
    registry_slot_ = detail::register_for_cleanup(store_handle_, datastore_);
    // Registered whole before it counts as ours: from here a signal removes what it holds.
    const detail::SignalBlocker blocked;
    if (!detail::set_dir(registry_slot_, name.c_str()))
      detail::throw_errno(ENAMETOOLONG, "register", dir_);
    detail::set_dir_fd(registry_slot_, dir_handle_);
    dir_made_ = true;
    if (!detail::set_marker(registry_slot_, kMarkerName))
      detail::throw_errno(ENAMETOOLONG, "register", dir_ / kMarkerName);
    marker_made_ = true;
    for (const std::string& file : files) {
      if (!detail::push_file(registry_slot_, file.c_str()))
        detail::throw_errno(ENAMETOOLONG, "register", dir_ / file);
      created_.push_back(dir_ / file);
    }
    owned_elsewhere_ = true;
  } catch (...) {
    // Not taken after all: left as it was found, for its run's cleanup.
    detail::release_cleanup(registry_slot_);
    close_dirs();
    throw;
  }
}

}  // namespace iogate
