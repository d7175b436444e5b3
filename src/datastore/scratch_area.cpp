// What is the same of a scratch area on every platform: the free space it demands and the refusal
// that says so, its life from opening the datastore to the end of the object, the names its files
// may have, keeping an area for another process, giving a file its layout back. What each
// platform does beneath is behind scratch_area_platform.hpp.
#include <algorithm>
#include <iostream>
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "iogate/common/units.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "marker.hpp"
#include "scratch_area_platform.hpp"

namespace iogate {

namespace fs = std::filesystem;

namespace {

fs::path absolute_datastore(const fs::path& datastore) {
  if (datastore.empty()) throw std::invalid_argument("datastore: empty path");
  return fs::absolute(datastore);
}

}  // namespace

void detail::check_scratch_file_name(const std::string& name) {
  const bool plain = !name.empty() && name != "." && name != ".." &&
                     name.find_first_of(kForbiddenInFileNames.characters) == std::string::npos &&
                     name != ScratchArea::kMarkerName;
  if (!plain) {
    throw std::invalid_argument("scratch file name \"" + name +
                                "\" must be a plain file name (no " +
                                std::string(kForbiddenInFileNames.said) +
                                ", not \".\", \"..\" or \"" + ScratchArea::kMarkerName + "\")");
  }
}

ScratchArea::ScratchArea(const fs::path& datastore, std::uint64_t bytes_needed,
                         const DatastorePolicy& policy, const AreaOwner& owner)
    : datastore_(absolute_datastore(datastore)) {
  if (owner.label.find('\n') != std::string::npos)
    throw std::invalid_argument("scratch area label: one line expected");
  try {
    // Opened by path once: everything created or removed after goes through store_handle_.
    store_handle_ = detail::open_scratch_store(datastore_, policy, bytes_needed);
    // Once the lock is held, another run's scratch area is gone: the space counted is ours.
    lock_ = detail::lock_datastore(store_handle_, datastore_);
    remove_stale(store_handle_, datastore_);
    const FreeSpace space = free_space(store_handle_, datastore_);
    if (space.available < space_required(bytes_needed))
      throw InsufficientSpace(datastore_, bytes_needed, space.available);
    registry_slot_ = detail::register_for_cleanup(store_handle_, datastore_);
    owned_elsewhere_ = owner.pid != 0 && owner.pid != detail::this_process();
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
    detail::release_cleanup(registry_slot_);
  } else {
    remove_or_report();
  }
  close_dirs();
}

void ScratchArea::remove_or_report() noexcept {
  try {
    remove();
  } catch (const std::exception& e) {
    std::cerr << "iogate: cleaning up scratch area " << dir_.string() << ": " << e.what() << '\n';
    // What is left stays registered no longer: this object is going away.
    detail::release_cleanup(registry_slot_);
  }
}

std::uint64_t space_required(std::uint64_t bytes_needed) {
  const std::uint64_t margin = bytes_needed / 10 + (bytes_needed % 10 != 0 ? 1 : 0);
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  return bytes_needed > max - margin ? max : bytes_needed + margin;
}

InsufficientSpace::InsufficientSpace(const fs::path& datastore, std::uint64_t needed,
                                     std::uint64_t available)
    : std::runtime_error(fmt::format(
          "datastore {}: needs {} free ({} for the test files + 10%), has {}", datastore.string(),
          format_size(space_required(needed)), format_size(needed), format_size(available))),
      needed_(needed),
      available_(available) {}

void ScratchArea::keep() {
  if (!owned_elsewhere_)
    throw std::logic_error("scratch area " + dir_.string() +
                           " is this process's own: nothing would remove it after keep()");
  kept_ = true;
}

std::vector<std::string> ScratchArea::files() const {
  std::vector<std::string> names;
  for (const fs::path& file : created_) names.push_back(file.filename().string());
  return names;
}

void ScratchArea::restore(const std::string& name, std::uint64_t size, FileLayout layout) const {
  const fs::path path = dir_ / name;
  if (std::find(created_.begin(), created_.end(), path) == created_.end())
    throw std::logic_error("restore \"" + name + "\": not a file of this scratch area");
  if (layout == FileLayout::written) return;
  detail::reset_file(dir_handle_, name, size, layout == FileLayout::preallocated, path);
}

void ScratchArea::remove() {
  if (dir_made_) detail::note_if_moved(store_handle_, datastore_, dir_);
  // Each entry is withdrawn from the registry only once it is gone.
  while (!created_.empty()) {
    const fs::path& file = created_.back();
    detail::remove_scratch_entry(dir_handle_, file.filename().string(), file);
    detail::forget_removed(registry_slot_, detail::Removed::file);
    created_.pop_back();
  }
  if (marker_made_) {
    detail::remove_scratch_entry(dir_handle_, kMarkerName, dir_ / kMarkerName);
    detail::forget_removed(registry_slot_, detail::Removed::marker);
    marker_made_ = false;
  }
  if (dir_made_) {
    detail::remove_made_dir(store_handle_, dir_handle_, dir_);
    detail::forget_removed(registry_slot_, detail::Removed::dir);
    dir_made_ = false;
  }
  detail::release_cleanup(registry_slot_);
}

}  // namespace iogate
