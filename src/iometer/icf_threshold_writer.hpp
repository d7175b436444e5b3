// `iogate import iometer`: the threshold file equivalent to an IOMeter configuration file, as
// TOML text.
//
// One suite, one [[check]] per test (icf_mapping.hpp), every workload key written out, each after
// the IOMeter setting it came from (file:line) or what IOMeter always does, and the settings taken
// with a caveat listed as notes. A configuration file says what to run, not what the storage must
// reach: the caller gives the expectations (import_core::ImportRequest, the same as `import fio`).
#pragma once

#include <string>
#include <vector>

#include "icf_mapping.hpp"
#include "import/import_request.hpp"

namespace iogate::iometer {

std::string threshold_text(const IcfFile& file, const std::vector<IcfCheck>& checks,
                           const import_core::ImportRequest& request);

}  // namespace iogate::iometer
