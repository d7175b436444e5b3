// The workload rules (workload_rules.hpp) and validate_workload, which throws the first one broken.
#include "iogate/engine/workload_rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "iogate/common/units.hpp"
#include "iogate/engine/engine.hpp"

namespace iogate {
namespace {

std::string size_of(std::uint64_t bytes) {
  return fmt::format("{} ({} bytes)", format_size(bytes), bytes);
}

std::optional<std::string> percent_problem(double value) {
  if (value >= 0.0 && value <= 100.0) return std::nullopt;
  return fmt::format("expected a percentage from 0 to 100, got {}", value);
}

// 0 is "no cap"; a threshold file leaves the key out for that.
std::optional<std::string> rate_problem(double value) {
  if (value >= 0.0 && std::isfinite(value)) return std::nullopt;
  return fmt::format("expected 0 (no cap) or a positive number, got {}", value);
}

std::optional<std::string> time_problem(std::chrono::nanoseconds value) {
  if (value.count() >= 0) return std::nullopt;
  return fmt::format("expected a duration of 0 or more, got {} ns", value.count());
}

// A time-based run shorter than this ends before most storage completes one I/O (a disk's seek
// alone takes several milliseconds): it would measure nothing and report it as a figure.
constexpr std::chrono::milliseconds kShortestDuration{1};

std::optional<std::string> duration_problem(std::chrono::nanoseconds value) {
  if (auto problem = time_problem(value)) return problem;
  if (value.count() == 0 || value >= kShortestDuration) return std::nullopt;
  return fmt::format(
      "expected 0 (size-based) or at least 1ms, got {} ns: a shorter run ends "
      "before most storage completes an I/O",
      value.count());
}

// A class built in code rather than read from its text: its level in range.
std::optional<std::string> priority_level_problem(IoPriority priority) {
  if (priority.level <= kMaxPriorityLevel) return std::nullopt;
  return fmt::format("expected {}, got level {}", kPriorityExpected, priority.level);
}

// The rules that hold whatever the spec's other fields are.
std::optional<WorkloadProblem> single_value_problem(const WorkloadSpec& spec) {
  const std::pair<WorkloadField, std::optional<std::string>> rules[] = {
      // First: a mix's sizes are what block_size is derived from.
      {WorkloadField::block_mix, block_mix_problem(spec.block_mix)},
      {WorkloadField::block_size, block_size_problem(spec.block_size)},
      {WorkloadField::read_pct, percent_problem(spec.read_pct)},
      {WorkloadField::random_pct, percent_problem(spec.random_pct)},
      {WorkloadField::queue_depth, queue_depth_problem(spec.queue_depth)},
      {WorkloadField::duration, duration_problem(spec.duration)},
      {WorkloadField::ramp, time_problem(spec.ramp)},
      {WorkloadField::workers, workers_problem(spec.workers)},
      {WorkloadField::rate_iops, rate_problem(spec.rate_iops)},
      {WorkloadField::rate_mbps, rate_problem(spec.rate_mbps)},
      {WorkloadField::random_distribution, random_distribution_problem(spec.random_distribution)},
      {WorkloadField::think_time, time_problem(spec.think_time)},
      {WorkloadField::think_blocks, think_blocks_problem(spec.think_blocks)},
      {WorkloadField::priority, priority_level_problem(spec.priority)},
      {WorkloadField::cmd_priority, priority_level_problem(spec.cmd_priority)},
  };
  for (const auto& [field, problem] : rules)
    if (problem) return WorkloadProblem{field, *problem};
  return std::nullopt;
}

// A file that is not written through holds blocks that read back without reaching the device
// (preallocated: unwritten extents read as zeros) or that do not exist yet (grown): only a
// workload that writes every block before it reads it may use one. An integrity workload does
// (its write pass covers each worker's whole region); a mixed one with reads does not.
std::optional<WorkloadProblem> layout_problem(const WorkloadSpec& spec) {
  if (spec.layout == FileLayout::written || spec.kind == WorkloadKind::integrity ||
      spec.read_pct == 0)
    return std::nullopt;
  const char* why = spec.layout == FileLayout::preallocated
                        ? "a preallocated file's unwritten extents read back as zeros without "
                          "touching the device"
                        : "a grown file starts empty, so the reads would find blocks nobody wrote";
  return WorkloadProblem{
      WorkloadField::layout,
      fmt::format(R"(expected "written" for a workload that reads (read {}%): {})", spec.read_pct,
                  why)};
}

// The layout's own write size: only a written file is laid out by writing, and the layout writes
// in whole, aligned pieces the page cache and the device take as they are.
std::optional<WorkloadProblem> layout_write_size_problem(const WorkloadSpec& spec) {
  const std::uint64_t size = spec.layout_write_size;
  if (size == 0) return std::nullopt;
  if (spec.layout != FileLayout::written) {
    return WorkloadProblem{
        WorkloadField::layout_write_size,
        fmt::format(R"(applies to layout = "written" only (a {} file is not laid out by writing))",
                    kFileLayouts.name(spec.layout))};
  }
  if (size % kLayoutWriteGrain != 0 || size < kLayoutWriteGrain || size > kMaxLayoutWriteSize) {
    return WorkloadProblem{
        WorkloadField::layout_write_size,
        fmt::format("expected a multiple of {} from {} to {}, got {}",
                    format_size(kLayoutWriteGrain), format_size(kLayoutWriteGrain),
                    format_size(kMaxLayoutWriteSize), size_of(size))};
  }
  return std::nullopt;
}

// A mix against the rest of the spec (see workload.hpp): block_size is its grain, and the
// verifier stamps blocks of one size.
std::optional<WorkloadProblem> mix_problem(const WorkloadSpec& spec) {
  if (spec.block_mix.empty()) return std::nullopt;
  const std::uint64_t smallest = block_size_of_mix(spec.block_mix);
  if (spec.block_size != smallest) {
    return WorkloadProblem{
        WorkloadField::block_size,
        fmt::format("expected the block-size mix's smallest size, {}, got {}: with a mix, "
                    "block_size is the grain offsets and sizes are aligned to",
                    format_size(smallest), format_size(spec.block_size))};
  }
  if (spec.kind == WorkloadKind::integrity || spec.verify) {
    return WorkloadProblem{
        WorkloadField::block_mix,
        fmt::format("expected one block size with {}: verification stamps and checks blocks of "
                    "one size (give block_size alone, or leave verification off)",
                    spec.kind == WorkloadKind::integrity ? "kind = integrity" : "verify")};
  }
  return std::nullopt;
}

// A skewed distribution places random I/Os; a workload without them would silently ignore it, as
// fio does, and measure something other than what its file says.
std::optional<WorkloadProblem> distribution_problem(const WorkloadSpec& spec) {
  if (spec.random_distribution.uniform()) return std::nullopt;
  const std::string text = distribution_text(spec.random_distribution);
  if (spec.kind == WorkloadKind::integrity) {
    return WorkloadProblem{
        WorkloadField::random_distribution,
        fmt::format("{} places random I/Os, and kind = integrity writes and reads its file in "
                    "order: leave the distribution out",
                    text)};
  }
  if (spec.random_pct > 0) return std::nullopt;
  return WorkloadProblem{
      WorkloadField::random_distribution,
      fmt::format("{} places random I/Os, and this workload issues none (random 0%): set random "
                  "above 0, or leave the distribution out",
                  text)};
}

// think_blocks counts I/Os between pauses: without a pause it says nothing, and an integrity
// pass has no application between its I/Os to think.
std::optional<WorkloadProblem> think_problem(const WorkloadSpec& spec) {
  if (spec.think_time.count() == 0) {
    if (spec.think_blocks == 1) return std::nullopt;
    return WorkloadProblem{WorkloadField::think_blocks,
                           fmt::format("counts the I/Os between think-time pauses, and there is no "
                                       "think_time: give one, or leave think_blocks out (got {})",
                                       spec.think_blocks)};
  }
  if (spec.kind != WorkloadKind::integrity) return std::nullopt;
  return WorkloadProblem{WorkloadField::think_time,
                         "kind = integrity writes and reads its file back without pauses: leave "
                         "think_time out"};
}

// A steady-state rule on its own (steady_state.hpp), then against the workload: an integrity pass
// writes and reads its file once, with no window to wait in.
std::optional<WorkloadProblem> steady_problem(const WorkloadSpec& spec) {
  if (auto problem = steady_state_problem(spec.steady_state)) {
    constexpr WorkloadField kFields[] = {WorkloadField::steady_state, WorkloadField::steady_window,
                                         WorkloadField::steady_interval, WorkloadField::steady_max};
    return WorkloadProblem{kFields[static_cast<std::size_t>(problem->part)],
                           std::move(problem->expected)};
  }
  if (!spec.steady_state.enabled() || spec.kind != WorkloadKind::integrity) return std::nullopt;
  return WorkloadProblem{WorkloadField::steady_state,
                         "kind = integrity writes and reads its file back once, with no steady "
                         "state to wait for: leave steady_state out"};
}

// A process spaces the issues of a rate cap: poisson without one would be silently ignored.
std::optional<WorkloadProblem> rate_process_problem(const WorkloadSpec& spec) {
  if (spec.rate_process == RateProcess::linear || spec.rate_iops > 0 || spec.rate_mbps > 0)
    return std::nullopt;
  return WorkloadProblem{WorkloadField::rate_process,
                         "poisson spaces the issues of a rate cap, and there is none: give "
                         "rate_iops or rate_mbps, or leave rate_process out"};
}

// An alignment of random offsets: a whole number of grains, so each I/O still starts on one, and
// small enough that a worker's region, in whole multiples of it, holds the largest I/O. Above the
// grain it places random I/Os only: a workload without them would silently ignore it.
std::optional<WorkloadProblem> block_align_problem(const WorkloadSpec& spec) {
  const std::uint64_t align = spec.block_align;
  if (align == 0) return std::nullopt;
  if (align % spec.block_size != 0) {
    return WorkloadProblem{
        WorkloadField::block_align,
        fmt::format("expected a multiple of block_size ({}): random offsets stay on the grain "
                    "every I/O is sized in, got {}",
                    format_size(spec.block_size), size_of(align))};
  }
  // Regions are whole multiples of the alignment (worker_set.cpp): each must still hold the
  // largest I/O.
  const std::uint64_t region = spec.file_size / spec.workers / align * align;
  if (region < largest_block_size(spec)) {
    return WorkloadProblem{
        WorkloadField::block_align,
        fmt::format("expected at most a worker's share of file_size ({}) that still holds the "
                    "largest block ({}) in whole multiples of it, got {}",
                    format_size(spec.file_size / spec.workers),
                    format_size(largest_block_size(spec)), format_size(align))};
  }
  if (align == spec.block_size) return std::nullopt;
  if (spec.kind == WorkloadKind::integrity || spec.random_pct == 0) {
    return WorkloadProblem{
        WorkloadField::block_align,
        fmt::format("{} aligns random I/Os, and this workload issues none ({}): set random above "
                    "0, or leave block_align out",
                    format_size(align),
                    spec.kind == WorkloadKind::integrity ? "kind = integrity" : "random 0%")};
  }
  return std::nullopt;
}

// A share at another class: both halves given, the share a real one, and an engine that gives
// each I/O its own class (psync has only its thread's: one class for every I/O is `priority`).
std::optional<WorkloadProblem> cmd_priority_problem(const WorkloadSpec& spec) {
  const double pct = spec.cmd_priority_pct;
  if (!spec.cmd_priority.set()) {
    if (pct == 0) return std::nullopt;
    return WorkloadProblem{WorkloadField::cmd_priority_pct,
                           fmt::format("is the share of the I/Os issued at cmd_priority, and there "
                                       "is none: give cmd_priority, or leave cmd_priority_pct out "
                                       "(got {})",
                                       pct)};
  }
  if (!(pct > 0 && pct <= 100)) {
    return WorkloadProblem{WorkloadField::cmd_priority_pct,
                           fmt::format("expected the share of the I/Os issued at cmd_priority, a "
                                       "percentage above 0 and at most 100, got {}",
                                       pct)};
  }
  if (spec.engine != "psync") return std::nullopt;
  return WorkloadProblem{WorkloadField::cmd_priority,
                         "gives each I/O a class of its own, which needs an engine that carries "
                         "one per request (io_uring or libaio); psync has only its thread's: use "
                         "priority for one class on every I/O"};
}

// Sizes against each other, once each value is sane on its own (block_size > 0, workers >= 1).
std::optional<WorkloadProblem> cross_field_problem(const WorkloadSpec& spec) {
  if (auto problem = mix_problem(spec)) return problem;
  // The grain (block_size) aligns; the largest I/O (block_size, or a mix's largest) must fit.
  const std::uint64_t largest = largest_block_size(spec);
  const std::string block = format_size(largest);
  if (spec.file_size < largest) {
    return WorkloadProblem{
        WorkloadField::file_size,
        fmt::format("must hold at least one block ({}), got {}", block, size_of(spec.file_size))};
  }
  if (spec.direct && spec.file_size % kSectorSize != 0) {
    return WorkloadProblem{WorkloadField::file_size,
                           fmt::format("must be a multiple of {} bytes with direct I/O, got {}",
                                       kSectorSize, size_of(spec.file_size))};
  }
  // Each worker has its own region of the file and its own share of the bytes to transfer.
  const std::uint64_t workers = spec.workers;
  if (spec.file_size / workers < largest) {
    return WorkloadProblem{
        WorkloadField::workers,
        fmt::format("each of {} workers needs at least one block ({}) of file_size, got {}",
                    workers, block, size_of(spec.file_size))};
  }
  if (spec.io_size != 0 && spec.io_size / spec.block_size < workers) {
    return WorkloadProblem{
        WorkloadField::workers,
        fmt::format("each of {} workers needs at least one block ({}) of the size to transfer, "
                    "got {}",
                    workers, format_size(spec.block_size), size_of(spec.io_size))};
  }
  if (auto problem = layout_problem(spec)) return problem;
  if (auto problem = layout_write_size_problem(spec)) return problem;
  if (auto problem = distribution_problem(spec)) return problem;
  if (auto problem = think_problem(spec)) return problem;
  if (auto problem = steady_problem(spec)) return problem;
  if (auto problem = rate_process_problem(spec)) return problem;
  if (auto problem = block_align_problem(spec)) return problem;
  if (auto problem = cmd_priority_problem(spec)) return problem;
  if (spec.kind == WorkloadKind::integrity) return std::nullopt;  // its size is the file's
  if (spec.io_size == 0 && spec.duration.count() == 0) {
    return WorkloadProblem{
        WorkloadField::io_size,
        "one of io_size (size-based) or duration (time-based) must be greater than 0"};
  }
  if (spec.io_size % spec.block_size != 0) {
    return WorkloadProblem{WorkloadField::io_size,
                           fmt::format("must be a multiple of block_size ({}), got {}",
                                       format_size(spec.block_size), size_of(spec.io_size))};
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> block_size_problem(std::uint64_t bytes) {
  if (bytes == 0 || bytes % kSectorSize != 0) {
    // With direct = false too: an integrity workload's read pass reopens the file with O_DIRECT
    // wherever the filesystem has it, and a spec should not turn invalid by flipping `direct`.
    return fmt::format("expected a positive multiple of {} bytes, got {}", kSectorSize,
                       size_of(bytes));
  }
  if (bytes > kMaxBlockSize) {
    return fmt::format("expected a block size of at most {}, got {}", format_size(kMaxBlockSize),
                       format_size(bytes));
  }
  return std::nullopt;
}

std::optional<std::string> queue_depth_problem(std::int64_t depth) {
  if (depth >= 1 && depth <= kMaxQueueDepth) return std::nullopt;
  return fmt::format("expected a queue depth from 1 to {}, got {}", kMaxQueueDepth, depth);
}

std::optional<std::string> workers_problem(std::int64_t workers) {
  if (workers >= 1 && workers <= kMaxWorkers) return std::nullopt;
  return fmt::format("expected a number of workers from 1 to {}, got {}", kMaxWorkers, workers);
}

std::optional<std::string> think_blocks_problem(std::int64_t blocks) {
  if (blocks >= 1 && blocks <= kMaxThinkBlocks) return std::nullopt;
  return fmt::format("expected a number of I/Os between pauses from 1 to {}, got {}",
                     kMaxThinkBlocks, blocks);
}

std::optional<std::string> block_mix_problem(const std::vector<BlockSizeShare>& mix) {
  if (mix.empty()) return std::nullopt;
  if (mix.size() > kMaxBlockMixSizes) {
    return fmt::format("expected at most {} block sizes in a mix, got {}", kMaxBlockMixSizes,
                       mix.size());
  }
  double sum = 0;
  for (std::size_t i = 0; i < mix.size(); ++i) {
    const BlockSizeShare& share = mix[i];
    if (auto problem = block_size_problem(share.block_size))
      return fmt::format("size {} of the mix: {}", i + 1, *problem);
    if (!(share.pct > 0 && share.pct <= 100)) {
      return fmt::format(
          "size {} of the mix ({}): expected a share above 0% and at most 100%, "
          "got {}%",
          i + 1, format_size(share.block_size), share.pct);
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (mix[j].block_size == share.block_size) {
        return fmt::format(
            "size {} of the mix: {} is given twice (sizes {} and {}); give each "
            "size once with its whole share",
            i + 1, format_size(share.block_size), j + 1, i + 1);
      }
    }
    sum += share.pct;
  }
  // Once every size is valid on its own: against the smallest.
  const std::uint64_t smallest = block_size_of_mix(mix);
  for (std::size_t i = 0; i < mix.size(); ++i) {
    if (mix[i].block_size % smallest != 0) {
      return fmt::format(
          "size {} of the mix: expected a multiple of the smallest size, {}, got "
          "{}: offsets and the size budget are counted in the smallest size",
          i + 1, format_size(smallest), size_of(mix[i].block_size));
    }
  }
  // The tolerance itself included: 3 x 33.3 is 99.89999999999999 in binary.
  if (std::fabs(sum - 100.0) > kBlockMixSumTolerance + 1e-9) {
    return fmt::format("expected the shares of the mix to sum to 100%, got {}%", sum);
  }
  return std::nullopt;
}

std::optional<WorkloadProblem> find_workload_problem(const WorkloadSpec& spec) {
  if (auto problem = single_value_problem(spec)) return problem;
  return cross_field_problem(spec);
}

InvalidWorkload::InvalidWorkload(WorkloadProblem problem)
    : std::invalid_argument(
          fmt::format("workload {}: {}", workload_key(problem.field), problem.expected)),
      problem_(std::move(problem)) {}

void validate_workload(const WorkloadSpec& spec) {
  if (auto problem = find_workload_problem(spec)) throw InvalidWorkload(std::move(*problem));
}

std::optional<std::uint64_t> implied_file_size(std::optional<std::uint64_t> io_size) {
  return io_size;
}

bool verifies(WorkloadKind kind, bool verify) { return verify || kind == WorkloadKind::integrity; }

}  // namespace iogate
