// The scratch area on POSIX (iogate/datastore/scratch_area.hpp says what it promises; its life is
// written once in scratch_area.cpp): the datastore and the scratch directory as descriptors,
// mkdirat then openat(O_NOFOLLOW) and the proof that the directory opened is the one made, every
// file created O_EXCL|O_NOFOLLOW relative to them, and each step one with its registration for
// the signal handler (cleanup_registry.hpp), so a fatal signal removes exactly what was made.
#include "iogate/datastore/scratch_area.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/filesystem/operations.hpp>
#include <cerrno>
#include <ctime>
#include <iostream>
#include <limits>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "cleanup_registry.hpp"
#include "common/posix_error.hpp"
#include "common/unique_fd.hpp"
#include "datastore_checks_posix.hpp"
#include "datastore_lock_posix.hpp"
#include "file_allocation.hpp"
#include "marker.hpp"
#include "scratch_area_platform.hpp"
#include "scratch_identity.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

constexpr mode_t kDirMode = 0700;
constexpr mode_t kFileMode = 0600;
constexpr int kCreateFlags = O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC;
constexpr int kMaxNameAttempts = 100;

void write_all(int fd, const std::string& text, const fs::path& path) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      detail::throw_errno("write", path);
    }
    if (n == 0) detail::throw_errno(EIO, "write", path);
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

