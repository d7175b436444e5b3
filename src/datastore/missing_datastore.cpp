#include "missing_datastore.hpp"

#include <system_error>

#include <fmt/format.h>

#include "iogate/datastore/scratch_area.hpp"

namespace iogate::detail {

namespace fs = std::filesystem;

fs::path nearest_existing(fs::path path) {
  std::error_code ec;
  while (!fs::exists(path, ec) && path.has_relative_path()) path = path.parent_path();
  return path;
}

void missing_datastore(const fs::path& datastore) {
  throw DatastoreError(fmt::format(
      "datastore {} does not exist: a datastore that is named (--datastore, IOGATE_DATASTORE, a "
      "suite's DATASTORE) must exist, so that an array that is not mounted is not mistaken for "
      "the disk underneath. Create the directory on the storage under test (or mount it)",
      datastore.string()));
}

}  // namespace iogate::detail
