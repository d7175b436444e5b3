#include "iogate/datastore/scratch_area.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <boost/filesystem/operations.hpp>
#include <cerrno>
#include <ctime>
#include <iostream>
#include <limits>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "cleanup_registry.hpp"
#include "datastore_checks_posix.hpp"
#include "datastore_lock_posix.hpp"
#include "file_allocation.hpp"
#include "marker.hpp"
#include "posix_error.hpp"
#include "scratch_identity.hpp"
#include "unique_fd.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

constexpr mode_t kDirMode = 0700;
constexpr mode_t kFileMode = 0600;
constexpr int kCreateFlags = O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC;
constexpr int kMaxNameAttempts = 100;

fs::path absolute_datastore(const fs::path& datastore) {
  if (datastore.empty()) throw std::invalid_argument("datastore: empty path");
  return fs::absolute(datastore);
}

void check_file_name(const std::string& name) {
  const bool plain = !name.empty() && name != "." && name != ".." &&
                     name.find('/') == std::string::npos && name.find('\0') == std::string::npos &&
                     name != ScratchArea::kMarkerName;
  if (!plain) {
    throw std::invalid_argument("scratch file name \"" + name +
                                "\" must be a plain file name (no '/', not \".\", \"..\" or \"" +
                                ScratchArea::kMarkerName + "\")");
  }
}

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

// After `umount -l` the datastore's path names the mount point's directory underneath: say so,
// since the removal that follows happens on the unmounted filesystem, not at that path.
void note_if_moved(int store_fd, const fs::path& datastore, const fs::path& dir) {
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

}  // namespace

FreeSpace free_space(const fs::path& dir) {
  boost::system::error_code ec;
  const boost::filesystem::space_info info = boost::filesystem::space(dir.string(), ec);
  if (ec) detail::throw_errno(ec.value(), "statvfs", dir);
  return FreeSpace{info.available, info.capacity};
}

FreeSpace free_space(int dir_fd, const fs::path& shown) {
  struct statvfs st {};
  if (fstatvfs(dir_fd, &st) != 0) detail::throw_errno("statvfs", shown);
  return FreeSpace{static_cast<std::uint64_t>(st.f_bavail) * st.f_frsize,
                   static_cast<std::uint64_t>(st.f_blocks) * st.f_frsize};
}

ScratchArea::ScratchArea(const fs::path& datastore, std::uint64_t bytes_needed,
                         const DatastorePolicy& policy, const AreaOwner& owner)
    : datastore_(absolute_datastore(datastore)) {
  if (owner.label.find('\n') != std::string::npos)
    throw std::invalid_argument("scratch area label: one line expected");
  try {
    // Opened by path once: everything created or removed after goes through store_handle_.
    store_handle_ = detail::open_datastore(datastore_, policy, bytes_needed).release();
    // Once the lock is held, another run's scratch area is gone: the space counted is ours.
    lock_ = std::make_unique<detail::DatastoreLock>(store_handle_, datastore_);
    remove_stale(store_handle_, datastore_);
    const FreeSpace space = free_space(store_handle_, datastore_);
    if (space.available < space_required(bytes_needed))
      throw InsufficientSpace(datastore_, bytes_needed, space.available);

    detail::install_cleanup_handlers();
    registry_slot_ = detail::claim_slot();
    if (registry_slot_ < 0) {
      throw std::runtime_error(fmt::format("datastore {}: more than {} scratch areas at once",
                                           datastore_.string(), detail::kMaxAreas));
    }
    detail::set_store(registry_slot_, store_handle_);
    owned_elsewhere_ = owner.pid != 0 && owner.pid != getpid();
    make_dir();
    write_marker(owner);
  } catch (...) {
    remove_or_report();
    close_dirs();
    throw;
  }
}