namespace detail {

const ForbiddenInFileNames kForbiddenInFileNames{.characters = std::string_view("/\0", 2),
                                                 .said = "'/'"};

NativeHandle open_scratch_store(const fs::path& datastore, const DatastorePolicy& policy,
                                std::uint64_t bytes_needed) {
  return open_datastore(datastore, policy, bytes_needed).release();
}

void DatastoreLockRelease::operator()(DatastoreLock* lock) const noexcept { delete lock; }

std::unique_ptr<DatastoreLock, DatastoreLockRelease> lock_datastore(NativeHandle store,
                                                                    const fs::path& datastore) {
  return std::unique_ptr<DatastoreLock, DatastoreLockRelease>(new DatastoreLock(store, datastore));
}

int register_for_cleanup(NativeHandle store, const fs::path& datastore) {
  install_cleanup_handlers();
  const int slot = claim_slot();
  if (slot < 0) {
    throw std::runtime_error(fmt::format("datastore {}: more than {} scratch areas at once",
                                         datastore.string(), kMaxAreas));
  }
  set_store(slot, store);
  return slot;
}

void release_cleanup(int& slot) noexcept {
  if (slot >= 0) release_slot(std::exchange(slot, -1));
}

// After `umount -l` the datastore's path names the mount point's directory underneath: say so,
// since the removal that follows happens on the unmounted filesystem, not at that path.
void note_if_moved(NativeHandle store_fd, const fs::path& datastore, const fs::path& dir) {
  struct stat held {};
  struct stat now {};
  if (fstat(store_fd, &held) != 0) return;
  if (stat(datastore.c_str(), &now) == 0 && now.st_dev == held.st_dev && now.st_ino == held.st_ino)
    return;
  std::cerr << "iogate: datastore " << datastore.string() << " is no longer the directory "
            << dir.string() << " was made in (unmounted or moved during the run?): removing "
            << "the scratch area through the directory iogate holds open; nothing now at that "
            << "path is touched\n";
}

void remove_scratch_entry(NativeHandle dir, const std::string& name, const fs::path& path) {
  if (unlinkat(dir, name.c_str(), 0) != 0 && errno != ENOENT) throw_errno("unlink", path);
}

void remove_made_dir(NativeHandle store, NativeHandle& held, const fs::path& dir) {
  if (!still_named(store, dir.filename().string(), held)) {
    std::cerr << "iogate: left scratch directory " << dir.string()
              << " in place: it was renamed during the run (its name now holds something else)\n";
  } else if (unlinkat(store, dir.filename().c_str(), AT_REMOVEDIR) != 0) {
    if (errno == ENOTEMPTY || errno == EEXIST) {
      std::cerr << "iogate: left scratch directory " << dir.string()
                << " in place: it holds entries iogate did not create\n";
    } else if (errno != ENOENT) {
      throw_errno("rmdir", dir);
    }
  }
}

void forget_removed(int slot, Removed removed) {
  switch (removed) {
    case Removed::file:
      return pop_file(slot);
    case Removed::marker:
      return clear_marker(slot);
    case Removed::dir:
      return clear_dir(slot);
  }
}

void reset_file(NativeHandle dir, const std::string& name, std::uint64_t size, bool reserve,
                const fs::path& path) {
  const UniqueFd fd(openat(dir, name.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd.valid()) throw_errno("open", path);
  if (ftruncate(fd.get(), 0) != 0) throw_errno("ftruncate", path);
  if (reserve) allocate_file(fd.get(), size, path);
  if (fsync(fd.get()) != 0) throw_errno("fsync", path);
}

}  // namespace detail

void ScratchArea::close_dirs() noexcept {
  if (dir_handle_ >= 0) ::close(std::exchange(dir_handle_, -1));
  if (store_handle_ >= 0) ::close(std::exchange(store_handle_, -1));
}

void ScratchArea::make_dir() {
  for (int attempt = 0; attempt < kMaxNameAttempts; ++attempt) {
    const fs::path candidate =
        datastore_ /
        boost::filesystem::unique_path(std::string(kDirPrefix) + "%%%%-%%%%-%%%%").string();
    const std::string name = candidate.filename().string();
    // mkdir, its registration and the proof that the directory opened is the one made are one
    // step for a signal.
    const detail::SignalBlocker blocked;
    if (mkdirat(store_handle_, name.c_str(), kDirMode) != 0) {
      if (errno == EEXIST) continue;
      detail::throw_errno("mkdir", candidate);
    }
    dir_ = candidate;
    dir_made_ = true;
    if (!detail::set_dir(registry_slot_, name.c_str()))
      detail::throw_errno(ENAMETOOLONG, "register", dir_);
    dir_handle_ =
        openat(store_handle_, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    try {
      if (dir_handle_ < 0) {
        if (errno == ELOOP || errno == ENOTDIR || errno == ENOENT)
          throw std::system_error(errno, std::generic_category(),
                                  "scratch directory " + dir_.string() +
                                      " was replaced right after it was made (somebody with write "
                                      "access to the datastore?); nothing was written");
        detail::throw_errno("open", dir_);
      }
      detail::verify_made_dir(store_handle_, name, dir_handle_, dir_);
    } catch (...) {
      // What the name holds now is not ours to remove; ours, renamed away, is empty.
      if (dir_handle_ >= 0) ::close(std::exchange(dir_handle_, -1));
      detail::clear_dir(registry_slot_);
      dir_made_ = false;
      throw;
    }
    detail::set_dir_fd(registry_slot_, dir_handle_);
    if (fchmod(dir_handle_, kDirMode) != 0) detail::throw_errno("chmod", dir_);  // despite umask
    return;
  }
  detail::throw_errno(EEXIST, "mkdir (no free name)", datastore_ / kDirPrefix);
}

void ScratchArea::write_marker(const AreaOwner& owner) {
  const fs::path marker = dir_ / kMarkerName;
  detail::UniqueFd fd;
  {
    const detail::SignalBlocker blocked;
    fd = detail::UniqueFd(openat(dir_handle_, kMarkerName, kCreateFlags, kFileMode));
    if (!fd.valid()) detail::throw_errno("open", marker);
    marker_made_ = true;
    if (!detail::set_marker(registry_slot_, kMarkerName))
      detail::throw_errno(ENAMETOOLONG, "register", marker);
  }
  write_all(fd.get(),
            detail::marker_text(owner.pid != 0 ? owner.pid : detail::this_process(),
                                detail::this_host(), std::time(nullptr), owner.label),
            marker);
  // Durable before any test file: a filesystem that aborts its journal mid-run comes back with
  // this marker readable (not empty), so the leftover is recognisably stale, not left forever.
  if (fsync(fd.get()) != 0) detail::throw_errno("fsync", marker);
  if (fd.close() != 0) detail::throw_errno("close", marker);
}

fs::path ScratchArea::preallocate(const std::string& name, std::uint64_t size, FileLayout layout,
                                  std::uint64_t write_size) {
  detail::check_scratch_file_name(name);
  if (!dir_made_) throw std::logic_error("preallocate \"" + name + "\": scratch area removed");
  if (size > static_cast<std::uint64_t>(std::numeric_limits<off_t>::max()))
    throw std::invalid_argument("preallocate \"" + name + "\": size too large");

  const fs::path path = dir_ / name;
  detail::UniqueFd fd;
  {
    // O_EXCL|O_NOFOLLOW: a planted file or symlink fails here and is never registered, so neither
    // remove() nor the signal handler will touch it.
    const detail::SignalBlocker blocked;
    fd = detail::UniqueFd(openat(dir_handle_, name.c_str(), kCreateFlags, kFileMode));
    if (!fd.valid()) detail::throw_errno("open", path);
    if (!detail::push_file(registry_slot_, name.c_str())) {
      fd.reset();
      unlinkat(dir_handle_, name.c_str(), 0);
      throw std::runtime_error(fmt::format("preallocate {}: more than {} files in one scratch area",
                                           path.string(), detail::kMaxFiles));
    }
    created_.push_back(path);
  }
  try {
    if (layout != FileLayout::grown) detail::allocate_file(fd.get(), size, path);
    if (layout == FileLayout::written) detail::write_through(fd.get(), size, path, write_size);
    if (fsync(fd.get()) != 0) detail::throw_errno("fsync", path);
    if (fd.close() != 0) detail::throw_errno("close", path);
  } catch (...) {
    fd.reset();
    unlinkat(dir_handle_, name.c_str(),
             0);  // before withdrawing it: a signal in between removes it
    detail::pop_file(registry_slot_);
    created_.pop_back();
    throw;
  }
  return path;
}

}  // namespace iogate
