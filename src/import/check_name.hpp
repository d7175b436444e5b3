// The name a check or a suite takes from another tool's name for it (a fio job section, an IOMeter
// access specification, the input file's): a threshold file holds only identifiers.
#pragma once

#include <string>

namespace iogate::import_core {

// `name` as an identifier (common/identifier.hpp): every character that cannot be in one as '_'
// ("seq-read" -> "seq_read"), "job" when nothing is left, cut to kMaxCheckNameLength.
std::string identifier_of(const std::string& name);

}  // namespace iogate::import_core
