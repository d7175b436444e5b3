// Deleting what a previous run left in a results directory: the one place in reports/ that
// removes files, apart from the reader (result_reader.hpp) that only reads them.
#pragma once

#include <filesystem>

namespace iogate {

// Removes the per-check documents (<check>.json, format "iogate-check") from `dir` and nothing
// else, so that a new run's merge sees only its own checks: a file that is not JSON, or JSON that
// is not a check's result, stays. Returns how many were removed; a missing dir is no error.
// `dir` is reached by the rule of every output directory (output_file.hpp): UnsafeOutputError when
// it refuses it (a link another user planted, root in a directory others can change).
int clear_check_results(const std::filesystem::path& dir);

}  // namespace iogate
