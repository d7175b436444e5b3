// The figures of one engine run, computed once; writers and verdicts only read them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "iogate/engine/histogram.hpp"

namespace iogate {

struct IntervalSample {
  double start_s = 0;   // from the end of ramp-up
  double length_s = 0;  // 1.0 except for the last, partial interval
  std::uint64_t bytes = 0;
  std::uint64_t ios = 0;
  double mbps() const;
  double iops() const;
};

// What the measured window issued at one block size of a mix.
struct BlockSizeCount {
  std::uint64_t block_size = 0;
  std::uint64_t ios = 0;
  std::uint64_t bytes = 0;
  bool operator==(const BlockSizeCount&) const = default;
};

struct RunResult {
  std::string engine;        // backend that ran it
  std::string engine_note;   // how it was chosen: what "auto" passed over and why
  unsigned queue_depth = 1;  // outstanding I/Os actually kept in flight: the spec's
                             // depth capped by the backend (psync: always 1)
  unsigned workers = 1;      // threads, each keeping queue_depth in flight on its own region
  std::uint64_t blocks_verified = 0;  // reads checked against their verify header (verify.hpp)
  std::uint64_t seed = 0;             // offset generator seed used (drawn fresh for spec.seed 0);
                                      // rerun with it to repeat the same I/O sequence
  bool completed = true;              // false when stopped early (by the caller's interval hook)

  // Measured window only (ramp-up excluded); exact counts.
  std::uint64_t bytes_read = 0;
  std::uint64_t bytes_written = 0;
  std::uint64_t ios_read = 0;
  std::uint64_t ios_written = 0;
  double elapsed_s = 0;  // measured window wall time (steady clock), from the end
                         // of ramp-up to the last completion, plus the final flush
                         // when the policy asks for one
  double flush_s = 0;    // time spent in that flush
  // Per block size, smallest first, for a workload with a block_mix; they sum to ios() and
  // bytes(). Empty for one size: every I/O was the workload's block_size.
  std::vector<BlockSizeCount> block_sizes;

  LatencyHistogram latency;    // per-I/O, submit to completion
  double cpu_process_pct = 0;  // this process, user+sys, % of one core
  double cpu_system_pct = 0;   // whole machine, busy share of all cores (IOMeter's % CPU)
  std::vector<IntervalSample> intervals;  // 1 s each, plus a partial last one if it saw I/O

  std::uint64_t bytes() const { return bytes_read + bytes_written; }
  std::uint64_t ios() const { return ios_read + ios_written; }
  double iops() const;
  double mbps() const;  // MiB/s
  double lat_avg_ms() const { return latency.mean_ns() / 1e6; }
  double lat_max_ms() const { return static_cast<double>(latency.max_ns()) / 1e6; }
  double lat_percentile_ms(double q) const { return latency.percentile_ns(q) / 1e6; }
};

}  // namespace iogate
