// The figures of one engine run, computed once; writers and verdicts only read them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/engine/histogram.hpp"
#include "iogate/engine/io_backend.hpp"
#include "iogate/engine/steady_state.hpp"

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

// How a direction's figures are named beside the run's, wherever figures have names: "read_iops",
// "write_latency_p99_ms", the bound read_iops_min. The one place the prefixes are spelled.
constexpr std::string_view direction_prefix(IoDirection d) {
  return d == IoDirection::read ? "read_" : "write_";
}
// The direction `name` starts with, taken off it; none (name unchanged) for the run's figures.
constexpr std::optional<IoDirection> take_direction_prefix(std::string_view& name) {
  for (const IoDirection d : {IoDirection::read, IoDirection::write}) {
    if (name.starts_with(direction_prefix(d))) {
      name.remove_prefix(direction_prefix(d).size());
      return d;
    }
  }
  return std::nullopt;
}

// How the latency figures of the I/Os issued at a workload's cmd_priority are named:
// "prioritized_latency_p99_ms", the bound prioritized_latency_p99_max.
inline constexpr std::string_view kPrioritizedPrefix = "prioritized_";
// Whether `name` starts with it, taken off it.
constexpr bool take_prioritized_prefix(std::string_view& name) {
  if (!name.starts_with(kPrioritizedPrefix)) return false;
  name.remove_prefix(kPrioritizedPrefix.size());
  return true;
}

// A histogram's figures in milliseconds, as bounds, results and reports read latencies.
inline double avg_ms(const LatencyHistogram& h) { return h.mean_ns() / 1e6; }
inline double max_ms(const LatencyHistogram& h) { return static_cast<double>(h.max_ns()) / 1e6; }
inline double min_ms(const LatencyHistogram& h) { return static_cast<double>(h.min_ns()) / 1e6; }
inline double percentile_ms(const LatencyHistogram& h, double q) {
  return h.percentile_ns(q) / 1e6;
}

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
  // How the steady-state phase before the measured window ended; none for a workload without one.
  std::optional<SteadyStateOutcome> steady_state;

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

  LatencyHistogram latency;  // per-I/O, submit to completion, every I/O of the run
  // The same by direction, for the read and write figures of a mixed workload (IOMeter's,
  // DiskSpd's and fio's). `latency` is their merge: the engine records each I/O in its
  // direction's histogram only, one record per I/O as before, and merges the two
  // (merge_direction_latencies) before it hands a result over. A results file written before
  // they were kept reads back with them empty, except for a run of one direction, whose
  // histogram is the run's (run_json.hpp).
  LatencyHistogram read_latency;
  LatencyHistogram write_latency;
  // A workload with a cmd_priority: the I/Os issued at it and the others, apart (each I/O in
  // one of the two besides its direction's). Both empty without one.
  LatencyHistogram prioritized_latency;
  LatencyHistogram unprioritized_latency;
  double cpu_process_pct = 0;  // this process, user+sys, % of one core
  double cpu_system_pct = 0;   // whole machine, busy share of all cores (IOMeter's % CPU)
  std::vector<IntervalSample> intervals;  // 1 s each, plus a partial last one if it saw I/O

  std::uint64_t bytes() const { return bytes_read + bytes_written; }
  std::uint64_t ios() const { return ios_read + ios_written; }
  double iops() const;
  double mbps() const;  // MiB/s
  double lat_avg_ms() const { return avg_ms(latency); }
  double lat_max_ms() const { return max_ms(latency); }
  double lat_percentile_ms(double q) const { return percentile_ms(latency, q); }

  // One direction's share of the run. Its figures exist only when the run did I/O that way
  // (has_direction): a pure-read run has no write figures at all, rather than zeros that look
  // measured, and a direction's latencies only when its histogram holds them.
  std::uint64_t ios_of(IoDirection d) const {
    return d == IoDirection::read ? ios_read : ios_written;
  }
  std::uint64_t bytes_of(IoDirection d) const {
    return d == IoDirection::read ? bytes_read : bytes_written;
  }
  const LatencyHistogram& latency_of(IoDirection d) const {
    return d == IoDirection::read ? read_latency : write_latency;
  }
  bool has_direction(IoDirection d) const { return ios_of(d) > 0; }
  double iops_of(IoDirection d) const;
  double mbps_of(IoDirection d) const;  // MiB/s

  // latency = read_latency merged with write_latency.
  void merge_direction_latencies();
};

}  // namespace iogate
