// Private to the threshold writer: a check's [check.expect] lines, the bounds the import is given
// joined with the check's own (threshold_text.hpp states the rule).
#pragma once

#include <string>
#include <vector>

#include "import_request.hpp"
#include "imported_check.hpp"

namespace iogate::import_core::detail {

// One [check.expect] line: a key, its TOML value, and where it came from (nothing: given).
struct ExpectLine {
  std::string key;
  std::string value;
  std::vector<std::string> from;
};

// The lines in the given order, then the check's own bounds on keys not given; what was weighed,
// and which won, is added to `notes`.
std::vector<ExpectLine> expectations(const std::vector<ImportedBound>& own,
                                     const ImportRequest& request, std::vector<std::string>& notes);

}  // namespace iogate::import_core::detail
