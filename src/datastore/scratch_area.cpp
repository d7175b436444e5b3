// What is the same of a scratch area on every platform: the free space it demands and the refusal
// that says so, keeping an area for another process, the names of its files.
#include <limits>

#include <fmt/format.h>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate/units.hpp"

namespace iogate {

namespace fs = std::filesystem;

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

}  // namespace iogate
