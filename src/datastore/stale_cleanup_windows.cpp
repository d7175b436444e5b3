// The stale sweep's directory primitives on Windows (stale_candidate.hpp).
//
// Every entry is opened relative to a handle, never following a reparse point, and each
// directory is held without FILE_SHARE_DELETE while it is looked at and emptied, so nobody can
// swap it for a junction between the check and the removal. A reparse point inside a stale
// directory is deleted itself, never what it points to.
#include "common/windows_handle.hpp"
//
#include <system_error>

#include "iogate/datastore/scratch_area.hpp"
#include "stale_candidate.hpp"

namespace iogate {

namespace fs = std::filesystem;

std::vector<fs::path> ScratchArea::remove_stale(const fs::path& datastore) {
  const detail::UniqueHandle store = detail::open_directory(datastore, FILE_LIST_DIRECTORY);
  return remove_stale(store.get(), datastore);
}

namespace detail {
namespace {

UniqueHandle open_entry(HANDLE dir, const std::string& name, ACCESS_MASK access,
                        const fs::path& path) {
  return open_relative(dir, fs::path(name).wstring(),
                       {.access = access, .type = EntryType::any, .exclusive_name = true}, path);
}

void close_held(std::vector<std::pair<std::string, NativeHandle>>& held) {
  for (const auto& [name, handle] : held) ::CloseHandle(handle);
  held.clear();
}

}  // namespace

StaleCandidate::StaleCandidate(NativeHandle store, std::string name, fs::path path)
    : store_(store), name_(std::move(name)), path_(std::move(path)) {
  UniqueHandle dir;
  try {
    dir = open_entry(store_, name_, FILE_LIST_DIRECTORY | DELETE, path_);
  } catch (const std::system_error& e) {
    if (e.code().value() == ERROR_FILE_NOT_FOUND) return;  // another run got there first
    // Held without FILE_SHARE_DELETE: a live run's area (scratch_area_windows.cpp), not stale.
    if (e.code().value() == ERROR_SHARING_VIOLATION) return;
    throw;
  }
  if (is_reparse_point(dir.get(), path_) || !is_directory(dir.get(), path_)) return;
  dir_ = dir.release();
}

StaleCandidate::~StaleCandidate() {
  close_held(held_);
  if (dir_ != kNoHandle) ::CloseHandle(dir_);
}

bool StaleCandidate::hold_entry(const std::string& entry, const fs::path& path) {
  UniqueHandle h = open_entry(dir_, entry, DELETE, path);
  if (is_directory(h.get(), path) && !is_reparse_point(h.get(), path)) return false;
  held_.emplace_back(entry, h.release());
  return true;
}

void StaleCandidate::remove_entry(const std::string& entry, const fs::path& path) {
  for (const auto& [name, handle] : held_)
    if (name == entry) return delete_by_handle(handle, path);
}

bool StaleCandidate::remove_dir() {
  close_held(held_);  // the entries go as their handles close, before the directory is deleted
  delete_by_handle(dir_, path_);
  return true;
}

}  // namespace detail
}  // namespace iogate
