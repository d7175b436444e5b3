// The seam between the workload loop and an I/O engine, shaped like fio's ioengine_ops so that a
// synchronous engine and an asynchronous one (io_uring, libaio) fit the same loop:
//
//   setup(fd, depth)  once per run
//   submit(req)       completed: done now, req.result set (synchronous engines)
//                     queued:    accepted, completes later through reap()
//                     busy:      no room; reap something first, then submit again
//   commit()          push queued requests to the kernel (batched submission)
//   reap(out, min)    wait for at least `min` completions, return how many were written to out
//   flush()           fdatasync
//
// A request's result is the byte count transferred or -errno. The loop, not the backend, owns the
// requests and their buffers, retries short transfers and turns errors into exceptions. The
// buffers outlive the backend, but an exception may end the run with requests still queued: the
// destructor of an asynchronous backend must cancel or wait for them before returning.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace iogate {

enum class IoDirection : std::uint8_t { read, write };

struct IoRequest {
  IoDirection direction = IoDirection::read;
  std::uint64_t offset = 0;
  std::uint32_t length = 0;
  void* buffer = nullptr;
  std::int64_t result = 0;      // bytes transferred, or -errno
  std::uint64_t issued_ns = 0;  // monotonic clock at submit
  std::uint32_t slot = 0;       // index in the loop's request table
};

enum class SubmitStatus { completed, queued, busy };

class IoBackend {
 public:
  virtual ~IoBackend() = default;
  virtual std::string_view name() const = 0;
  // How many requests the backend can keep in flight given the requested depth; the loop keeps
  // min(requested, this) in flight and reports that as RunResult::queue_depth.
  virtual unsigned max_in_flight(unsigned requested) const = 0;
  virtual void setup(int fd, unsigned depth) = 0;
  virtual SubmitStatus submit(IoRequest& req) = 0;
  virtual void commit() {}
  // `out` has room for every request in flight; returns how many completed requests it wrote.
  virtual std::size_t reap(std::span<IoRequest*> out, std::size_t min) = 0;
  // Throws std::system_error on failure (the loop adds the path).
  virtual void flush() = 0;
};

// Makes the named backend: "psync", "io_uring", "libaio", or "auto" for the first usable of
// io_uring, libaio, psync (each built in only when its library was found, and usable only when
// its runtime probe succeeds). An unknown name, or a named engine that is not usable here, throws
// std::invalid_argument naming the engine and why; a named engine never falls back to another.
std::unique_ptr<IoBackend> make_backend(std::string_view name);

struct BackendChoice {
  std::unique_ptr<IoBackend> backend;
  // Which engine was taken and why, e.g. "io_uring: unavailable (io_uring_queue_init: Operation
  // not permitted); using libaio". Goes into RunResult::engine_note.
  std::string note;
};
// make_backend, also saying why "auto" passed over the engines it did not take.
BackendChoice select_backend(std::string_view name);

// The engines iogate knows, in the order "auto" tries them: io_uring, libaio, psync.
std::span<const std::string_view> engine_names();

// Whether the named engine was compiled in (its library was found when iogate was configured).
bool engine_built_in(std::string_view name);

// nullopt when the named engine is built in and usable here; otherwise why it is not.
std::optional<std::string> backend_unavailable(std::string_view name);

}  // namespace iogate
