// The one home of every limit and cross-field rule a WorkloadSpec must meet on its own, before
// any file is opened. Two callers say the same problem in their own frame:
//
//   the threshold parser  file:line:col: check "c": workload.KEY: <expected>  (ThresholdError)
//   the engine            workload KEY: <expected>                            (InvalidWorkload)
//
// A rule returns a WorkloadProblem (which field broke it, what was expected) and never throws, so
// the parser can point at the line where the value was written, [defaults] or the check's own.
// What only the threshold format says (a key written but empty: duration = "0s", rate_iops = 0;
// unknown keys; missing required keys) stays in the parser; the rules that need the file (its
// size, the device's direct-I/O alignment) stay in run_workload.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/engine/workload.hpp"
#include "iogate/engine/workload_keys.hpp"

namespace iogate {

// The largest block (one request). The block layer splits any request at the device's
// max_sectors_kb (128 KiB to a few MiB on real disks), so a bigger block measures the split, not
// the workload; streaming, backup and object-store workloads issue 1 to 16 MiB. fio accepts a bs
// up to what Linux moves in one call (2 GiB - 4 KiB), but every block costs a buffer per queue
// slot per worker (queue_depth x workers of them): 64 MiB leaves room above every real workload
// while keeping one request's memory sane. Threshold files and the engine used to disagree here
// (64 MiB and 1 GiB); this constant is the only one now.
inline constexpr std::uint64_t kMaxBlockSize = std::uint64_t{64} << 20;
// Blocks, and file sizes under O_DIRECT, are multiples of the smallest logical sector.
inline constexpr std::uint64_t kSectorSize = 512;
// A layout_write_size: whole 4 KiB pages up to 16 MiB, the range the scratch area's layout writes
// keep to (src/datastore/layout_pattern.hpp clamps a derived size to it).
inline constexpr std::uint64_t kLayoutWriteGrain = 4096;
inline constexpr std::uint64_t kMaxLayoutWriteSize = std::uint64_t{16} << 20;
inline constexpr std::int64_t kMaxQueueDepth = 4096;
inline constexpr std::int64_t kMaxWorkers = 256;
// I/Os between two think-time pauses: a pause after more than a million I/Os is no think time.
inline constexpr std::int64_t kMaxThinkBlocks = 1 << 20;
// A block-size mix: at most this many sizes (IOMeter's "File Server" has 8, fio's bssplit
// examples fewer), whose shares sum to 100 within kBlockMixSumTolerance percentage points
// (three shares of 33.3 are a third each: the shares are drawn in proportion to their sum).
inline constexpr std::size_t kMaxBlockMixSizes = 64;
inline constexpr double kBlockMixSumTolerance = 0.1;

struct WorkloadProblem {
  WorkloadField field;   // the value that broke the rule (for a cross-field rule, the one named)
  std::string expected;  // "expected a block size of at most 64 MiB, got 1 GiB"
};

// The rules on one value, for a reader that checks each value where it reads it.
std::optional<std::string> block_size_problem(std::uint64_t bytes);
std::optional<std::string> queue_depth_problem(std::int64_t depth);
std::optional<std::string> workers_problem(std::int64_t workers);
std::optional<std::string> think_blocks_problem(std::int64_t blocks);
// A mix on its own: its sizes (each a valid block size, distinct, each a multiple of the
// smallest), its shares (each above 0) and their sum; an empty mix is fine (one size).
std::optional<std::string> block_mix_problem(const std::vector<BlockSizeShare>& mix);

// Every rule, the single-value ones included, on a whole spec: the first one broken, or nothing.
std::optional<WorkloadProblem> find_workload_problem(const WorkloadSpec& spec);

// How a workload is completed from what was given, the same for a threshold file and `iogate
// run` (each says a missing value in its own words: a key, a flag).
//
// The test file of a size-based workload holds what it transfers, as dd's does; a time-based one
// has no default, as in fio: its size decides how much of it a cache holds, which is what the run
// measures. None: it must be given.
std::optional<std::uint64_t> implied_file_size(std::optional<std::uint64_t> io_size);
// An integrity pass verifies every block it reads back, whatever `verify` says, and its record
// says so.
bool verifies(WorkloadKind kind, bool verify);

// What validate_workload (engine.hpp) throws: "workload block_size: expected a block size of at
// most 64 MiB, got 1 GiB". An invalid_argument, so callers that know nothing of it still report it
// as bad input.
class InvalidWorkload : public std::invalid_argument {
 public:
  explicit InvalidWorkload(WorkloadProblem problem);
  const WorkloadProblem& problem() const noexcept { return problem_; }

 private:
  WorkloadProblem problem_;
};

}  // namespace iogate
