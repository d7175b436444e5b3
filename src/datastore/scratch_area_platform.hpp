// What the scratch area's shared body (scratch_area.cpp) asks of each platform: opening the
// datastore held to its policy, its lock, the registration that lets a fatal signal remove the
// area, making the scratch directory and a file in it, writing and flushing that file, which
// characters a file name may not hold, removing what the area made, and giving a file its layout
// back. One implementation per platform: descriptors, flock and the signal registry
// (scratch_area_posix.cpp); HANDLEs, a named mutex and the graceful stop, so nothing registered
// (scratch_area_windows.cpp). On POSIX each primitive that makes an entry makes it in one step
// with its registration for the signal handler, signals blocked in between (SignalBlocker,
// cleanup_registry.hpp): the body sees an entry only once a signal would remove it too.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate/engine/native_handle.hpp"

namespace iogate::detail {

// The datastore opened once by its path and held to `policy` (DatastoreError otherwise); the
// caller owns the handle.
NativeHandle open_scratch_store(const std::filesystem::path& datastore,
                                const DatastorePolicy& policy, std::uint64_t bytes_needed);

// Waits until no other process holds the datastore open as `store` (DatastoreLock).
std::unique_ptr<DatastoreLock, DatastoreLockRelease> lock_datastore(
    NativeHandle store, const std::filesystem::path& datastore);

// The slot by which a fatal signal finds the area to remove it (cleanup_registry.hpp), holding
// `store`; -1 where a stop takes the graceful path instead (Windows). Throws when every slot is
// taken.
int register_for_cleanup(NativeHandle store, const std::filesystem::path& datastore);
// Gives the slot back (-1 after); nothing for -1.
void release_cleanup(int& slot) noexcept;

// What an entry of the area is to the signal registry.
enum class AreaEntry { file, marker, dir };

// Closes `handle` when it is open (kNoHandle after); a failure to close is not reported.
void close_handle(NativeHandle& handle) noexcept;

// Making the area, in the constructor's order: its directory, its marker, then its test files.
// Makes the scratch directory `name` (`shown` in messages) in the datastore open as `store`, for
// its owner alone, and returns it held open; registered in `slot` (register_for_cleanup). nullopt,
// nothing made, when the name is taken. On POSIX the directory opened is proved the one made
// (scratch_identity.hpp) before it is returned; std::system_error otherwise, leaving in place what
// the name holds then, which is not ours. Any other failure leaves nothing made.
std::optional<NativeHandle> make_scratch_dir(NativeHandle store, const std::string& name, int slot,
                                             const std::filesystem::path& shown);
// std::system_error saying that every name tried was taken (`shown`: the names' prefix).
[[noreturn]] void refuse_no_free_name(const std::filesystem::path& shown);

// A file the area just created, open for writing; closed when it goes.
class CreatedFile {
 public:
  CreatedFile() = default;
  explicit CreatedFile(NativeHandle handle) : handle_(handle) {}
  ~CreatedFile() { close_handle(handle_); }
  CreatedFile(CreatedFile&& other) noexcept : handle_(std::exchange(other.handle_, kNoHandle)) {}
  CreatedFile& operator=(CreatedFile&& other) noexcept {
    if (this != &other) {
      close_handle(handle_);
      handle_ = std::exchange(other.handle_, kNoHandle);
    }
    return *this;
  }
  CreatedFile(const CreatedFile&) = delete;
  CreatedFile& operator=(const CreatedFile&) = delete;

  NativeHandle get() const { return handle_; }
  // Puts what was written on the device, then closes; std::system_error naming `shown` (the file
  // stays open when the flush failed).
  void flush_and_close(const std::filesystem::path& shown);

 private:
  NativeHandle handle_ = kNoHandle;
};

// Creates `name` in the scratch directory open as `dir`, new and never through a link: an entry
// of that name already there, a planted link included, is refused (std::system_error naming
// `shown`), left as it is and never recorded as ours. Registered in `slot` as `as` (a file or the
// marker); on POSIX a registry that holds no more (kMaxFiles) is a std::runtime_error, nothing
// left behind.
CreatedFile create_scratch_file(NativeHandle dir, const std::string& name, int slot, AreaEntry as,
                                const std::filesystem::path& shown);
// Writes all of `text` to `file`; std::system_error naming `shown`.
void write_all(NativeHandle file, const std::string& text, const std::filesystem::path& shown);
// Removes the test file `name` that failed to get its layout, through `file` where the platform
// deletes by handle, and withdraws it from `slot`: removed before withdrawn, so a signal in
// between still removes it. Throws nothing: the layout's error is the one the caller rethrows
// (Windows says on stderr when the file could not be removed).
void remove_failed_file(CreatedFile& file, NativeHandle dir, const std::string& name, int slot,
                        const std::filesystem::path& shown) noexcept;
// The largest size a test file may have: what a file offset holds (off_t, LONGLONG).
extern const std::uint64_t kLargestFileSize;

// What a scratch file's name may not hold besides being "." or "..", and how a refusal says it:
// the platform's path separators (and NUL).
struct ForbiddenInFileNames {
  std::string_view characters;
  std::string_view said;
};
extern const ForbiddenInFileNames kForbiddenInFileNames;
// std::invalid_argument unless `name` is a plain file name other than the marker's.
void check_scratch_file_name(const std::string& name);

// Removing the area, in remove()'s order: its files, its marker, its directory.
// Says on stderr when the datastore's path no longer names the directory the area was made in
// (umount -l, a move): the removal goes through the directory held open, not that path.
void note_if_moved(NativeHandle store, const std::filesystem::path& datastore,
                   const std::filesystem::path& dir);
// Removes `name` of the directory open as `dir`, itself and never what it points to; a name
// already gone is fine. std::system_error naming `path` otherwise.
void remove_scratch_entry(NativeHandle dir, const std::string& name,
                          const std::filesystem::path& path);
// Removes the scratch directory `dir`, open as `held`, by its name in `store` once that name is
// proved to be the same directory, and only when empty; says on stderr why it is left in place
// otherwise. Windows closes `held` first (kNoHandle after): its handle kept the name in place.
void remove_made_dir(NativeHandle store, NativeHandle& held, const std::filesystem::path& dir);
// Withdraws what was just removed from the signal registry (register_for_cleanup).
void forget_removed(int slot, AreaEntry removed);

// Truncates `name`, a file of the scratch directory open as `dir`, to nothing, reserves `size`
// bytes again when `reserve`, and flushes it to the device; opened without following a link.
void reset_file(NativeHandle dir, const std::string& name, std::uint64_t size, bool reserve,
                const std::filesystem::path& path);

}  // namespace iogate::detail
