// Private to the threshold parser: the [[check]] tables of a file.
#pragma once

#include <toml++/toml.h>

#include <filesystem>
#include <vector>

#include "iogate/thresholds/threshold_file.hpp"
#include "workload_section.hpp"

namespace iogate::thresholds_detail {

// Every check in file order, each merged over `defaults` and repeated `suite_repeat` times unless
// it says otherwise; names are unique. `doc` is the whole document, which must hold at least one
// [[check]].
std::vector<Check> read_checks(const std::filesystem::path& file, const toml::table& doc,
                               const WorkloadFields& defaults, int suite_repeat);

// A `repeat` value: a whole number of runs from 1 to 100.
int repeat_value(const Section& s, const toml::node& n);

}  // namespace iogate::thresholds_detail
