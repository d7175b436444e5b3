// The one JSON codec of a WorkloadSpec and a RunResult (nlohmann-json), shared by the results
// documents (result_json.hpp), their reader (result_reader.hpp) and baselines
// (iogate/baseline/baseline.hpp), so that a field is named, written and read back in one place.
// Field names are stable: dashboards and scripts key on them. Units are in the names: _ms, _s,
// mbps (MiB/s), bytes.
//
// Reading is tolerant of what older files lack: a key added after the first version (seed,
// workers, verify, kind, rate_iops, rate_mbps; a run's engine_note, flush_s, cpu figures) reads as
// the field's default, so every baseline and result written since version 1 still loads. A
// missing "layout" reads as the layout such a run had: "written" when it read, "preallocated"
// when it only wrote. A block-size mix is written only when the workload has one
// ("block_mix": [{"block_size", "pct"}], as asked) and so are a run's counts per size
// ("block_sizes": [{"block_size", "ios", "bytes", "ios_pct"}], ios_pct the measured share of
// the run's I/Os, for reading only); missing, they read as one size. Each direction the run
// did I/O in has its own object, "read" and "write", with that direction's iops and mbps (for
// reading only) and latencies, keyed as the run's lat_ keys are; a direction it did not do is
// absent, not zeros. A run of one direction has its histogram once, the run's: that direction's
// buckets are not written again. Missing in a file written before they were kept, a direction's
// latencies read as none, except in a run of one direction, whose latencies are the run's. The
// latency histogram is restored from its buckets: counts, min, max and every percentile are as
// written, and the values inside each bucket are spread so that the mean is the one written too.
// Every value read is checked (json_fields.hpp): a missing, mistyped or out-of-range one, or a
// workload the engine's rules (workload_rules.hpp) refuse, throws ReadBackError naming its key
// path below `where` ("result.duration_s: expected a positive number of seconds, got 0"); an
// unknown layout name throws nlohmann::json::exception naming it.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string_view>

#include "iogate/engine/run_result.hpp"
#include "iogate/engine/workload.hpp"
#include "iogate/engine/workload_keys.hpp"

namespace iogate {

nlohmann::json workload_to_json(const WorkloadSpec& spec);
WorkloadSpec workload_from_json(const nlohmann::json& j, std::string_view where = "");

// The workload as two runs are compared by, wherever they are (a baseline's and now, two hosts'
// in a fleet, two runs of a history): workload_to_json without the seed, which only picks other
// offsets (each run draws a fresh one). Two runs ran one workload when these are equal.
nlohmann::json compared_workload(const WorkloadSpec& spec);

// Only `fields` of compared_workload(spec), one the workload's JSON leaves out (block_mix for one
// size) as null: what an imported baseline states of the workload it ran, so a check that differs
// in one of them is told so, and one that differs only in what the other tool never said is not.
nlohmann::json stated_workload(const WorkloadSpec& spec, std::span<const WorkloadField> fields);

// One field two compared workloads differ in; null on the side that lacks the field.
struct WorkloadChange {
  std::string key;
  nlohmann::json was;
  nlohmann::json now;
};

// What differs between two compared_workload()s: the fields of `now` in its order, then those
// only `was` has. Each caller words them for its reader (a baseline, a fleet note, a history).
std::vector<WorkloadChange> workload_changes(const nlohmann::json& was, const nlohmann::json& now);

// iops, mbps, bytes, ios, lat_avg_ms, lat_max_ms, lat_p99_ms, cpu_pct, duration_s and the rest.
nlohmann::json run_to_json(const RunResult& result);
RunResult run_from_json(const nlohmann::json& j, std::string_view where = "");
// Which latencies a reader restores from their buckets: all of them (the run's, each direction's,
// each priority class's), or the run's alone (`iogate fleet` compares no other): the others'
// buckets are still checked, their histograms left empty, as in a file from before they were
// kept.
enum class RunLatencies { all, run_only };
// The same into `out`, a default-constructed RunResult: a reader that holds one already builds
// no second (each of its five histograms is 58 KiB to allocate and clear, histogram.hpp).
void run_from_json(const nlohmann::json& j, std::string_view where, RunResult& out,
                   RunLatencies latencies = RunLatencies::all);

}  // namespace iogate
