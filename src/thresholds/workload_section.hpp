// Private to the threshold parser: a check's [check.workload] table, merged over [defaults].
//
// Reading and resolving are two steps because [defaults] is read once, on its own (so a bad value
// there is reported once, as "defaults.KEY"), and then lent to every check that does not set the
// key itself. The workload's own limits and cross-key rules (size a multiple of block_size, a
// block per worker) are the engine's (iogate/engine/workload_rules.hpp), checked on the merged
// result and reported at whichever value broke them, named by the check; only the format's own
// rules (required keys, known keys and values) are here.
#pragma once

#include <toml++/toml.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "iogate/engine/workload.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "toml_fields.hpp"

namespace iogate::thresholds_detail {

// A value as read, with where it was written: "workload.size" or "defaults.size".
template <class T>
struct Field {
  T value;
  toml::source_region where;
  std::string path;
};

// Where a key of the table was written, for errors found after merging.
struct WrittenAt {
  toml::source_region where;
  std::string path;  // "workload.size" or "defaults.size"
};

struct WorkloadFields {
  std::optional<Field<std::uint64_t>> block_size;
  std::optional<Field<double>> read_pct;
  std::optional<Field<double>> random_pct;
  std::optional<Field<RandomDistribution>> random_distribution;
  std::optional<Field<std::uint64_t>> block_align;
  std::optional<Field<unsigned>> queue_depth;
  std::optional<Field<std::uint64_t>> file_size;
  std::optional<Field<std::uint64_t>> io_size;  // key "size"
  std::optional<Field<Nanoseconds>> duration;
  std::optional<Field<Nanoseconds>> ramp;
  std::optional<Field<bool>> direct;
  std::optional<Field<FlushPolicy>> flush;
  std::optional<Field<bool>> write_through;
  std::optional<Field<std::string>> engine;
  std::optional<Field<unsigned>> workers;
  std::optional<Field<bool>> verify;
  std::optional<Field<WorkloadKind>> kind;
  std::optional<Field<double>> rate_iops;
  std::optional<Field<double>> rate_mbps;
  std::optional<Field<RateProcess>> rate_process;
  std::optional<Field<IoPriority>> priority;
  std::optional<Field<IoPriority>> cmd_priority;
  std::optional<Field<double>> cmd_priority_pct;  // key "cmd_priority_share"
  std::optional<Field<Nanoseconds>> think_time;
  std::optional<Field<unsigned>> think_blocks;
  std::optional<Field<SteadyState>> steady_state;  // its criterion only; the times are below
  std::optional<Field<Nanoseconds>> steady_window;
  std::optional<Field<Nanoseconds>> steady_interval;
  std::optional<Field<Nanoseconds>> steady_max;
  std::optional<Field<FileLayout>> layout;
  std::optional<Field<std::vector<BlockSizeShare>>> block_mix;
  std::optional<Field<std::uint64_t>> layout_write_size;
  std::optional<Field<CpuAffinity>> cpu_affinity;
  std::map<std::string, WrittenAt> written;  // every key of the table, by name
};

// Reads and range-checks each key of a workload-shaped table ([defaults] or [check.workload]);
// unknown keys are errors.
WorkloadFields read_workload_fields(const Section& section, const toml::table& table);

// `own` over `defaults` over the format's defaults, then the cross-key rules. `check` names the
// check (its owner label) and `table_where` is where a missing required key is reported.
WorkloadSpec resolve_workload(const WorkloadFields& own, const WorkloadFields& defaults,
                              const Section& check, const toml::source_region& table_where);

}  // namespace iogate::thresholds_detail
