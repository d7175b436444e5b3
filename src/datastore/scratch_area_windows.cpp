// The scratch area's primitives on Windows (scratch_area_platform.hpp; what the area promises:
// iogate/datastore/scratch_area.hpp).
//
// The same promises, kept with Windows' means:
//   - the datastore is opened once as a directory, never through a reparse point at its name, and
//     everything after is relative to that handle (NtCreateFile's RootDirectory), never following
//     a reparse point (FILE_OPEN_REPARSE_POINT: a planted junction or symlink is opened itself,
//     and refused where a file or directory was expected);
//   - the scratch directory is created exclusively (FILE_CREATE) with a DACL for its owner alone
//     (owner_only_security.hpp), and the handle the create returns is the directory used: there
//     is no name to look up again. That handle is held without FILE_SHARE_DELETE, so while the
//     run lasts nobody can rename the directory and put a junction in its place;
//   - the marker names this process (or the run's owner) and this host, flushed before any test
//     file exists; a leftover whose process has exited is removed by the next run
//     (stale_cleanup_windows.cpp);
//   - one run at a time per datastore: a named mutex (datastore_lock_windows.hpp);
//   - removal deletes each entry iogate made through a handle to that entry, then the directory
//     by its name, once that name proved to be the same directory (remove_made_dir), and never
//     deletes a directory that holds something iogate did not make.
// A stop (Ctrl-C, Ctrl-Break, the console closing) takes the graceful path
// (graceful_stop_windows.cpp): the run throws Interrupted and this object's destructor removes
// the area. Sharing a laid-out file between the processes of one ctest run (adopt()) is not
// available on Windows: the runner does not share there.
#include "common/windows_handle.hpp"
//
#include <iostream>
#include <limits>
#include <system_error>
#include <utility>

#include "datastore_checks_windows.hpp"
#include "datastore_lock_windows.hpp"
#include "file_allocation.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "owner_only_security.hpp"
#include "scratch_area_platform.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

// No DELETE: a handle with it would keep others from merely listing the directory (an open
// without FILE_SHARE_DELETE is refused while one exists). Removal opens the name anew.
constexpr ACCESS_MASK kDirAccess = FILE_LIST_DIRECTORY | FILE_TRAVERSE;

void flush(HANDLE file, const fs::path& path) {
  if (!::FlushFileBuffers(file)) detail::throw_last_error("flush", path);
}

}  // namespace

