// run_workload: checks the spec against the file, makes the workers, runs one pass (or, for an
// integrity workload, a write pass and a verified read pass) and returns the merged figures.
#include "iogate/engine/engine.hpp"

#include <stdexcept>
#include <string>

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

}  // namespace

RunResult run_workload(const WorkloadSpec& spec, const FileRef& path, RunOptions options) {
  validate_workload(spec);
  WorkloadFile file(path, {.direct = spec.direct, .write_through = spec.write_through});
  check_against_file(spec, file);
  std::vector<Worker> workers = make_workers(spec, file.buffer_alignment(), options);
  if (spec.kind == WorkloadKind::integrity) {
    return run_integrity(workers, file, path, options.on_interval);
  }
  return run_pass(workers, file, options.on_interval);
}

}  // namespace iogate
