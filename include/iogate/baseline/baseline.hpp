// A baseline: a measurement of one datastore in a known-good state, that thresholds like
// "90% of baseline" compare with. `iogate baseline record` writes it; suites read it
// (iogate_add_suite(... BASELINE file), --baseline, $IOGATE_BASELINE).
//
// Versioned JSON ("format": "iogate-baseline", "version": 1):
//   iogate_version, host, recorded_at (ISO 8601 UTC), datastore, repeat,
//   fingerprint: the storage stack's fields (as StorageStack::fields() names them),
//   checks: { "<name>": { workload: {...as run}, completed: bool,
//                         metrics: { "iops": {samples: [...], median, cv}, "mbps": ...,
//                                    "duration_s", "latency_avg_ms", "latency_max_ms",
//                                    "latency_p50_ms" ... "latency_p99.99_ms" } } }
// Only `samples` is read back; median and cv are for people and dashboards.
// A baseline made of another tool's results (`iogate baseline import`) adds
//   imported: { tool: "IOMeter 1.1.0", file: the results file as named to the import }
// and holds one sample per figure; a baseline without the key is one iogate recorded, so the
// version stays 1.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "iogate/checks/check.hpp"
#include "iogate/common/output_file.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "iogate/engine/run_result.hpp"
#include "iogate/engine/workload.hpp"
#include "iogate/verdicts/verdict.hpp"

namespace iogate {

inline constexpr int kBaselineVersion = 1;

struct BaselineCheck {
  std::string name;
  nlohmann::json workload;  // compared_workload() of the spec as run
  bool completed = true;    // every repetition ran to its end
  MetricSamples samples;
  // An imported baseline's: `workload` holds only the keys the other tool's file states (the
  // shape of the I/O), and only those are compared; a key stated as null is one the tool ran
  // without (block_mix: one size), so a check that sets it differs.
  bool stated_keys_only = false;
};

// Where an imported baseline's figures come from (`iogate baseline import`): another tool's
// results, one figure per check and no runs of iogate's. "imported": {"tool", "file"} in the
// JSON, written only for such a baseline, so the format's version stays 1.
struct BaselineImport {
  std::string tool;  // "IOMeter 1.1.0", "DiskSpd 2.1"
  std::string file;  // the results file, as named to the import
};

struct Baseline {
  std::filesystem::path path;  // where it was read from (empty when built in memory)
  std::string iogate_version;
  std::string host;
  std::string recorded_at;
  std::string datastore;
  int repeat = 0;
  StorageStack fingerprint;
  std::vector<BaselineCheck> checks;
  std::optional<BaselineImport> imported;

  const BaselineCheck* find(const std::string& check) const;
};

// A malformed baseline: "file: key: expected ..., got ...".
class BaselineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A baseline is valid for its workload as runs are compared (compared_workload, run_json.hpp).
// Baselines written before the codec was shared held only the first 11 keys; they still load, and
// workload_difference reads a key they lack as its default.
// "" when the check's workload is the recorded one, else what differs:
// "block_size 8192 (baseline) vs 4096 (now)". An imported baseline's check compares only the keys
// it states.
std::string workload_difference(const BaselineCheck& recorded, const WorkloadSpec& now);

// Where a baseline was recorded against where it is used now. `changes`: the host (by hostname,
// as baselines keep it), the datastore (as given, lexically normalised), then every storage-stack
// field that changed (diff_storage_stacks), as "host db01 → db02"; for an imported baseline,
// first a line saying where its figures come from and what one figure means for the verdict's
// error rates. `elsewhere`: those of the
// host, the datastore and the filesystem: a baseline of another place, which --strict-baseline
// refuses (a kernel or driver change is what a post-upgrade comparison is for, so it is named,
// never refused). A field either side lacks is no change.
struct BaselineProvenance {
  std::vector<std::string> changes;
  std::vector<std::string> elsewhere;
};
BaselineProvenance baseline_provenance(const Baseline& baseline, const std::string& host,
                                       const std::string& datastore, const StorageStack& stack);

// What --strict-baseline says of `baseline` used where `where` was found (baseline_provenance):
// that it was recorded elsewhere, naming the file and each place as recorded → here; nullopt when
// it was recorded here. The runner's preflight refuses with it, and a check meeting it in a run
// (a datastore swapped since) is an error with it.
std::optional<std::string> strict_baseline_refusal(const Baseline& baseline,
                                                   const BaselineProvenance& where);

// Every figure `check` bounds "N% of baseline" has a positive sample in `recorded`; else
// BaselineError naming the file, the check and the figure. The comparison was asked for: a
// baseline that cannot honour it is an error, never a quiet skip.
void require_baseline_figures(const Baseline& baseline, const BaselineCheck& recorded,
                              const Check& check);

// The samples a baseline keeps: every standard metric, each direction's ("read_iops",
// "write_latency_p99_ms") where every run has that direction's figures, and any percentile the
// check asks for.
MetricSamples baseline_samples(const Check& check, const std::vector<RunResult>& runs);

nlohmann::json baseline_to_json(const Baseline& baseline);
Baseline baseline_from_json(const nlohmann::json& doc, const std::filesystem::path& file);

// Throws BaselineError naming the file for a missing, unreadable or malformed file.
Baseline load_baseline(const std::filesystem::path& file);
// The same, of `text` as if read from `file`: the one bounded JSON parse (common/json_input.hpp),
// then baseline_from_json.
Baseline parse_baseline_text(std::string_view text, const std::filesystem::path& file);
// An output file (output_file.hpp): whole or not at all, never through a symlink.
void save_baseline(const std::filesystem::path& file, const Baseline& baseline,
                   IfExists if_exists = IfExists::replace);

}  // namespace iogate
