// Reads iogate's JSON results back into records: a run document (the JSON writer's output) or a
// directory of per-check documents (what each ctest check writes), merged into one run.
//
// A check's workload and runs are read by the one codec of run_json.hpp (its histogram restored
// from the buckets). Every value is checked as it is read (json_fields.hpp): numbers finite and in
// range, names by the rules of labels.hpp. Bad input throws std::runtime_error naming the file,
// the key path and what was expected ("h2/rand8k.json: result.duration_s: expected a positive
// number of seconds, got 0").
// It reads only; clearing old per-check documents is check_results_cleanup.hpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "iogate/results/check_record.hpp"
#include "run_json.hpp"

namespace iogate {

// `where`: the object's key path in its document ("checks[2]"), which a refusal names.
RunContext context_from_json(const nlohmann::json& j, std::string_view where = "");
// `latencies`: which histograms each run restores (run_json.hpp); all but for `iogate fleet`.
CheckRecord check_from_json(const nlohmann::json& j, std::string_view where = "",
                            RunLatencies latencies = RunLatencies::all);

// A run document, or a single check's document as a run of one. Its JSON is read by the one
// bounded parse (common/json_input.hpp): too deep, too large or not JSON is a JsonInputError.
RunRecord read_results(const std::filesystem::path& path,
                       RunLatencies latencies = RunLatencies::all);
// The same, of `text` as if read from `path` (which names it in errors).
RunRecord read_results_text(std::string_view text, const std::filesystem::path& path,
                            RunLatencies latencies = RunLatencies::all);

// Every per-check document (<check>.json) in `dir`, in run order (their start, then name); other
// JSON files (the merged outputs, anything not iogate's) are left alone. When the checks ran on
// several datastores, each record names its own (CheckRecord::datastore), the context names them
// all and keeps only the storage-stack fields they share.
RunRecord read_report_dir(const std::filesystem::path& dir,
                          RunLatencies latencies = RunLatencies::all);

// Whatever `iogate check` writes, by its path: a run document (--json), a per-check document, or a
// directory (--json-dir) of per-check documents, else its results.json; a directory holding
// neither reads as no checks. The one dispatch of compare, fleet and propose.
RunRecord read_results_at(const std::filesystem::path& path,
                          RunLatencies latencies = RunLatencies::all);

// Results carry a histogram and per-second intervals per check: megabytes for a long run. The
// limit only stops a mistyped path (an image, a device) being read whole.
inline constexpr std::uint64_t kMaxResultsBytes = 256ULL << 20;

// Whether `path` is a per-check document (format "iogate-check"); throws std::runtime_error when it
// cannot be read or is not JSON.
bool is_check_result_file(const std::filesystem::path& path);
// The same, of `text` as if read from `path`.
bool is_check_result_text(std::string_view text, const std::filesystem::path& path);

}  // namespace iogate
