// What the scratch area's shared body (scratch_area.cpp) asks of each platform: opening the
// datastore held to its policy, its lock, the registration that lets a fatal signal remove the
// area, which characters a file name may not hold, removing what the area made, and giving a file
// its layout back. One implementation per platform: descriptors, flock and the signal registry
// (scratch_area_posix.cpp); HANDLEs, a named mutex and the graceful stop, so nothing registered
// (scratch_area_windows.cpp). Making the directory, the marker and the test files stays with each
// platform: on POSIX each of those steps is one with its registration for the signal handler,
// blocked against signals in between.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

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
enum class Removed { file, marker, dir };
void forget_removed(int slot, Removed removed);

// Truncates `name`, a file of the scratch directory open as `dir`, to nothing, reserves `size`
// bytes again when `reserve`, and flushes it to the device; opened without following a link.
void reset_file(NativeHandle dir, const std::string& name, std::uint64_t size, bool reserve,
                const std::filesystem::path& path);

}  // namespace iogate::detail
