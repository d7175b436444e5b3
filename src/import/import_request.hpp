// What an import is asked for beside the other tool's file: the suite's name and the expectations.
// No tool's file says what the storage must reach, so the caller gives them (`--expect
// iops_min=300`), the same for every check.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace iogate::import_core {

struct ImportRequest {
  std::string suite;  // the suite's name, an identifier
  // [check.expect] lines for every check: key and value as given ("iops_min", "300"); a value
  // that reads as a number is written as one, anything else as a TOML string.
  std::vector<std::pair<std::string, std::string>> expect;
};

}  // namespace iogate::import_core
