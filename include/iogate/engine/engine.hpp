// Runs one workload against one preallocated file and returns its figures.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <system_error>

#include "iogate/engine/file_ref.hpp"
#include "iogate/engine/io_backend.hpp"
#include "iogate/engine/run_result.hpp"
#include "iogate/engine/workload.hpp"
#include "iogate/engine/workload_rules.hpp"

namespace iogate {

// Called after each one-second interval of the measured window with the figures so far; return
// false to stop the run early (RunResult::completed is then false). Progress display and the
// verdicts' fail-fast use it; the engine itself has no notion of a threshold. In `so_far`,
// elapsed_s is the interval's end and the CPU figures are still 0 (they are taken at the end).
// Called at most once per second, off the per-I/O path.
using IntervalHook = std::function<bool(const RunResult& so_far)>;

struct RunOptions {
  IntervalHook on_interval;
  // Replaces make_backend(spec.engine): tests inject fakes and faults through it. Serves a
  // single worker; with several, give backend_factory instead.
  std::unique_ptr<IoBackend> backend;
  // Called once per worker (0, 1, ...) when set, instead of make_backend(spec.engine).
  std::function<std::unique_ptr<IoBackend>(unsigned worker)> backend_factory;
};

// open with O_DIRECT refused with EINVAL: the filesystem has no direct I/O. A type of its own so
// that a caller with a fallback (run_workload, the integrity read pass) catches it, not a
// message's wording.
class DirectIoUnsupported : public std::system_error {
 public:
  using std::system_error::system_error;
};

// The file (regular or block device, named directly: a symbolic link is refused, never followed;
// a path, or a name relative to a directory descriptor, see file_ref.hpp) must exist and be at
// least spec.file_size bytes (any size, empty included, for FileLayout::grown: the run's writes
// grow it); under O_DIRECT, block_size must be a multiple of its device's direct-I/O block; with
// direct = true on a filesystem without O_DIRECT, the run goes through the page cache, its writes
// flushed inside the clock and the file's cached pages dropped first (a platform fallback the
// check's line says).
// Bad specs and files throw std::invalid_argument; I/O errors throw
// std::system_error naming the operation, offset, length and path; a verified read that finds the
// wrong data throws VerifyError (verify.hpp). The phase, stop and accounting rules are in
// src/engine/workload_loop.hpp; several workers' results are merged (counts summed, histograms
// merged, intervals summed by index, elapsed the longest worker's). An integrity workload's result
// covers its write pass and its read pass.
RunResult run_workload(const WorkloadSpec& spec, const FileRef& file, RunOptions options = {});

// Checks a spec on its own against the rules of workload_rules.hpp (sizes, percentages, depth, a
// stop condition); throws InvalidWorkload naming the field and what was expected. The checks that
// need the file (its size, the device's block size under O_DIRECT) happen in run_workload.
void validate_workload(const WorkloadSpec& spec);

// What keeps a valid spec from running on this host, known before any file is laid out: a named
// engine not usable here, no usable engine at all for "auto" (IOGATE_DISABLE_ENGINES), a CPU of
// cpu_affinity this process may not run on. A threshold file stays valid on another host; a
// command refuses it here before the first I/O (exit 2) rather than as a run's error.
std::optional<std::string> unrunnable_here(const WorkloadSpec& spec);

}  // namespace iogate
