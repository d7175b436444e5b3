// A threshold file is one suite: a TOML document whose [[check]] tables each name a workload and
// what it must reach. The format, key by key, is explained in docs/thresholds.md and
// iogate-thresholds(5); the shipped files under thresholds/ are commented examples.
//
//   [suite]     name (required), profile (the ctest label, default "full"), description,
//               require_mount, require_filesystem, require_device (what the datastore must be)
//   [defaults]  any workload key, lent to every check that does not set it
//   [[check]]   name (unique), description, timeout, [check.workload], [check.expect]
//               or, instead of [check.workload], fio_job = "jobs/seq.fio" (a fio job file,
//               relative to the threshold file) and fio_section = "seq-read" (the job section;
//               required when the file holds several): the job's options are the whole
//               workload, read as fio reads them (src/fio_job/job_mapping.hpp), and
//               [defaults] do not apply to it; a mistake in the job file is reported at its line
//
// Names and profiles are identifiers ([A-Za-z0-9_]+): they become GoogleTest and ctest names.
// Workload defaults: read 0%, random 0%, queue_depth 1, ramp 0, direct true, flush "end",
// engine "auto"; block_size is required, and size or duration (both: size with a time cap);
// file_size defaults to size for a size-based check and is required for a time-based one.
// block_mix = [ { size = "4KiB", pct = 60 }, { size = "64KiB", pct = 40 } ] gives several block
// sizes with their shares of the I/Os (fio's bssplit; the rules are WorkloadSpec's, see
// iogate/engine/workload.hpp); block_size may then be left out, as the mix's smallest size, and
// given must equal it. block_size and block_mix are one choice: a check setting either takes
// neither from [defaults]. An entry's mistake names it: `workload.block_mix[2].pct`.
//
// Expectation keys: iops_min, iops_max, mbps_min, mbps_max (MiB/s), duration_max, latency_avg_max,
// latency_max and latency_pNN[_N]_max (latency_p99_9_max is the 99.9th percentile). Latencies
// must carry a unit ("200ms"): a bare number would be ambiguous between IOMeter's milliseconds
// and the seconds used everywhere else. Each but duration_max may be prefixed read_ or write_ to
// bound one direction's figure of a mixed workload, as IOMeter, DiskSpd and fio report them apart
// (read_iops_min, write_latency_p99_max); a direction the workload does not issue is refused.
//
// Expectations are typed: a metric, a direction (floor or ceiling) and a bound, either absolute
// (300 IOPS, "3m"), relative to a recorded baseline ("90% of baseline", "150% of baseline"; see
// include/iogate/verdicts/evidence.hpp for how bounds are weighed) or relative to the host's peers
// in a fleet ("70% of peers", on iops_min, mbps_min, latency_avg_max and latency_p99_max only:
// judged by `iogate fleet`, never on one host). Beside the bounds,
// [check.expect] may hold cv_max (fail when the runs spread more than this, asked for explicitly)
// and stall_max (fail when a one-second interval falls below this share of the median interval).
// A check without expectations is an error: a check that cannot fail is a defect.
//
// How often a check runs, in [suite] (for every check) or in the check itself (its own wins):
//   repeat      the fewest runs, 1..100 (default 1); it also sets how sure a pass must be
//   repeat_max  the most runs, while an expectation is undecided (default max(repeat, 20))
//   budget      wall time for all of a check's runs ("5m"); in [suite], shared evenly by its
//               checks. Runs stop when the next one would not fit; default: repeat_max bounds it
//   unstable    "fail" (default) or "skip": what ctest shows for a check still undecided when its
//               runs or budget are spent. Fail by default: an undecided gate has not said the
//               storage is fine, and a green mark there would hide it.
//   confirm     true (default) or false: a shortfall is confirmed by a second sample after a pause
//               before it fails the check (verdicts/confirmation.hpp); false takes the first
//               sample's answer
//   confirm_pause  the pause before that second sample ("45s", 1s..1h); default: the longer of 30 s
//               and the first sample's longest run (confirmation_pause())
//
// Every mistake in a file is a ThresholdError pointing at the offending value (or, for a missing
// key, at the table that lacks it) and naming its key as the user would search for it:
// "suite.name", "defaults.ramp", `check "seq_write_8k": workload.block_size`, or `check[3]: name`
// (counting [[check]] tables from 1) before the check has a name.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/checks/check.hpp"
#include "iogate/common/name_limits.hpp"

namespace iogate {

struct ThresholdFile {
  std::filesystem::path path;
  std::string suite;    // [suite] name
  std::string profile;  // [suite] profile, a ctest label: "quick", "full"
  std::string description;
  // [suite] require_mount: the datastore must be a mount point of its own; require_filesystem
  // ("xfs"), require_device ("/dev/sdb1"): it must be on that filesystem type, on that block
  // device (DatastorePolicy). Empty: anything.
  bool require_mount = false;
  std::string require_filesystem;
  std::string require_device;
  std::vector<Check> checks;
};

// Bad input is a ThresholdError (iogate/common/threshold_error.hpp): "file:line:column: key: what
// was expected (got ...)".
ThresholdFile load_threshold_file(const std::filesystem::path& path);
// For tests and fuzzing: parses text as if read from `path`.
ThresholdFile parse_threshold_text(std::string_view text, const std::filesystem::path& path);

}  // namespace iogate
