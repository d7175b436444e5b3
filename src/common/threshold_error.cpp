#include "iogate/common/threshold_error.hpp"

#include "display_text.hpp"

namespace iogate {

std::string ThresholdError::message(const SourceLocation& where, const std::string& key,
                                    const std::string& problem) {
  std::string out = printable(where.file.string());
  if (where.line > 0) out += ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
  if (!key.empty()) out += ": " + key;
  return out + ": " + problem;
}

}  // namespace iogate
