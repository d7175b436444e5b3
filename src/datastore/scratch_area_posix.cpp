// The scratch area's primitives on POSIX (scratch_area_platform.hpp; what the area promises:
// iogate/datastore/scratch_area.hpp): the datastore and the scratch directory as descriptors,
// mkdirat then openat(O_NOFOLLOW) and the proof that the directory opened is the one made, every
// file created O_EXCL|O_NOFOLLOW relative to them, and each step one with its registration for
// the signal handler (cleanup_registry.hpp), so a fatal signal removes exactly what was made.
#include "iogate/datastore/scratch_area.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
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
#include "scratch_area_platform.hpp"
#include "scratch_identity.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

constexpr mode_t kDirMode = 0700;
constexpr mode_t kFileMode = 0600;
constexpr int kCreateFlags = O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC;

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

void forget_removed(int slot, AreaEntry removed) {
  switch (removed) {
    case AreaEntry::file:
      return pop_file(slot);
    case AreaEntry::marker:
      return clear_marker(slot);
    case AreaEntry::dir:
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

void close_handle(NativeHandle& handle) noexcept {
  if (handle >= 0) ::close(std::exchange(handle, -1));
}

namespace {

// Takes back the directory `name` made in `store` when a step after mkdir failed: removed only
// while the name still holds the directory open as `held` (or by its name alone before it was
// opened), and only when empty; then withdrawn from `slot`. Quiet: the step's error is thrown.
void unmake_dir(NativeHandle store, const std::string& name, NativeHandle held, int slot) {
  if (still_named(store, name, held)) unlinkat(store, name.c_str(), AT_REMOVEDIR);
  clear_dir(slot);
}

}  // namespace

std::optional<NativeHandle> make_scratch_dir(NativeHandle store, const std::string& name, int slot,
                                             const fs::path& shown) {
  // mkdir, its registration and the proof that the directory opened is the one made are one
  // step for a signal.
  const SignalBlocker blocked;
  if (mkdirat(store, name.c_str(), kDirMode) != 0) {
    if (errno == EEXIST) return std::nullopt;
    throw_errno("mkdir", shown);
  }
  if (!set_dir(slot, name.c_str())) {
    unmake_dir(store, name, kNoHandle, slot);
    throw_errno(ENAMETOOLONG, "register", shown);
  }
  UniqueFd dir(openat(store, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  try {
    if (!dir.valid()) {
      if (errno == ELOOP || errno == ENOTDIR || errno == ENOENT)
        throw std::system_error(errno, std::generic_category(),
                                "scratch directory " + shown.string() +
                                    " was replaced right after it was made (somebody with write "
                                    "access to the datastore?); nothing was written");
      throw_errno("open", shown);
    }
    verify_made_dir(store, name, dir.get(), shown);
  } catch (...) {
    // What the name holds now is not ours to remove; ours, renamed away, is empty.
    clear_dir(slot);
    throw;
  }
  if (fchmod(dir.get(), kDirMode) != 0) {  // despite umask
    const int error = errno;
    unmake_dir(store, name, dir.get(), slot);
    throw_errno(error, "chmod", shown);
  }
  set_dir_fd(slot, dir.get());
  return dir.release();
}

void refuse_no_free_name(const fs::path& shown) {
  throw_errno(EEXIST, "mkdir (no free name)", shown);
}

CreatedFile create_scratch_file(NativeHandle dir, const std::string& name, int slot, AreaEntry as,
                                const fs::path& shown) {
  // O_EXCL|O_NOFOLLOW: a planted file or symlink fails here and is never registered, so neither
  // remove() nor the signal handler will touch it.
  const SignalBlocker blocked;
  CreatedFile file(openat(dir, name.c_str(), kCreateFlags, kFileMode));
  if (!is_open_handle(file.get())) throw_errno("open", shown);
  const bool registered =
      as == AreaEntry::marker ? set_marker(slot, name.c_str()) : push_file(slot, name.c_str());
  if (!registered) {
    file = CreatedFile();
    unlinkat(dir, name.c_str(), 0);
    if (as == AreaEntry::marker) throw_errno(ENAMETOOLONG, "register", shown);
    throw std::runtime_error(fmt::format("preallocate {}: more than {} files in one scratch area",
                                         shown.string(), kMaxFiles));
  }
  return file;
}

void CreatedFile::flush_and_close(const fs::path& shown) {
  if (fsync(handle_) != 0) throw_errno("fsync", shown);
  if (::close(std::exchange(handle_, kNoHandle)) != 0) throw_errno("close", shown);
}

void write_all(NativeHandle file, const std::string& text, const fs::path& shown) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(file, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_errno("write", shown);
    }
    if (n == 0) throw_errno(EIO, "write", shown);
    done += static_cast<std::size_t>(n);
  }
}

void remove_failed_file(CreatedFile& file, NativeHandle dir, const std::string& name, int slot,
                        const fs::path& /*shown*/) noexcept {
  file = CreatedFile();
  unlinkat(dir, name.c_str(), 0);  // before withdrawing it: a signal in between removes it
  pop_file(slot);
}

const std::uint64_t kLargestFileSize =
    static_cast<std::uint64_t>(std::numeric_limits<off_t>::max());

}  // namespace detail
}  // namespace iogate
