// What the engine runs: one workload on one file. Knows nothing of thresholds or verdicts.
//
// IOMeter semantics: `read_pct` and `random_pct` are per-I/O probabilities. An I/O that is not
// random continues where the previous one ended (wrapping to the file's start), so random_pct = 0
// is a purely sequential stream and 100 a uniform one over the file, aligned to block_size.
//
// Block-size mixes (`block_mix`, fio's bssplit=4k/60:64k/40, an IOMeter access specification of
// several lines), with fio's semantics:
//   - each I/O draws its size by the shares, independently of its direction and randomness:
//     shares count I/Os, not bytes (60% of the I/Os are 4 KiB, carrying 8.6% of the bytes);
//   - block_size is the mix's smallest size, and must be set so (validate_workload refuses
//     another; block_size_of_mix() gives it): it is the grain of everything sized in blocks —
//     random offsets are aligned to it (fio's default blockalign, the smallest bs), worker
//     regions and shares of io_size are whole multiples of it;
//   - every size is a multiple of the smallest (so offsets, regions and the size budget stay in
//     whole grains; IOMeter's and fio's mixes are powers of two), and under O_DIRECT a multiple
//     of the device's logical block;
//   - a random I/O of size S starts at a grain-aligned offset in [0, file_size - S]; a sequential
//     one continues where the previously issued I/O ended and wraps to 0 when S would pass the
//     end of the file (or its worker's region);
//   - a size-based run transfers exactly io_size: when the drawn size does not fit what is left
//     of the budget, the largest size of the mix that fits is issued instead (fio does the same);
//   - buffers are sized for the largest size (largest_block_size()), and rate_mbps paces by
//     each I/O's own size;
//   - verify (and kind = integrity) stamps blocks of one size: a mix is refused with them.
// An empty block_mix (the default) is one size: every I/O is block_size.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/engine/cpu_affinity.hpp"
#include "iogate/engine/io_backend.hpp"
#include "iogate/engine/io_priority.hpp"
#include "iogate/engine/random_distribution.hpp"
#include "iogate/engine/steady_state.hpp"

