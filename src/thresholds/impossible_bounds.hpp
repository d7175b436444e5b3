// Private to the threshold parser: bounds of one check that no run can meet together. Such a
// check lints fine and then fails on every storage, which reads as a storage problem; it is a
// mistake in the file and is reported there.
//
// Only bounds that are impossible whatever the storage does are refused:
//   - a bound on a direction the workload never issues (write_iops_min when it only reads), or on
//     the I/Os issued at cmd_priority of a workload without one (prioritized_latency_p99_max);
//   - a floor above the ceiling of the same figure (iops_min = 100 with iops_max = 50; mbps; and
//     each direction's, read_iops_min with read_iops_max);
//   - mbps_min above what iops_max allows: no I/O moves more than block_size bytes (a mix's
//     largest size), so MiB/s is at most iops x block_size / 1 MiB;
//   - duration_max shorter than `duration` in a time-based check (no `size`): the measured window
//     (ramp excluded) lasts the whole duration; only a run cut short (fail-fast, a signal) ends
//     earlier, and that run fails anyway. With `size` too, duration is a cap and the run may end
//     well before it, so nothing is refused there.
// Relative bounds ("90% of baseline") depend on the baseline and are never compared here.
#pragma once

#include <toml++/toml.h>

#include "iogate/thresholds/threshold_file.hpp"
#include "toml_fields.hpp"

namespace iogate::thresholds_detail {

// `expect` is the check's [check.expect] table (for positions), `section` names it.
void reject_impossible_bounds(const Section& section, const toml::table& expect,
                              const Check& check);

}  // namespace iogate::thresholds_detail
