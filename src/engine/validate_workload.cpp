// validate_workload: the checks a spec must pass on its own, before any file is opened. The
// file-dependent ones (size, direct-I/O alignment of the device) are in run_workload.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "iogate/engine/engine.hpp"

namespace iogate {
namespace {

constexpr std::uint64_t kSector = 512;
// Linux moves at most 2 GiB - 4 KiB in one read or write; stay well below.
constexpr std::uint64_t kMaxBlockSize = std::uint64_t{1} << 30;
constexpr unsigned kMaxQueueDepth = 4096;
constexpr unsigned kMaxWorkers = 256;

[[noreturn]] void reject(const std::string& field, const std::string& value,
                         const std::string& expected) {
  throw std::invalid_argument("workload " + field + " = " + value + ": " + expected);
}

void check_percent(const char* field, double value) {
  if (!(value >= 0.0 && value <= 100.0))
    reject(field, std::to_string(value), "must be in [0, 100]");
}

void check_rate(const char* field, double value) {
  if (!(value >= 0.0 && std::isfinite(value))) {
    reject(field, std::to_string(value), "must be 0 (no cap) or a positive number");
  }
}

}  // namespace

void validate_workload(const WorkloadSpec& spec) {
  const std::string block = std::to_string(spec.block_size);
  if (spec.block_size == 0 || spec.block_size % kSector != 0) {
    reject("block_size", block, "must be a positive multiple of 512 bytes");
  }
  if (spec.block_size > kMaxBlockSize) reject("block_size", block, "must be at most 1 GiB");
  if (spec.file_size < spec.block_size) {
    reject("file_size", std::to_string(spec.file_size),
           "must be at least block_size (" + block + " bytes)");
  }
  if (spec.direct && spec.file_size % kSector != 0) {
    reject("file_size", std::to_string(spec.file_size),
           "must be a multiple of 512 bytes with direct I/O");
  }
  check_percent("read_pct", spec.read_pct);
  check_percent("random_pct", spec.random_pct);
  if (spec.queue_depth < 1 || spec.queue_depth > kMaxQueueDepth) {
    reject("queue_depth", std::to_string(spec.queue_depth), "must be in [1, 4096]");
  }
  if (spec.duration.count() < 0) {
    reject("duration", std::to_string(spec.duration.count()) + " ns", "must not be negative");
  }
  if (spec.ramp.count() < 0) {
    reject("ramp", std::to_string(spec.ramp.count()) + " ns", "must not be negative");
  }
  if (spec.workers < 1 || spec.workers > kMaxWorkers) {
    reject("workers", std::to_string(spec.workers), "must be in [1, 256]");
  }
  const std::uint64_t workers = std::max(spec.workers, 1u);
  if (spec.file_size / workers < spec.block_size) {
    reject("file_size", std::to_string(spec.file_size),
           "must hold at least one block (" + block + " bytes) per worker (" +
               std::to_string(workers) + " workers)");
  }
  if (spec.io_size != 0 && spec.io_size / spec.block_size < workers) {
    reject("io_size", std::to_string(spec.io_size),
           "must be at least one block (" + block + " bytes) per worker (" +
               std::to_string(workers) + " workers)");
  }
  check_rate("rate_iops", spec.rate_iops);
  check_rate("rate_mbps", spec.rate_mbps);
  if (spec.kind == WorkloadKind::integrity) return;  // its size is the file's
  if (spec.io_size == 0 && spec.duration.count() == 0) {
    reject("io_size", "0",
           "one of io_size (size-based) or duration (time-based) must be greater than 0");
  }
  if (spec.io_size % spec.block_size != 0) {
    reject("io_size", std::to_string(spec.io_size),
           "must be a multiple of block_size (" + block + " bytes)");
  }
}

}  // namespace iogate
