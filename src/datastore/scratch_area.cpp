// What is the same of a scratch area on every platform: the free space it demands and the refusal
// that says so, its life from opening the datastore to the end of the object, making its
// directory under a random name, its marker and its test files, the names its files may have,
// keeping an area for another process, giving a file its layout back. What each platform does
// beneath is behind scratch_area_platform.hpp.
#include <algorithm>
#include <ctime>
#include <iostream>
#include <limits>
#include <optional>
#include <random>
#include <utility>

#include <fmt/format.h>

#include "file_allocation.hpp"
#include "iogate/common/units.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "marker.hpp"
#include "scratch_area_platform.hpp"

namespace iogate {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxNameAttempts = 100;

fs::path absolute_datastore(const fs::path& datastore) {
  if (datastore.empty()) throw std::invalid_argument("datastore: empty path");
  return fs::absolute(datastore);
}

// iogate-scratch-xxxx-xxxx-xxxx (lowercase hex): 48 bits drawn from the system's random source
// each time, not from a sequence seeded once, so processes started at the same moment seldom try
// the same name; one taken is tried again under another (make_dir).
std::string random_dir_name() {
  std::random_device entropy;
  const std::uint64_t bits = (std::uint64_t{entropy()} << 32) | entropy();
  return fmt::format("{}{:04x}-{:04x}-{:04x}", ScratchArea::kDirPrefix, bits & 0xffff,
                     (bits >> 16) & 0xffff, (bits >> 32) & 0xffff);
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

void ScratchArea::close_dirs() noexcept {
  detail::close_handle(dir_handle_);
  detail::close_handle(store_handle_);
}

void ScratchArea::make_dir() {
  for (int attempt = 0; attempt < kMaxNameAttempts; ++attempt) {
    const std::string name = random_dir_name();
    fs::path candidate = datastore_ / name;
    const std::optional<NativeHandle> made =
        detail::make_scratch_dir(store_handle_, name, registry_slot_, candidate);
    if (!made) continue;  // taken: another name
    dir_handle_ = *made;
    dir_made_ = true;
    dir_ = std::move(candidate);
    return;
  }
  detail::refuse_no_free_name(datastore_ / kDirPrefix);
}

void ScratchArea::write_marker(const AreaOwner& owner) {
  const fs::path marker = dir_ / kMarkerName;
  detail::CreatedFile file = detail::create_scratch_file(dir_handle_, kMarkerName, registry_slot_,
                                                         detail::AreaEntry::marker, marker);
  marker_made_ = true;
  detail::write_all(file.get(),
                    detail::marker_text(owner.pid != 0 ? owner.pid : detail::this_process(),
                                        detail::this_host(), std::time(nullptr), owner.label),
                    marker);
  // Durable before any test file: a filesystem that aborts its journal mid-run, or a machine that
  // crashes, comes back with this marker readable (not empty) and naming its dead owner, so the
  // leftover is recognisably stale, not left forever.
  file.flush_and_close(marker);
}

fs::path ScratchArea::preallocate(const std::string& name, std::uint64_t size, FileLayout layout,
                                  std::uint64_t write_size) {
  detail::check_scratch_file_name(name);
  if (!dir_made_) throw std::logic_error("preallocate \"" + name + "\": scratch area removed");
  if (size > detail::kLargestFileSize)
    throw std::invalid_argument("preallocate \"" + name + "\": size too large");

  const fs::path path = dir_ / name;
  detail::CreatedFile file =
      detail::create_scratch_file(dir_handle_, name, registry_slot_, detail::AreaEntry::file, path);
  created_.push_back(path);
  try {
    if (layout != FileLayout::grown) detail::allocate_file(file.get(), size, path);
    if (layout == FileLayout::written) detail::write_through(file.get(), size, path, write_size);
    file.flush_and_close(path);
  } catch (...) {
    detail::remove_failed_file(file, dir_handle_, name, registry_slot_, path);
    created_.pop_back();
    throw;
  }
  return path;
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
    detail::forget_removed(registry_slot_, detail::AreaEntry::file);
    created_.pop_back();
  }
  if (marker_made_) {
    detail::remove_scratch_entry(dir_handle_, kMarkerName, dir_ / kMarkerName);
    detail::forget_removed(registry_slot_, detail::AreaEntry::marker);
    marker_made_ = false;
  }
  if (dir_made_) {
    detail::remove_made_dir(store_handle_, dir_handle_, dir_);
    detail::forget_removed(registry_slot_, detail::AreaEntry::dir);
    dir_made_ = false;
  }
  detail::release_cleanup(registry_slot_);
}

}  // namespace iogate