namespace detail {

const ForbiddenInFileNames kForbiddenInFileNames{.characters = std::string_view("/\\:\0", 4),
                                                 .said = "'/', '\\' or ':'"};

NativeHandle open_scratch_store(const fs::path& datastore, const DatastorePolicy& policy,
                                std::uint64_t bytes_needed) {
  return open_datastore(datastore, policy, bytes_needed).release();
}

void DatastoreLockRelease::operator()(DatastoreLock* lock) const noexcept { delete lock; }

std::unique_ptr<DatastoreLock, DatastoreLockRelease> lock_datastore(NativeHandle store,
                                                                    const fs::path& datastore) {
  return std::unique_ptr<DatastoreLock, DatastoreLockRelease>(new DatastoreLock(store, datastore));
}

// A stop takes the graceful path (graceful_stop_windows.cpp): nothing to register.
int register_for_cleanup(NativeHandle /*store*/, const fs::path& /*datastore*/) { return -1; }
void release_cleanup(int& /*slot*/) noexcept {}

// Nothing to say: the run's handle kept the scratch directory from being renamed or moved.
void note_if_moved(NativeHandle /*store*/, const fs::path& /*datastore*/, const fs::path& /*dir*/) {
}

// Deletes the entry itself, a reparse point included, never what it points to.
void remove_scratch_entry(NativeHandle dir, const std::string& name, const fs::path& path) {
  UniqueHandle entry;
  try {
    entry = open_relative(dir, fs::path(name).wstring(), {.access = DELETE, .type = EntryType::any},
                          path);
  } catch (const std::system_error& e) {
    if (e.code().value() == ERROR_FILE_NOT_FOUND) return;
    throw;
  }
  delete_by_handle(entry.get(), path);
}

// Once `held` is closed the name may be renamed away and something else put in its place (the
// run's handle kept that from happening until now), so what the name opens is deleted only when
// it is still the same directory.
void remove_made_dir(NativeHandle store, NativeHandle& held, const fs::path& dir) {
  const FileIdentity made = file_identity(held, dir);
  close_handle(held);
  const auto left = [&](const char* why) {
    std::cerr << "iogate: left scratch directory " << dir.string() << " in place: " << why << '\n';
  };
  UniqueHandle named;
  try {
    named = open_relative(store, dir.filename().wstring(),
                          {.access = DELETE, .type = EntryType::any, .exclusive_name = true}, dir);
  } catch (const std::system_error& e) {
    if (e.code().value() != ERROR_FILE_NOT_FOUND) throw;
    return left("it was renamed at the end of the run (its name is gone)");
  }
  if (is_reparse_point(named.get(), dir) || file_identity(named.get(), dir) != made)
    return left("it was renamed at the end of the run (its name now holds something else)");
  try {
    delete_by_handle(named.get(), dir);
  } catch (const std::system_error& e) {
    if (e.code().value() != ERROR_DIR_NOT_EMPTY) throw;
    left("it holds entries iogate did not create");
  }
}

void forget_removed(int /*slot*/, AreaEntry /*removed*/) {}

void reset_file(NativeHandle dir, const std::string& name, std::uint64_t size, bool reserve,
                const fs::path& path) {
  const UniqueHandle file =
      open_relative(dir, fs::path(name).wstring(), {.access = GENERIC_WRITE}, path);
  FILE_END_OF_FILE_INFO end{};
  if (!::SetFileInformationByHandle(file.get(), FileEndOfFileInfo, &end, sizeof end))
    throw_last_error("truncate", path);
  if (reserve) allocate_file(file.get(), size, path);
  flush(file.get(), path);
}

void close_handle(NativeHandle& handle) noexcept {
  if (is_open_handle(handle)) ::CloseHandle(std::exchange(handle, kNoHandle));
}

std::optional<NativeHandle> make_scratch_dir(NativeHandle store, const std::string& name,
                                             int /*slot*/, const fs::path& shown) {
  const OwnerOnlySecurity owner_only;
  try {
    return open_relative(store, fs::path(name).wstring(),
                         {.access = kDirAccess,
                          .disposition = Disposition::create,
                          .type = EntryType::directory,
                          .exclusive_name = true,
                          .security = owner_only.get()},
                         shown)
        .release();
  } catch (const std::system_error& e) {
    if (e.code().value() != ERROR_FILE_EXISTS && e.code().value() != ERROR_ALREADY_EXISTS) throw;
    return std::nullopt;
  }
}

void refuse_no_free_name(const fs::path& shown) {
  throw_win32(ERROR_FILE_EXISTS, "create (no free name)", shown);
}

CreatedFile create_scratch_file(NativeHandle dir, const std::string& name, int /*slot*/,
                                AreaEntry as, const fs::path& shown) {
  // FILE_CREATE: a planted name of any kind is refused and never recorded as ours. Its own
  // owner-only DACL rather than the directory's inherited one: wine does not inherit.
  const OwnerOnlySecurity owner_only;
  ACCESS_MASK access = GENERIC_WRITE;
  if (as == AreaEntry::file) access |= DELETE;  // deleted through it when its layout fails
  return CreatedFile(
      open_relative(
          dir, fs::path(name).wstring(),
          {.access = access, .disposition = Disposition::create, .security = owner_only.get()},
          shown)
          .release());
}

void CreatedFile::flush_and_close(const fs::path& shown) {
  flush(handle_, shown);
  close_handle(handle_);
}

void write_all(NativeHandle file, const std::string& text, const fs::path& shown) {
  DWORD done = 0;
  if (!::WriteFile(file, text.data(), static_cast<DWORD>(text.size()), &done, nullptr) ||
      done != text.size())
    throw_last_error("write", shown);
}

void remove_failed_file(CreatedFile& file, NativeHandle /*dir*/, const std::string& /*name*/,
                        int /*slot*/, const fs::path& shown) noexcept {
  try {
    delete_by_handle(file.get(), shown);
  } catch (const std::exception& e) {
    std::cerr << "iogate: removing " << shown.string() << " after a failure: " << e.what() << '\n';
  }
}

const std::uint64_t kLargestFileSize =
    static_cast<std::uint64_t>(std::numeric_limits<LONGLONG>::max());

}  // namespace detail

std::vector<std::unique_ptr<ScratchArea>> ScratchArea::adopt(const fs::path& datastore,
                                                             const DatastorePolicy& /*policy*/,
                                                             ProcessId /*owner*/,
                                                             const std::string& /*label_prefix*/) {
  throw std::runtime_error("datastore " + datastore.string() +
                           ": sharing a laid-out test file between processes is not available "
                           "on Windows (each check lays out its own)");
}

}  // namespace iogate