ScratchArea::~ScratchArea() {
  if (kept_) {
    // Left for the owner's later processes: only this process's hold on it ends.
    if (registry_slot_ >= 0) detail::release_slot(std::exchange(registry_slot_, -1));
  } else {
    remove_or_report();
  }
  close_dirs();
}

void ScratchArea::close_dirs() noexcept {
  if (dir_handle_ >= 0) ::close(std::exchange(dir_handle_, -1));
  if (store_handle_ >= 0) ::close(std::exchange(store_handle_, -1));
}

void ScratchArea::remove_or_report() noexcept {
  try {
    remove();
  } catch (const std::exception& e) {
    std::cerr << "iogate: cleaning up scratch area " << dir_.string() << ": " << e.what() << '\n';
    // What is left stays registered no longer: this object is going away.
    if (registry_slot_ >= 0) detail::release_slot(registry_slot_);
    registry_slot_ = -1;
  }
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
            detail::marker_text(owner.pid != 0 ? owner.pid : getpid(), detail::this_host(),
                                std::time(nullptr), owner.label),
            marker);
  // Durable before any test file: a filesystem that aborts its journal mid-run comes back with
  // this marker readable (not empty), so the leftover is recognisably stale, not left forever.
  if (fsync(fd.get()) != 0) detail::throw_errno("fsync", marker);
  if (fd.close() != 0) detail::throw_errno("close", marker);
}

fs::path ScratchArea::preallocate(const std::string& name, std::uint64_t size, FileLayout layout,
                                  std::uint64_t write_size) {
  check_file_name(name);
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

void ScratchArea::restore(const std::string& name, std::uint64_t size, FileLayout layout) const {
  const fs::path path = dir_ / name;
  if (std::find(created_.begin(), created_.end(), path) == created_.end())
    throw std::logic_error("restore \"" + name + "\": not a file of this scratch area");
  if (layout == FileLayout::written) return;
  const detail::UniqueFd fd(openat(dir_handle_, name.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd.valid()) detail::throw_errno("open", path);
  if (ftruncate(fd.get(), 0) != 0) detail::throw_errno("ftruncate", path);
  if (layout == FileLayout::preallocated) detail::allocate_file(fd.get(), size, path);
  if (fsync(fd.get()) != 0) detail::throw_errno("fsync", path);
}

void ScratchArea::remove() {
  if (dir_made_) note_if_moved(store_handle_, datastore_, dir_);
  // Each entry is withdrawn from the registry only once it is gone.
  while (!created_.empty()) {
    const fs::path& file = created_.back();
    if (unlinkat(dir_handle_, file.filename().c_str(), 0) != 0 && errno != ENOENT)
      detail::throw_errno("unlink", file);
    detail::pop_file(registry_slot_);
    created_.pop_back();
  }
  if (marker_made_) {
    const fs::path marker = dir_ / kMarkerName;
    if (unlinkat(dir_handle_, kMarkerName, 0) != 0 && errno != ENOENT)
      detail::throw_errno("unlink", marker);
    detail::clear_marker(registry_slot_);
    marker_made_ = false;
  }
  if (dir_made_ && !detail::still_named(store_handle_, dir_.filename().string(), dir_handle_)) {
    std::cerr << "iogate: left scratch directory " << dir_.string()
              << " in place: it was renamed during the run (its name now holds something else)\n";
  } else if (dir_made_) {
    if (unlinkat(store_handle_, dir_.filename().c_str(), AT_REMOVEDIR) != 0) {
      if (errno == ENOTEMPTY || errno == EEXIST) {
        std::cerr << "iogate: left scratch directory " << dir_.string()
                  << " in place: it holds entries iogate did not create\n";
      } else if (errno != ENOENT) {
        detail::throw_errno("rmdir", dir_);
      }
    }
  }
  if (dir_made_) {
    detail::clear_dir(registry_slot_);
    dir_made_ = false;
  }
  if (registry_slot_ >= 0) {
    detail::release_slot(registry_slot_);
    registry_slot_ = -1;
  }
}

}  // namespace iogate
