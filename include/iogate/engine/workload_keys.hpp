// The workload's vocabulary: one row per key, as fio's options table drives its parser, help and
// documentation. A row says how the key is spelt in a threshold file ([check.workload] and
// [defaults]), in a results document's "workload" object and on `iogate run`'s command line,
// what its value may be and a line for the reader in each place.
//
// Every spelling of a workload key lives in this table (src/engine/workload_keys.cpp): the
// threshold parser, `iogate schema`, the TOML and JSON codecs, `iogate run`'s flags and the
// rules' messages look their names up by WorkloadField. Adding a key is one row here, its field in
// WorkloadSpec and its engine code, its reader and writer lines naming the field (see "How to add
// a workload key" in docs/architecture.md).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "iogate/common/key_spec.hpp"

namespace iogate {

// Each key of a workload, named after its WorkloadSpec member.
enum class WorkloadField {
  block_size,
  read_pct,
  random_pct,
  queue_depth,
  file_size,
  io_size,
  duration,
  ramp,
  workers,
  rate_iops,
  rate_mbps,
  layout,
  block_mix,
  layout_write_size,
  random_distribution,
  think_time,
  think_blocks,
  steady_state,
  steady_window,
  steady_interval,
  steady_max,
  rate_process,
  block_align,
  priority,
  cmd_priority,
  cmd_priority_pct,
  direct,
  flush,
  write_through,
  engine,
  verify,
  kind,
  cpu_affinity,
};

struct WorkloadKeyRow {
  WorkloadField field;
  // The threshold-file key (spec.name), the shape of its value and its line in `iogate schema`
  // and the manual. The parser's own limits are this range, and the engine's rules
  // (workload_rules.hpp) keep to the same constants.
  KeySpec spec;
  // The key in a results document's "workload" object; "steady_state.window_s" is "window_s" in
  // its "steady_state" object. Durations are written in seconds, hence their "_s".
  std::string_view json;
  // `iogate run`'s flag and its help line.
  std::string_view flag;
  std::string_view flag_help;
};

// Every row, in the order the parser lists valid keys ("valid keys here are ...").
std::span<const WorkloadKeyRow> workload_key_rows();
const WorkloadKeyRow& workload_key_row(WorkloadField field);

// The threshold-file key that holds `field` ("size" for io_size, "read" for read_pct ...): where
// a broken rule is reported in a threshold file, by the engine in its own words, or traced back to
// the fio line that set it.
inline std::string_view workload_key(WorkloadField field) {
  return workload_key_row(field).spec.name;
}
// Its key in results JSON ("read_pct", "duration_s", "steady_state.window_s").
inline std::string_view workload_json_key(WorkloadField field) {
  return workload_key_row(field).json;
}
// Its `iogate run` flag ("--qd").
inline std::string_view workload_flag(WorkloadField field) { return workload_key_row(field).flag; }

// One entry of block_mix: { size = "4KiB", pct = 60 }.
const TableSpec& block_mix_table();

}  // namespace iogate
