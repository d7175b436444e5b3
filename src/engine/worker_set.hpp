// The workers of one run: each its region of the file, its share of io_size and of the rate
// cap, its own backend, buffers, offset seed and (verified runs) BlockVerifier. A run is one or
// more passes over the same workers (an integrity workload makes two); each pass runs every
// worker's loop on its own thread (a single worker on the caller's) and merges the results.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aligned_buffer.hpp"
#include "iogate/engine/engine.hpp"
#include "verify/block_verifier.hpp"
#include "workload_file.hpp"

namespace iogate {

struct Worker {
  unsigned index = 0;
  WorkloadSpec spec;  // this worker's share; file_size is its region's size
  std::uint64_t region_offset = 0;
  std::size_t stride = 0;
  unsigned depth = 1;
  // Buffers before the backend: an asynchronous backend's destructor may wait for I/O into them.
  AlignedBuffer read_buffers;
  AlignedBuffer write_buffers;
  std::unique_ptr<BlockVerifier> verifier;
  std::unique_ptr<IoBackend> backend;
  std::string note;
  std::optional<unsigned> cpu;  // the CPU it is pinned to (cpu_affinity.hpp), or the scheduler's
};

// One worker per spec.workers, backends made (options.backend / backend_factory / select_backend)
// and buffers allocated for reads and writes as `spec` needs (both for integrity runs).
std::vector<Worker> make_workers(const WorkloadSpec& spec, std::size_t alignment,
                                 RunOptions& options);

// Runs one pass, each worker setting its backend up on its handle of `file` and releasing it on
// its own thread;
// rethrows the first worker's error after stopping and joining the others. When the workers were
// interrupted (and none failed otherwise) it throws one Interrupted covering all of them.
RunResult run_pass(std::vector<Worker>& workers, WorkloadFile& file, const IntervalHook& hook);

// Adds `worker` (run at the same time) into `into`.
void merge_concurrent(RunResult& into, const RunResult& worker);
// Appends pass `next` (run after `into`) to `into`: counts add up, time adds up.
void append_pass(RunResult& into, const RunResult& next);

}  // namespace iogate
