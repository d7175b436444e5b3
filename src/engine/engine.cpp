// run_workload: checks the spec against the file, prepares backend and buffers, runs the loop.
#include "iogate/engine/engine.hpp"

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "aligned_buffer.hpp"
#include "rng.hpp"
#include "workload_file.hpp"
#include "workload_loop.hpp"

namespace iogate {
namespace {

void check_against_file(const WorkloadSpec& spec, const WorkloadFile& file) {
  if (file.size() < spec.file_size) {
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

AlignedBuffer allocate(std::size_t bytes, std::size_t alignment, const char* what) {
  try {
    return AlignedBuffer(bytes, alignment);
  } catch (const std::bad_alloc&) {
    throw std::runtime_error("cannot allocate " + std::to_string(bytes) + " bytes of " + what +
                             " buffers (queue depth x block_size)");
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

}  // namespace

RunResult run_workload(const WorkloadSpec& spec, const std::filesystem::path& path,
                       RunOptions options) {
  validate_workload(spec);
  const WorkloadFile file(path, spec.direct);
  check_against_file(spec, file);

  // Declared before the backend so they outlive it: an asynchronous backend's destructor may
  // still be waiting for I/O into them when an exception unwinds this frame.
  AlignedBuffer read_buffers;
  AlignedBuffer write_buffers;
  std::unique_ptr<IoBackend> backend =
      options.backend ? std::move(options.backend) : make_backend(spec.engine);

  const unsigned depth = std::clamp(backend->max_in_flight(spec.queue_depth), 1u, spec.queue_depth);
  // One buffer per slot, each starting on the alignment boundary (even for 512-byte blocks).
  const std::size_t alignment = file.buffer_alignment();
  const std::size_t stride = (spec.block_size + alignment - 1) / alignment * alignment;
  const std::size_t bytes = std::size_t{depth} * stride;
  if (spec.read_pct > 0) read_buffers = allocate(bytes, alignment, "read");
  if (spec.read_pct < 100) {
    write_buffers = allocate(bytes, alignment, "write");
    fill_pattern(write_buffers, spec.seed);
  }
  backend->setup(file.fd(), depth);
  WorkloadLoop loop({spec, file.path(), *backend, depth, stride, read_buffers.data(),
                     write_buffers.data(), options.on_interval});
  return loop.run();
}

}  // namespace iogate
