// Making the workers of a run and running one pass over them. See worker_set.hpp.
#include "worker_set.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include "common/interrupt.hpp"
#include "rng.hpp"
#include "steady_state_phase.hpp"
#include "thread_affinity.hpp"
#include "thread_io_priority.hpp"
#include "workload_loop.hpp"

namespace iogate {
namespace {

std::uint64_t fresh_nonzero() {
  std::random_device device;
  std::uint64_t v = 0;
  while (v == 0) v = (std::uint64_t{device()} << 32) ^ device();
  return v;
}

AlignedBuffer allocate(std::size_t bytes, std::size_t alignment, const char* what) {
  try {
    return AlignedBuffer(bytes, alignment);
  } catch (const std::bad_alloc&) {
    throw std::runtime_error("cannot allocate " + std::to_string(bytes) + " bytes of " + what +
                             " buffers (queue depth x the largest block size)");
  }
}

// Non-zero, non-repeating data: some devices compress or deduplicate zeros or repeated blocks.
void fill_pattern(AlignedBuffer& buffer, std::uint64_t seed) {
  Xoshiro256 rng(seed ^ 0x5eed'da7a'b10c'f111ULL);
  for (std::size_t at = 0; at + sizeof(std::uint64_t) <= buffer.size();
       at += sizeof(std::uint64_t)) {
    const std::uint64_t word = rng() | 1;  // never an all-zero word
    std::memcpy(buffer.data() + at, &word, sizeof word);
  }
}

// The worker's own offset stream: worker 0 keeps the run's seed, so one worker repeats runs
// made before workers existed.
std::uint64_t worker_seed(std::uint64_t base, unsigned index) {
  if (index == 0) return base;
  std::uint64_t state = base + index;
  const std::uint64_t seed = splitmix64(state);
  return seed != 0 ? seed : 1;
}

// How many I/Os the loop prepares before it hands them to the kernel in one call. With direct
// I/O each goes down alone, as soon as it is ready (fio's iodepth_batch_submit=1): the kernel
// plugs a batch and dispatches it together, and a virtual disk then starts on the first request
// only when the last is in; measured on a virtio disk, one at a time gave 6-9% more IOPS at
// queue depth 64. Buffered I/O mostly completes in the page cache at submission: there one call
// for every I/O a pass can prepare saves a system call per I/O, which is what a page-cached run
// measures (IOPS per CPU-second fell from 2.1x fio's to 1.8x at one per call).
unsigned submit_batch(const WorkloadSpec& spec, unsigned depth) { return spec.direct ? 1 : depth; }

// Joins the backend's choice and its setup, e.g. "asked for io_uring; ring: single issuer ...".
std::string engine_note(const std::string& choice, const std::string& setup) {
  if (choice.empty() || setup.empty()) return choice + setup;
  return choice + "; " + setup;
}

RunResult run_one(Worker& w, NativeHandle file, const std::string& path, const IntervalHook& hook,
                  std::atomic<bool>* stop, SharedProgress* progress, SteadyStatePhase* steady) {
  IoBackend& backend = *w.backend;
  const ThreadAffinity affinity(w.cpu);
  const ThreadIoPriority priority(w.spec);
  backend.setup({.file = file,
                 .depth = w.depth,
                 .direct = w.spec.direct,
                 .read_buffers = {w.read_buffers.data(), w.read_buffers.size()},
                 .write_buffers = {w.write_buffers.data(), w.write_buffers.size()}});
  // On this thread whatever happens: a single-issuer ring cannot be drained from another.
  struct Release {
    IoBackend& backend;
    ~Release() { backend.release(); }
  } release{backend};
  const std::uint64_t checked_before = w.verifier ? w.verifier->blocks_checked() : 0;
  WorkloadLoop loop({.spec = w.spec,
                     .path = path,
                     .backend = *w.backend,
                     .depth = w.depth,
                     .submit_batch = submit_batch(w.spec, w.depth),
                     .buffer_stride = w.stride,
                     .read_buffers = w.read_buffers.data(),
                     .write_buffers = w.write_buffers.data(),
                     .on_interval = hook,
                     .region_offset = w.region_offset,
                     .verifier = w.verifier.get(),
                     .stop = stop,
                     .progress = progress,
                     .steady = steady});
  RunResult r = loop.run();
  if (w.verifier) r.blocks_verified = w.verifier->blocks_checked() - checked_before;
  r.engine_note = engine_note(w.note, backend.setup_note());
  return r;
}

// After a pass in which a worker was interrupted: one Interrupted for the whole run, with every
// worker's bytes (those that finished their share first count theirs), the longest time and the
// whole plan. Any other error of a worker wins: it says more than the signal does.
void rethrow_errors(const std::vector<Worker>& workers, const std::vector<RunResult>& results,
                    const std::vector<std::exception_ptr>& errors) {
  int sig = 0;
  InterruptProgress merged;
  for (std::size_t i = 0; i < errors.size(); ++i) {
    merged.bytes_planned += workers[i].spec.io_size;
    if (!errors[i]) {
      merged.bytes += results[i].bytes();
      continue;
    }
    try {
      std::rethrow_exception(errors[i]);
    } catch (const Interrupted& e) {
      sig = e.signal();
      merged.elapsed = std::max(merged.elapsed, e.progress().elapsed);
      merged.planned = e.progress().planned;
      merged.bytes += e.progress().bytes;
    }
  }
  if (sig != 0) throw Interrupted(sig, std::move(merged));
}

// Every worker on its own thread; their figures merged.
RunResult run_concurrently(std::vector<Worker>& workers, WorkloadFile& file,
                           const IntervalHook& hook, SteadyStatePhase* phase) {
  static const IntervalHook kNoHook;
  std::atomic<bool> stop{false};
  SharedProgress progress;
  std::vector<RunResult> results(workers.size());
  std::vector<std::exception_ptr> errors(workers.size());
  {
    std::vector<std::jthread> threads;
    threads.reserve(workers.size());
    for (std::size_t i = 0; i < workers.size(); ++i) {
      threads.emplace_back([&, i] {
        try {
          results[i] = run_one(workers[i], file.handle(static_cast<unsigned>(i)), file.path(),
                               i == 0 ? hook : kNoHook, &stop, &progress, phase);
        } catch (...) {
          errors[i] = std::current_exception();
          stop.store(true, std::memory_order_relaxed);
        }
      });
    }
  }  // joined
  rethrow_errors(workers, results, errors);
  RunResult merged = std::move(results[0]);
  for (std::size_t i = 1; i < results.size(); ++i) merge_concurrent(merged, results[i]);
  merged.workers = static_cast<unsigned>(workers.size());
  return merged;
}

}  // namespace

std::vector<Worker> make_workers(const WorkloadSpec& spec, std::size_t alignment,
                                 RunOptions& options) {
  const unsigned n = spec.workers;
  if (options.backend && n > 1) {
    throw std::invalid_argument("RunOptions::backend serves one worker; give backend_factory for " +
                                std::to_string(n) + " workers");
  }
  const bool integrity = spec.kind == WorkloadKind::integrity;
  const std::uint64_t base_seed = spec.seed != 0 ? spec.seed : fresh_nonzero();
  const std::uint64_t run_id = fresh_nonzero();
  // Whole multiples of the random alignment, so offsets aligned in a region are aligned in the
  // file.
  const std::uint64_t grain = random_alignment(spec);
  const std::uint64_t region = spec.file_size / n / grain * grain;
  const std::uint64_t blocks = spec.io_size / spec.block_size;
  std::vector<Worker> workers(n);
  // Before any buffer or backend: a listed CPU this process may not use is refused first.
  const std::vector<unsigned> usable =
      spec.cpu_affinity.pinned() ? usable_cpus() : std::vector<unsigned>{};
  for (unsigned i = 0; i < n; ++i) {
    Worker& w = workers[i];
    w.index = i;
    w.cpu = worker_cpu(spec.cpu_affinity, i, usable);
    w.spec = spec;
    w.spec.workers = 1;
    w.spec.file_size = region;
    w.region_offset = i * region;
    if (spec.io_size != 0)
      w.spec.io_size = (blocks / n + (i < blocks % n ? 1 : 0)) * spec.block_size;
    w.spec.seed = worker_seed(base_seed, i);
    w.spec.rate_iops = spec.rate_iops / n;
    w.spec.rate_mbps = spec.rate_mbps / n;
    if (options.backend) {
      w.backend = std::move(options.backend);
      w.note = "supplied by the caller";
    } else if (options.backend_factory) {
      w.backend = options.backend_factory(i);
      w.note = "supplied by the caller";
    } else {
      BackendChoice choice = select_backend(spec.engine);
      w.backend = std::move(choice.backend);
      w.note = std::move(choice.note);
    }
    // Named psync is refused by the workload's rules; this is "auto" having come to it.
    if (spec.cmd_priority.set() && !w.backend->carries_priority()) {
      throw std::invalid_argument("cmd_priority " + priority_text(spec.cmd_priority) + ": engine " +
                                  std::string(w.backend->name()) +
                                  " cannot give an I/O a class of its own; use io_uring or libaio");
    }
    w.depth = std::clamp(w.backend->max_in_flight(spec.queue_depth), 1u, spec.queue_depth);
    // One buffer per slot, each starting on the alignment boundary (even for 512-byte blocks),
    // each holding the largest I/O of a block-size mix.
    w.stride = (largest_block_size(spec) + alignment - 1) / alignment * alignment;
    const std::size_t bytes = std::size_t{w.depth} * w.stride;
    if (issues(spec, IoDirection::read)) w.read_buffers = allocate(bytes, alignment, "read");
    if (issues(spec, IoDirection::write)) {
      w.write_buffers = allocate(bytes, alignment, "write");
      fill_pattern(w.write_buffers, w.spec.seed);
    }
    if (spec.verify || integrity) {
      w.verifier = std::make_unique<BlockVerifier>(
          w.region_offset, region, static_cast<std::uint32_t>(spec.block_size), run_id);
    }
  }
  return workers;
}

RunResult run_pass(std::vector<Worker>& workers, WorkloadFile& file, const IntervalHook& hook) {
  file.open_for_workers(static_cast<unsigned>(workers.size()));
  const std::string& path = file.path();
  std::optional<SteadyStatePhase> steady;
  const SteadyState& rule = workers[0].spec.steady_state;
  if (rule.enabled()) steady.emplace(rule, static_cast<unsigned>(workers.size()));
  SteadyStatePhase* phase = steady ? &*steady : nullptr;
  RunResult merged;
  if (workers.size() == 1) {
    merged = run_one(workers[0], file.handle(0), path, hook, nullptr, nullptr, phase);
  } else {
    merged = run_concurrently(workers, file, hook, phase);
  }
  if (phase) merged.steady_state = phase->outcome();
  return merged;
}

}  // namespace iogate
