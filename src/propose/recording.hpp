// A known-good recording, as `iogate propose` reads it: the checks that ran on a datastore in a
// known-good state, each with its workload as run and every run's figures, and where and when it
// ran. Read from a baseline (`iogate baseline record`, include/iogate/baseline/baseline.hpp) or
// from results (`iogate check --json` / `--json-dir`, a ctest suite's report directory: the
// results.json of a run, one check's document, or a directory of them; result_reader.hpp).
//
// A baseline is the better input: it holds every repetition (5 runs by default), so the spread of
// the runs is known. Results hold every repetition of a check that repeated, else its one run.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "iogate/datastore/storage_stack.hpp"
#include "iogate/engine/workload.hpp"
#include "iogate/verdicts/verdict.hpp"

namespace iogate {

struct RecordedCheck {
  std::string name;
  std::string description;  // the check's own (results only)
  WorkloadSpec workload;    // as run, read by the one workload codec (run_json.hpp)
  // One sample per run of every figure a proposal can bound: "iops", "mbps", "duration_s",
  // "latency_avg_ms", "latency_max_ms", "latency_p50_ms" ... "latency_p99.99_ms".
  MetricSamples samples;
  std::string measured_at;  // when the check ran (ISO 8601 UTC): its start, else the recording's
  std::string datastore;    // where, when the recording's checks used several datastores
  std::string status;       // results: "pass", "fail", "unstable"; a baseline: ""
  // Why no bound can be proposed from it ("" when one can): it errored, was skipped, or a run
  // was cut short (its figures are not what the storage does).
  std::string unusable;
};

struct Recording {
  std::filesystem::path source;
  std::string kind;   // "baseline" or "results"
  std::string suite;  // the results' suite; a baseline names none
  std::string iogate_version;
  std::string host;
  std::string recorded_at;  // ISO 8601 UTC
  std::string datastore;
  StorageStack stack;  // the fingerprint (only the fields every datastore of the run shares)
  std::vector<RecordedCheck> checks;
};

// Not a recording: "file: what was expected".
class RecordingError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A baseline JSON, a results document or check document, or a directory of check documents.
// Throws RecordingError naming the file for anything else, and for a recording without checks.
Recording load_recording(const std::filesystem::path& path);

}  // namespace iogate
