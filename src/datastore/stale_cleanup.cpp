// ScratchArea::remove_stale: removing what a crashed run left behind, and nothing else, on every
// platform (the directory primitives it stands on: stale_candidate.hpp).
//
// Everything is done relative to the open datastore and never through a link, so swapping a
// checked directory for a symlink or a junction between the check and the removal cannot
// redirect a removal elsewhere. A candidate is removed only if it is a real directory named
// iogate-scratch-*, holding a regular `.iogate-scratch` marker that names this host and a dead
// process, and holding nothing but files and links (iogate makes no subdirectories, so one means
// somebody else uses the directory). Links inside are removed themselves, never followed.
#include <iostream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "iogate/datastore/scratch_area.hpp"
#include "marker.hpp"
#include "scratch_listing.hpp"
#include "stale_candidate.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

bool is_stale(NativeHandle dir, const fs::path& path) {
  const std::optional<std::string> text = detail::read_marker(dir, path / ScratchArea::kMarkerName);
  if (!text) return false;
  const std::optional<detail::MarkerInfo> marker = detail::parse_marker(*text);
  return marker && marker->host == detail::this_host() && !detail::process_alive(marker->pid);
}

// Removes the stale directory `name` of the datastore open as `store`; false if it is not one.
bool remove_if_stale(NativeHandle store, const std::string& name, const fs::path& dir) {
  detail::StaleCandidate candidate(store, name, dir);
  if (!candidate.opened() || !is_stale(candidate.handle(), dir)) return false;

  std::vector<std::string> names = detail::list_names(candidate.handle(), dir);
  for (const std::string& entry : names) {
    const fs::path path = dir / entry;
    if (!candidate.hold_entry(entry, path)) {
      std::cerr << "iogate: left stale scratch directory " << dir.string()
                << " in place: " << path.string() << " is not something iogate makes\n";
      return false;
    }
  }
  // The marker goes last: until then an interrupted removal is still recognisably stale.
  std::erase(names, std::string(ScratchArea::kMarkerName));
  names.emplace_back(ScratchArea::kMarkerName);
  for (const std::string& entry : names) candidate.remove_entry(entry, dir / entry);
  return candidate.remove_dir();
}

}  // namespace

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
