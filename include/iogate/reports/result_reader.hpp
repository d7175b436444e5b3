// Reads iogate's JSON results back into records: a run document (the JSON writer's output) or a
// directory of per-check documents (what each ctest check writes), merged into one run.
//
// The latency histogram is restored from its buckets: counts, min, max and every percentile are
// as written, and the values inside each bucket are spread so that the mean is the one written
// too. Bad input throws std::runtime_error naming the file and what was expected.
#pragma once

#include <filesystem>
#include <vector>

#include <nlohmann/json.hpp>

#include "iogate/reports/report_writer.hpp"

namespace iogate {

RunContext context_from_json(const nlohmann::json& j);
CheckRecord check_from_json(const nlohmann::json& j);
RunResult run_from_json(const nlohmann::json& j);
WorkloadSpec workload_from_json(const nlohmann::json& j);

// A run document, or a single check's document as a run of one.
RunReport read_results(const std::filesystem::path& path);

// Every per-check document (<check>.json) in `dir`, in run order (their start, then name); other
// JSON files (the merged outputs, anything not iogate's) are left alone.
RunReport read_report_dir(const std::filesystem::path& dir);

// Removes the per-check documents from `dir` (and nothing else), so that a new run's merge sees
// only its own checks. Returns how many were removed; a missing dir is no error.
int clear_check_results(const std::filesystem::path& dir);

}  // namespace iogate
