// What the engine runs: one workload on one file. Knows nothing of thresholds or verdicts.
//
// IOMeter semantics: `read_pct` and `random_pct` are per-I/O probabilities. An I/O that is not
// random continues where the previous one ended (wrapping to the file's start), so random_pct = 0
// is a purely sequential stream and 100 a uniform one over the file, aligned to block_size.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

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

struct WorkloadSpec {
  std::uint64_t block_size = 4096;
  double read_pct = 0.0;    // 0..100
  double random_pct = 0.0;  // 0..100
  unsigned queue_depth = 1;
  std::uint64_t file_size = 0;           // size of the test file the workload addresses
  std::uint64_t io_size = 0;             // size-based: bytes to transfer after ramp (0: time-based)
  std::chrono::nanoseconds duration{0};  // time-based measurement window (after ramp); with
                                         // io_size set too, a cap: whichever comes first
  std::chrono::nanoseconds ramp{0};      // run but excluded from every figure
  bool direct = true;                    // O_DIRECT with aligned buffers
  FlushPolicy flush = FlushPolicy::end;
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
};

}  // namespace iogate