namespace iogate {

enum class FlushPolicy {
  none,  // stop the clock when the last I/O completes (page cache included, like plain `dd`)
  end,   // fdatasync before the clock stops, so written data is on stable storage
};

enum class WorkloadKind {
  mixed,      // the read/random mix above, measured
  integrity,  // write the whole file (each worker its region) sequentially, fdatasync, then read
              // it all back with O_DIRECT verifying every block; see verify.hpp
};

// How the test file holds its blocks when the run starts (made by the scratch area, see
// iogate/datastore/scratch_area.hpp). Each mimics a tool whose figures users compare with:
enum class FileLayout {
  // Every block written through before the run: what IOMeter does to prepare iobw.tst and fio
  // when it lays out its file ("Laying out IO file"). Measured writes overwrite allocated, written
  // blocks; reads reach the device. The default, for every workload: it is what the tools that
  // shipped checks come from do, and the only layout a read test can use.
  written,
  // fallocate only: unwritten extents the filesystem converts as the run writes them (each first
  // write of an extent also changes its metadata). For workloads that do not read (a read of an
  // unwritten extent returns zeros without touching the device), and kind = integrity, whose
  // write pass covers every block its read pass reads. What iogate did for write-only workloads
  // before layouts were chosen.
  preallocated,
  // The file starts empty and the run's own writes grow it: what `dd` to a new file does (seed
  // 000). Each write past the end also allocates its blocks and moves the file's size. The same
  // rule as preallocated: workloads that do not read, and kind = integrity. The engine accepts
  // a file shorter than file_size for it; the scratch area still reserves file_size.
  grown,
};

// How a rate cap spaces its issues (fio's rate_process, in fio's spelling).
enum class RateProcess {
  // One issue every 1/rate seconds: latency at a steady load (the default).
  linear,
  // Open-loop arrivals as many independent clients make them: the gaps between issues are drawn
  // from an exponential distribution whose mean is the linear gap, so the rate is the same on
  // average while issues cluster and thin out as a Poisson process does. The gaps come from the
  // worker's own generator, seeded from its seed: a run with a fixed seed repeats them.
  poisson,
};

// One block size of a mix and its share of the I/Os: fio's `bssplit=4k/60:64k/40`, the lines of
// an IOMeter access specification ("% of access specification").
struct BlockSizeShare {
  std::uint64_t block_size = 0;
  double pct = 0;  // share of the I/Os issued at this size, 0..100; a mix's shares sum to 100
};

struct WorkloadSpec {
  std::uint64_t block_size = 4096;
  double read_pct = 0.0;    // 0..100
  double random_pct = 0.0;  // 0..100
  // Where the random I/Os land: uniformly (the default) or skewed (random_distribution.hpp).
  RandomDistribution random_distribution;
  // What random offsets are multiples of (fio's blockalign); 0: block_size, the grain. A multiple
  // of block_size, so every I/O still starts on the grain: a larger alignment models an
  // application whose records sit on pages larger than its smallest I/O (JESD219's 4 KiB pages
  // under 512-byte I/Os). Distributions count blocks of this size, as fio's do; workers'
  // regions are whole multiples of it, so offsets stay aligned in the file, not just in a region.
  std::uint64_t block_align = 0;
  unsigned queue_depth = 1;
  std::uint64_t file_size = 0;           // size of the test file the workload addresses
  std::uint64_t io_size = 0;             // size-based: bytes to transfer after ramp (0: time-based)
  std::chrono::nanoseconds duration{0};  // time-based measurement window (after ramp); with
                                         // io_size set too, a cap: whichever comes first
  std::chrono::nanoseconds ramp{0};      // run but excluded from every figure
  // After the ramp, run on until the figure it names is steady (steady_state.hpp), also excluded;
  // disabled by default.
  SteadyState steady_state;
  bool direct = true;  // O_DIRECT with aligned buffers
  FlushPolicy flush = FlushPolicy::end;
  // Every write completes only once it is on stable storage (O_DSYNC; FILE_FLAG_WRITE_THROUGH on
  // Windows): a database's log writes, a write cache's worth measured. Separate from `flush`,
  // which syncs once at the end.
  bool write_through = false;
  std::string engine = "psync";  // backend name ("auto" picks the best available)
  std::uint64_t seed = 0;        // 0: a fresh seed per run
  // Threads, each with its own backend and its own region of the file: the file is split into
  // `workers` equal block-aligned regions (a remainder smaller than one region's alignment stays
  // unused) and io_size into `workers` shares of whole blocks. queue_depth is per worker.
  unsigned workers = 1;
  bool verify = false;  // stamp every written block, check every read one (verify.hpp)
  WorkloadKind kind = WorkloadKind::mixed;
  // Issue at a fixed pace (0: as fast as the queue allows); both set: the slower of the two.
  // Split evenly between workers.
  double rate_iops = 0;
  double rate_mbps = 0;  // MiB/s
  // How the capped issues are spaced; poisson needs a cap (validate_workload).
  RateProcess rate_process = RateProcess::linear;
  // A pause after every think_blocks I/Os: the worker waits until those have all completed, then
  // sleeps think_time before it issues again (fio's thinktime and thinktime_blocks, with fio's
  // default trigger on completion): an application that processes what it read before it asks
  // for more, so at most think_blocks I/Os are ever in flight. 0: no pause.
  std::chrono::nanoseconds think_time{0};
  unsigned think_blocks = 1;
  FileLayout layout = FileLayout::written;
  // Several block sizes, each I/O drawing its size by the shares (empty: every I/O is
  // block_size). See the top of this file; block_size must be the smallest of them.
  std::vector<BlockSizeShare> block_mix;
  // The size of the writes that lay out a `written` file; 0: the workload's largest I/O (see
  // layout_write_size_of below).
  std::uint64_t layout_write_size = 0;
  // The I/O priority class of every I/O (fio's prioclass and prio): each worker thread takes it
  // for the run and gives its own back after. None: the thread's own, as before the key existed.
  IoPriority priority;
  // A share of the I/Os issued at another class, each I/O drawn by cmd_priority_pct (fio's
  // cmdprio_percentage, cmdprio_class and cmdprio): QoS under load, the share's latency apart
  // from the rest (RunResult::prioritized_latency). The class travels with each request, so it
  // needs an engine that carries one per I/O (io_uring, libaio; IoBackend::carries_priority).
  IoPriority cmd_priority;
  double cmd_priority_pct = 0;  // 0..100; set exactly when cmd_priority is
  // Which CPU each worker thread runs on (cpu_affinity.hpp): the scheduler's choice by default,
  // DiskSpd's round-robin pinning when asked.
  CpuAffinity cpu_affinity;
};

// The block_size a mix implies: its smallest size (0 for an empty mix).
inline std::uint64_t block_size_of_mix(const std::vector<BlockSizeShare>& mix) {
  std::uint64_t smallest = 0;
  for (const BlockSizeShare& share : mix)
    if (smallest == 0 || share.block_size < smallest) smallest = share.block_size;
  return smallest;
}

// What random offsets are aligned to: block_align, else block_size.
inline std::uint64_t random_alignment(const WorkloadSpec& spec) {
  return spec.block_align != 0 ? spec.block_align : spec.block_size;
}

// The largest single I/O of the workload: what each buffer must hold.
inline std::uint64_t largest_block_size(const WorkloadSpec& spec) {
  std::uint64_t largest = spec.block_size;
  for (const BlockSizeShare& share : spec.block_mix)
    if (share.block_size > largest) largest = share.block_size;
  return largest;
}

// Whether the workload issues I/O that way: reads when read_pct is above 0, writes when it is
// below 100; an integrity pass writes its file and reads it back, so it does both.
inline bool issues(const WorkloadSpec& spec, IoDirection direction) {
  if (spec.kind == WorkloadKind::integrity) return true;
  return direction == IoDirection::read ? spec.read_pct > 0 : spec.read_pct < 100;
}

// What a written layout writes its file in: the size the workload names, else its largest I/O, as
// fio lays its file out in its largest write bs. The file's on-disk history shows in the later
// figures (on a virtual disk a file laid out in 1 MiB writes ran fio's 8 KiB random mix at about
// 0.8 of one laid out in 8 KiB writes), so two checks share a laid-out file only where this
// agrees. A suite that stands in for IOMeter names IOMeter's own size: it prepares iobw.tst in
// 64 KiB writes (128 sectors of 512 bytes, 16 outstanding) whatever its access specifications'
// sizes, and every test of a run then uses that one file.
inline std::uint64_t layout_write_size_of(const WorkloadSpec& spec) {
  return spec.layout_write_size != 0 ? spec.layout_write_size : largest_block_size(spec);
}

// An enum's values beside the names threshold files, flags and JSON use for them: one table per
// enum, from which the name of a value, the value of a name and the list of names (a key's
// choices, workload_keys.cpp) all come.
template <typename E, std::size_t N>
struct NamedValues {
  std::array<E, N> values;
  std::array<std::string_view, N> names;  // string literals, so each is also a C string

  constexpr const char* name(E value) const {
    for (std::size_t i = 0; i < N; ++i)
      if (values[i] == value) return names[i].data();
    return names[0].data();
  }
  // The value named `name` (one of `names`), or nothing.
  constexpr std::optional<E> parse(std::string_view name) const {
    for (std::size_t i = 0; i < N; ++i)
      if (names[i] == name) return values[i];
    return std::nullopt;
  }
};

inline constexpr NamedValues<FlushPolicy, 2> kFlushPolicies{{FlushPolicy::end, FlushPolicy::none},
                                                            {"end", "none"}};
inline constexpr NamedValues<WorkloadKind, 2> kWorkloadKinds{
    {WorkloadKind::mixed, WorkloadKind::integrity}, {"mixed", "integrity"}};
inline constexpr NamedValues<FileLayout, 3> kFileLayouts{
    {FileLayout::written, FileLayout::preallocated, FileLayout::grown},
    {"written", "preallocated", "grown"}};
// fio's names.
inline constexpr NamedValues<RateProcess, 2> kRateProcesses{
    {RateProcess::linear, RateProcess::poisson}, {"linear", "poisson"}};

}  // namespace iogate
