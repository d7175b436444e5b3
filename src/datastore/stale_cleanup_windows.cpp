// ScratchArea::remove_stale on Windows: removing what a run that no longer exists left behind, and
// nothing else (stale_cleanup_posix.cpp says the rules; they are the same here).
//
// Every entry is opened relative to a handle, never following a reparse point, and each
// directory is held without FILE_SHARE_DELETE while it is looked at and emptied, so nobody can
// swap it for a junction between the check and the removal. A reparse point inside a stale
// directory is deleted itself, never what it points to.
#include "windows_handle.hpp"
//
#include <iostream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "iogate/datastore/scratch_area.hpp"
#include "marker.hpp"
#include "scratch_listing.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

bool is_stale(HANDLE dir, const fs::path& path) {
  const std::optional<std::string> text = detail::read_marker(dir, path / ScratchArea::kMarkerName);
  if (!text) return false;
  const std::optional<detail::MarkerInfo> marker = detail::parse_marker(*text);
  return marker && marker->host == detail::this_host() && !detail::process_alive(marker->pid);
}

detail::UniqueHandle open_entry(HANDLE dir, const std::string& name, ACCESS_MASK access,
                                const fs::path& path) {
  return detail::open_relative(
      dir, fs::path(name).wstring(),
      {.access = access, .type = detail::EntryType::any, .exclusive_name = true}, path);
}

// Removes the stale directory `name` of the datastore open as `store`; false if it is not one.
bool remove_if_stale(HANDLE store, const std::string& name, const fs::path& path) {
  detail::UniqueHandle dir;
  try {
    dir = open_entry(store, name, FILE_LIST_DIRECTORY | DELETE, path);
  } catch (const std::system_error& e) {
    if (e.code().value() == ERROR_FILE_NOT_FOUND) return false;  // another run got there first
    // Held without FILE_SHARE_DELETE: a live run's area (scratch_area_windows.cpp), not stale.
    if (e.code().value() == ERROR_SHARING_VIOLATION) return false;
    throw;
  }
  if (detail::is_reparse_point(dir.get(), path) || !detail::is_directory(dir.get(), path))
    return false;
  if (!is_stale(dir.get(), path)) return false;

  std::vector<std::string> names = detail::list_names(dir.get(), path);
  std::vector<detail::UniqueHandle> entries;
  for (const std::string& entry : names) {
    const fs::path entry_path = path / entry;
    detail::UniqueHandle h = open_entry(dir.get(), entry, DELETE, entry_path);
    if (detail::is_directory(h.get(), entry_path) &&
        !detail::is_reparse_point(h.get(), entry_path)) {
      std::cerr << "iogate: left stale scratch directory " << path.string()
                << " in place: " << entry_path.string() << " is not something iogate makes\n";
      return false;
    }
    entries.push_back(std::move(h));
  }
  // The marker goes last: until then an interrupted removal is still recognisably stale.
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] != ScratchArea::kMarkerName)
      detail::delete_by_handle(entries[i].get(), path / names[i]);
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == ScratchArea::kMarkerName)
      detail::delete_by_handle(entries[i].get(), path / names[i]);
  entries.clear();  // the entries go as their handles close, before the directory is deleted
  detail::delete_by_handle(dir.get(), path);
  return true;
}

}  // namespace

std::vector<fs::path> ScratchArea::remove_stale(const fs::path& datastore) {
  const detail::UniqueHandle store = detail::open_directory(datastore, FILE_LIST_DIRECTORY);
  return remove_stale(store.get(), datastore);
}

std::vector<fs::path> ScratchArea::remove_stale(NativeHandle store, const fs::path& datastore) {
  std::vector<fs::path> removed;
  for (const std::string& name : detail::list_names(store, datastore)) {
    if (!name.starts_with(kDirPrefix)) continue;
    fs::path dir = datastore / name;
    try {
      if (remove_if_stale(store, name, dir)) removed.push_back(std::move(dir));
    } catch (const std::system_error& e) {
      // Not "stale": the error may have come before that was known (an unreadable marker).
      std::cerr << "iogate: left scratch directory " << dir.string()
                << " in place (could not check or remove it): " << e.what() << '\n';
    }
  }
  return removed;
}

}  // namespace iogate
