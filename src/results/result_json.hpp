// JSON forms of a run's context and of a judged check (nlohmann-json). A check's workload and
// its runs are written by the one codec of run_json.hpp. Field names are stable: dashboards and
// scripts key on them. Units are in the names: _ms, _s, mbps (MiB/s), bytes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "iogate/common/output_file.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "iogate/engine/run_result.hpp"
#include "iogate/engine/workload.hpp"
#include "iogate/results/check_record.hpp"
#include "run_json.hpp"

namespace iogate {

inline constexpr int kResultJsonVersion = 1;

nlohmann::json storage_stack_to_json(const StorageStack& stack);

nlohmann::json context_to_json(const RunContext& context);

// One check without its context: the entries of a run document (format "iogate-results").
nlohmann::json check_entry_to_json(const CheckRecord& record);

// One check with its context, as each check of a ctest run writes it (format "iogate-check"): the
// entry's fields plus the context's at top level.
nlohmann::json check_to_json(const CheckRecord& record, const RunContext& context);

// `doc` as an output file (output_file.hpp): whole or not at all, never through a symlink.
void write_json_file(const std::filesystem::path& path, const nlohmann::json& doc,
                     IfExists if_exists = IfExists::replace);

}  // namespace iogate
