// Places, notes and refusals of an import (notes.hpp).
#include "notes.hpp"

#include <fmt/format.h>

namespace iogate::import_core {

std::string place_text(const SourceLocation& where, bool with_column) {
  if (with_column) return fmt::format("{}:{}:{}", where.file.string(), where.line, where.column);
  return fmt::format("{}:{}", where.file.string(), where.line);
}

std::string note_text(std::string_view place, std::string_view setting, std::string_view why) {
  return fmt::format("{}: {}: {}", place, setting, why);
}

void refuse(const SourceLocation& where, const std::string& key, const std::string& problem) {
  throw ThresholdError(where, key, problem);
}

}  // namespace iogate::import_core
