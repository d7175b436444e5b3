#include "datastore_path.hpp"

#include <system_error>

namespace iogate {

namespace {

std::filesystem::path without_trailing_separator(std::filesystem::path p) {
  p = p.lexically_normal();
  if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();
  return p;
}

}  // namespace

std::filesystem::path recorded_datastore(const std::filesystem::path& dir) {
  if (dir.empty()) return dir;
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(dir, ec);
  return without_trailing_separator(ec ? dir : absolute);
}

std::string datastore_spelling(const std::string& recorded) {
  return without_trailing_separator(recorded).generic_string();
}

}  // namespace iogate
