// run_workload: checks the spec against the file, makes the workers, runs one pass (or, for an
// integrity workload, a write pass and a verified read pass) and returns the merged figures.
#include "iogate/engine/engine.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "common/platform_fallbacks.hpp"
#include "iogate/engine/io_backend.hpp"
#include "thread_affinity.hpp"
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

// Whether a buffered run's figure depends on which of its file's pages were cached before it:
// it does when the run reads (a cached page is answered from memory) or writes part of a page (a
// page not cached is read from the device first, then changed). Writes of whole pages put the same
// bytes on the device either way, and the fallback flushes them inside the clock; seed 000's dd
// is such a run. Offsets are multiples of the block size, so the sizes alone decide.
bool figure_depends_on_cache(const WorkloadSpec& spec, std::uint64_t page_size) {
  if (issues(spec, IoDirection::read) || spec.block_size % page_size != 0) return true;
  for (const BlockSizeShare& share : spec.block_mix)
    if (share.block_size % page_size != 0) return true;
  return false;
}

// Where O_DIRECT is refused and the file's cached pages cannot be shown dropped, a figure that
// depends on them is refused rather than passed off as the device's. Refused, not worked around
// by a file larger than the host's memory: that would change the workload the threshold file
// names (seed 000's 8 GiB would become whatever the host holds, written to its datastore), and
// the ESXi shell does not say how much memory its page cache may use. Asking for buffered I/O
// (direct = false) is how a user accepts a figure through the page cache.
std::runtime_error cache_not_dropped(const std::string& refused, const std::string& path,
                                     const CacheDrop& drop) {
  return std::runtime_error(
      "O_DIRECT: " + refused + " on " + path +
      ", and a buffered run instead cannot be shown to reach the device (" + drop.seen +
      "): what it reads, or reads under a write of part of a page, may be answered from "
      "memory. Set direct = false to accept a figure through the page cache");
}

// Write everything (fdatasync at the end), then read it all back verifying every block, past
// the page cache: with O_DIRECT where the filesystem has it, else after dropping the file's
// cached pages, so the read pass sees what the device kept. Where the drop cannot be shown, the
// read pass is refused unless buffered I/O was asked for, and said on the line when it was.
RunResult run_integrity(std::vector<Worker>& workers, WorkloadFile& file, const FileRef& path,
                        const IntervalHook& hook, bool buffered_asked) {
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
  } catch (const DirectIoUnsupported& e) {
    const CacheDrop drop = file.drop_cached_pages_verified();
    if (!drop.verified) {
      if (!buffered_asked) throw cache_not_dropped(e.code().message(), file.path(), drop);
      detail::note_fallback("O_DIRECT: " + e.code().message() +
                            "; the verifying read pass went through the page cache, its pages "
                            "not shown dropped (" +
                            drop.seen + ")");
    }
    append_pass(result, run_pass(workers, file, hook));
  }
  return result;
}

// Opens the test file past the page cache where the filesystem allows it. Where it refuses
// O_DIRECT (tmpfs, some FUSE filesystems, the ESXi shell's userworld), the run goes through the
// page cache instead, its writes flushed inside the clock (flush = end) and the file's cached
// pages dropped before it, so neither a write nor a read is timed in memory alone; a platform
// fallback, said on the check's line with how the drop was seen (cache_not_dropped when it was
// not and the figure depends on it).
void open_workload_file(std::optional<WorkloadFile>& file, WorkloadSpec& spec,
                        const FileRef& path) {
  std::string refused;
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
    refused = e.code().message();
  }
  spec.direct = false;
  spec.flush = FlushPolicy::end;
  file.emplace(path, FileAccess{.direct = false, .write_through = spec.write_through});
  const CacheDrop drop = file->drop_cached_pages_verified();
  if (drop.verified) {
    detail::note_fallback("O_DIRECT: " + refused +
                          "; buffered I/O, the file's cached pages dropped first (" + drop.seen +
                          ") and the writes flushed (fdatasync) inside the clock");
  } else if (!figure_depends_on_cache(spec, drop.page_size)) {
    detail::note_fallback("O_DIRECT: " + refused +
                          "; buffered I/O, the writes flushed (fdatasync) inside the clock; the "
                          "file's cached pages not shown dropped (" +
                          drop.seen + "), which writes of whole pages do not read");
  } else {
    throw cache_not_dropped(refused, file->path(), drop);
  }
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
    return run_integrity(workers, file, path, options.on_interval, !asked.direct);
  }
  return run_pass(workers, file, options.on_interval);
}

std::optional<std::string> unrunnable_here(const WorkloadSpec& spec) {
  if (spec.engine == "auto") {
    std::string reasons;  // every engine's: the one to mend may be any of them
    for (const std::string_view name : engine_names()) {
      const std::optional<std::string> why = backend_unavailable(name);
      if (!why) {
        reasons.clear();
        break;
      }
      reasons += (reasons.empty() ? "" : "; ") + std::string(name) + ": " + *why;
    }
    if (!reasons.empty()) return "engine auto: no engine is usable here (" + reasons + ")";
  } else if (const std::optional<std::string> why = backend_unavailable(spec.engine)) {
    return "engine " + spec.engine + ": " + *why;
  }
  if (spec.cpu_affinity.pinned()) {
    const std::vector<unsigned> usable = usable_cpus();
    try {
      for (unsigned worker = 0; worker < spec.workers; ++worker)
        (void)worker_cpu(spec.cpu_affinity, worker, usable);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
  }
  return std::nullopt;
}

}  // namespace iogate
