// run_workload: checks the spec against the file, makes the workers, runs one pass (or, for an
// integrity workload, a write pass and a verified read pass) and returns the merged figures.
#include "iogate/engine/engine.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "platform_fallbacks.hpp"
#include "worker_set.hpp"
#include "workload_file.hpp"

namespace iogate {
namespace {

void check_against_file(const WorkloadSpec& spec, const WorkloadFile& file) {
  // A grown layout starts shorter (empty, as dd's new file) and the run's writes extend it.
  if (spec.layout != FileLayout::grown && file.size() < spec.file_size) {
    throw std::invalid_argument(file.path() + " holds " + std::to_string(file.size()) +
                                " bytes, less than the workload's file_size of " +
                                std::to_string(spec.file_size));
  }
  if (spec.direct && spec.block_size % file.direct_io_block() != 0) {
    throw std::invalid_argument("workload block_size = " + std::to_string(spec.block_size) +
                                ": direct I/O on " + file.path() + " needs a multiple of " +
                                std::to_string(file.direct_io_block()) + " bytes");
  }
}

// Each worker's whole region once, sequentially, in one direction.
void set_pass(std::vector<Worker>& workers, IoDirection direction) {
  for (Worker& w : workers) {
    w.spec.read_pct = direction == IoDirection::read ? 100 : 0;
    w.spec.random_pct = 0;
    w.spec.io_size = w.spec.file_size;
    w.spec.duration = {};
    w.spec.ramp = {};
    w.spec.flush = direction == IoDirection::write ? FlushPolicy::end : FlushPolicy::none;
  }
}

// Write everything (fdatasync at the end), then read it all back verifying every block, past
// the page cache: with O_DIRECT where the filesystem has it, else after dropping the file's
// cached pages, so the read pass sees what the device kept.
RunResult run_integrity(std::vector<Worker>& workers, WorkloadFile& file, const FileRef& path,
                        const IntervalHook& hook) {
  set_pass(workers, IoDirection::write);
  RunResult result = run_pass(workers, file, hook);
  set_pass(workers, IoDirection::read);
  if (file.direct()) {
    append_pass(result, run_pass(workers, file, hook));
    return result;
  }
  try {
    WorkloadFile direct(path, {.direct = true});
    append_pass(result, run_pass(workers, direct, hook));
  } catch (const DirectIoUnsupported&) {
    file.drop_cached_pages();
    append_pass(result, run_pass(workers, file, hook));
  }
  return result;
}

// Opens the test file past the page cache where the filesystem allows it. Where it refuses
// O_DIRECT (tmpfs, some FUSE filesystems, the ESXi shell's userworld), the run goes through the
// page cache instead, its writes flushed inside the clock (flush = end) and the file's cached
// pages dropped before it, so neither a write nor a read is timed in memory alone; a platform
// fallback, said on the check's line.
void open_workload_file(std::optional<WorkloadFile>& file, WorkloadSpec& spec,
                        const FileRef& path) {
  try {
    file.emplace(path, FileAccess{.direct = spec.direct, .write_through = spec.write_through});
    // A direct run starts with none of its file cached. The layout wrote the file through the
    // page cache, and a direct write over cached pages must invalidate them, which may block:
    // io_uring then hands the write to a worker thread (8 KiB random 70% read: a fifth fewer
    // IOPS per CPU-second, p99 latency 2.7 times; docs/measurements.md). fio drops its file's
    // pages before a run as well (invalidate=1).
    if (spec.direct) file->drop_cached_pages();
    return;
  } catch (const DirectIoUnsupported& e) {
    detail::note_fallback("O_DIRECT: " + e.code().message() +
                          "; buffered I/O, the file's cached pages dropped first and the writes "
                          "flushed (fdatasync) inside the clock");
  }
  spec.direct = false;
  spec.flush = FlushPolicy::end;
  file.emplace(path, FileAccess{.direct = false, .write_through = spec.write_through});
  file->drop_cached_pages();
}

}  // namespace

RunResult run_workload(const WorkloadSpec& asked, const FileRef& path, RunOptions options) {
  validate_workload(asked);
  WorkloadSpec spec = asked;
  std::optional<WorkloadFile> opened;
  open_workload_file(opened, spec, path);
  WorkloadFile& file = *opened;
  check_against_file(spec, file);
  std::vector<Worker> workers = make_workers(spec, file.buffer_alignment(), options);
  if (spec.kind == WorkloadKind::integrity) {
    return run_integrity(workers, file, path, options.on_interval);
  }
  return run_pass(workers, file, options.on_interval);
}

}  // namespace iogate
