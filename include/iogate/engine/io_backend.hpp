// The seam between the workload loop and an I/O engine, shaped like fio's ioengine_ops so that a
// synchronous engine and an asynchronous one (io_uring, libaio, IOCP) fit the same loop:
//
//   setup(setup)      once per pass, on the thread that runs it: the file, the depth and the
//                     buffers every request will point into (fio's post_init and iomem steps),
//                     so an engine can register them with the kernel before the first I/O
//   submit(req)       completed: done now, req.result set (synchronous engines)
//                     queued:    accepted, completes later through reap()
//                     busy:      no room; reap something first, then submit again
//   commit()          push queued requests to the kernel (batched submission)
//   reap(out, min)    wait for at least `min` completions, return how many were written to out
//   reap_for(out, t)  wait at most t for one completion (0 when none came): a paced loop issues
//                     on its clock, so an I/O in flight must not hold back one that falls due
//   flush()           fdatasync (FlushFileBuffers on Windows)
//   release()         at the end of the pass, on the same thread (normal end or exception):
//                     wait for whatever is still in flight and free the kernel's resources
//
// A request's result is the byte count transferred or -errno (a Windows backend maps its Win32
// error to the nearest errno, win32_errno.hpp). The loop, not the backend, owns the
// requests and their buffers, retries short transfers and turns errors into exceptions. The
// buffers outlive the backend, but an exception may end the run with requests still queued:
// release() (and the destructor, for a backend never released) must wait for them before
// returning. A ring made for one issuer refuses to be waited on from another thread, which is
// why setup and release run on the thread that submits.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "iogate/engine/native_handle.hpp"

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
  // Its priority class in Linux's encoding (ioprio_value); 0: the issuing thread's. Only a
  // backend that carries_priority() is ever given another.
  std::uint16_t ioprio = 0;
};

enum class SubmitStatus { completed, queued, busy };

struct BackendSetup {
  NativeHandle file = kNoHandle;  // the open test file (a descriptor, a HANDLE)
  unsigned depth = 1;  // I/Os the loop will keep in flight, at most max_in_flight(requested)
  bool direct = true;  // the file was opened with O_DIRECT (FILE_FLAG_NO_BUFFERING)
  // Every request's buffer lies in one of these (either may be empty: no reads, no writes).
  std::span<std::byte> read_buffers;
  std::span<std::byte> write_buffers;
};

class IoBackend {
 public:
  virtual ~IoBackend() = default;
  virtual std::string_view name() const = 0;
  // How many requests the backend can keep in flight given the requested depth; the loop keeps
  // min(requested, this) in flight and reports that as RunResult::queue_depth.
  virtual unsigned max_in_flight(unsigned requested) const = 0;
  virtual void setup(const BackendSetup& setup) = 0;
  // What setup made of the engine's options and why, e.g. "ring: single issuer, deferred task
  // work; file and buffers registered"; empty when there is nothing to say. Goes into
  // RunResult::engine_note.
  virtual std::string setup_note() const { return {}; }
  // Whether each request goes to the kernel with its own IoRequest::ioprio (io_uring's sqe,
  // libaio's iocb); a synchronous call has only its thread's.
  virtual bool carries_priority() const { return false; }
  virtual SubmitStatus submit(IoRequest& req) = 0;
  virtual void commit() {}
  // `out` has room for every request in flight; returns how many completed requests it wrote.
  virtual std::size_t reap(std::span<IoRequest*> out, std::size_t min) = 0;
  // Like reap(out, 1), but gives up after `wait` and then returns 0. The default waits for the
  // completion however long it takes: a backend that cannot wait with a timeout makes a paced
  // loop's next issue wait on it (every engine iogate ships has a timed wait).
  virtual std::size_t reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds /*wait*/) {
    return reap(out, 1);
  }
  // Throws std::system_error on failure (the loop adds the path).
  virtual void flush() = 0;
  virtual void release() noexcept {}
};

// Makes the named backend: "psync", "io_uring", "libaio", "iocp", or "auto" for the first usable
// of the platform's engines (engine_names(): io_uring, libaio, psync on Linux; iocp, psync on
// Windows), each built in only when its library or platform was found, and usable only when its
// runtime probe succeeds. An unknown name, or a named engine that is not usable here, throws
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

// The engines iogate knows on this platform, in the order "auto" tries them: io_uring, libaio,
// psync on Linux; iocp, psync on Windows.
std::span<const std::string_view> engine_names();

// Whether the named engine was compiled in (its library was found when iogate was configured).
bool engine_built_in(std::string_view name);

// nullopt when the named engine is built in and usable here; otherwise why it is not.
std::optional<std::string> backend_unavailable(std::string_view name);

// What is wrong with $IOGATE_DISABLE_ENGINES (a comma-separated list of engine_names()), if
// anything: "IOGATE_DISABLE_ENGINES: unknown engine \"io-uring\"; known engines: ...". A typo must
// not disable nothing in silence: the commands refuse such a list before they run (exit 2), and
// the registry throws std::invalid_argument with the same words where it meets one unchecked.
std::optional<std::string> disabled_engines_problem();

}  // namespace iogate
