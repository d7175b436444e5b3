// The preflight: what is known before the first I/O is refused before it. Run once per invocation
// (`iogate check`, `run`, `baseline record`, a suite executable: CheckRunner::preflight, or
// preflight() for `iogate run`, which has no runner) after the threshold file and the flags are
// read and before any scratch area, lock, layout or measurement. A refusal is bad input: the
// front end says every reason and exits 2 with nothing laid out and no report written, as for a
// bad threshold file or a missing baseline.
//
// What it refuses, each reason naming the datastore or the check:
//   1. a datastore on a pseudo filesystem of the kernel (proc, sysfs, devtmpfs, ...), and
//   2. one mounted read-only (iogate/datastore/volume_facts.hpp): no check could start there;
//   3. a check whose test file cannot fit: the scratch area's own rule (its file_size plus 10%,
//      InsufficientSpace's words), check by check as the runner applies it, against the free
//      space plus what iogate's scratch directories there hold (scratch_bytes: files a run keeps
//      for its later checks make way for a check that lacks room). Every such check is named;
//   4. a check that cannot run on this host: no usable engine (IOGATE_DISABLE_ENGINES naming all of
//      them, a named engine not built in) or a CPU it may not use (unrunnable_here, engine.hpp).
// What only happens during a run (a disk filling up, EIO, an unmount) stays each check's error.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "iogate/datastore/volume_facts.hpp"
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

// Reads the datastore (nothing is written, created or locked) and throws PreflightRefusal when
// preflight_reasons finds any.
void preflight(const std::vector<Check>& checks, const DatastoreChoice& datastore,
               bool engines = true);

}  // namespace iogate
