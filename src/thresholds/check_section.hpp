// Private to the threshold parser: the [[check]] tables of a file.
#pragma once

#include <toml++/toml.h>

#include <filesystem>
#include <vector>

#include "iogate/thresholds/threshold_file.hpp"
#include "repetition_keys.hpp"
#include "workload_section.hpp"

namespace iogate::thresholds_detail {

// Every check in file order, each merged over `defaults` and the [suite]'s repetition keys
// unless it says otherwise; names are unique. `doc` is the whole document, which must hold at
// least one [[check]].
std::vector<Check> read_checks(const std::filesystem::path& file, const toml::table& doc,
                               const WorkloadFields& defaults, const RepetitionFields& suite);

}  // namespace iogate::thresholds_detail
