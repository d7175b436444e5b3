// The preflight: what is known before the first I/O is refused before it. Run once per invocation
// (`iogate check`, `run`, `baseline record`, a suite executable: CheckRunner::preflight, or
// preflight() for `iogate run`, which has no runner) after the threshold file and the flags are
// read and before any scratch area, lock, layout or measurement. A refusal is bad input: the
// front end says every reason and exits 2 with nothing laid out and no report written, as for a
// bad threshold file or a missing baseline.
//
// What it refuses, each reason naming the datastore or the check:
//   1. a datastore on a pseudo filesystem of the kernel (proc, sysfs, devtmpfs, ...), and
//   2. one mounted read-only (datastore/volume_facts.hpp): no check could start there;
//   3. a check whose test file cannot fit: the scratch area's own rule (its file_size plus 10%,
//      InsufficientSpace's words), check by check as the runner applies it, against the free
//      space plus what iogate's scratch directories there hold (scratch_bytes: files a run keeps
//      for its later checks make way for a check that lacks room). Every such check is named;
//   4. a check that cannot run on this host: no usable engine (IOGATE_DISABLE_ENGINES naming all of
//      them, a named engine not built in) or a CPU it may not use (unrunnable_here, engine.hpp);
//   5. with --strict-baseline, a baseline recorded on another host, datastore or filesystem
//      (baseline_provenance, strict_baseline_refusal: baseline.hpp) when a check to run bounds a
//      figure by it: each such check would be that error, after its file was laid out.
// What only happens during a run (a disk filling up, EIO, an unmount) stays each check's error.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "datastore/volume_facts.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/runner/run_settings.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {

// Every reason found, one a line (reasons()); what() is them all, joined by newlines.
class PreflightRefusal : public std::runtime_error {
 public:
  explicit PreflightRefusal(std::vector<std::string> reasons);
  const std::vector<std::string>& reasons() const { return reasons_; }

 private:
  std::vector<std::string> reasons_;
};

// The rule, from what was read: `facts` of the datastore's filesystem (none: nothing to examine,
// reasons 1-3 are left to the datastore's own checks), `scratch` the bytes its iogate scratch
// directories hold, and with `engines` each check's engine and CPUs (off when the runner was
// given a backend of its own). Empty when nothing is refused.
std::vector<std::string> preflight_reasons(const std::vector<Check>& checks,
                                           const std::filesystem::path& datastore,
                                           const std::optional<VolumeFacts>& facts,
                                           std::uint64_t scratch, bool engines);

// Reason 5, from what was read: `baseline` as --strict-baseline holds it to this `host`,
// `datastore` and its storage `stack`; nullopt when it was recorded here or no check in `checks`
// bounds a figure by it ("N% of baseline", the check recorded in it).
std::optional<std::string> strict_baseline_reason(const std::vector<Check>& checks,
                                                  const Baseline& baseline, const std::string& host,
                                                  const std::filesystem::path& datastore,
                                                  const StorageStack& stack);

// The baseline a run is held to under --strict-baseline (CheckRunner::preflight); none: reason 5
// is not looked for.
struct StrictBaseline {
  const Baseline* baseline = nullptr;
  std::string host;  // this host's name, as baselines record it
};

// Reads the datastore (nothing is written, created or locked) and throws PreflightRefusal when
// preflight_reasons or strict_baseline_reason finds any.
void preflight(const std::vector<Check>& checks, const DatastoreChoice& datastore,
               bool engines = true, const StrictBaseline& strict = {});

}  // namespace iogate
