// How every import speaks of a place in the file it reads: the notes written above a check (a
// setting taken with a caveat) and the refusal of a setting it cannot honour, which stops the
// import with nothing written.
#pragma once

#include <string>
#include <string_view>

#include "iogate/common/threshold_error.hpp"

namespace iogate::import_core {

// Where a setting is, as notes and source comments name it: "file:line", or "file:line:column"
// for a setting that is one token of a longer line (a DiskSpd command line's flag).
std::string place_text(const SourceLocation& where, bool with_column = false);

// A note on one setting: "PLACE: SETTING: WHY".
std::string note_text(std::string_view place, std::string_view setting, std::string_view why);

// A setting the import cannot honour: the ThresholdError at `where`, naming `key`.
[[noreturn]] void refuse(const SourceLocation& where, const std::string& key,
                         const std::string& problem);

}  // namespace iogate::import_core
