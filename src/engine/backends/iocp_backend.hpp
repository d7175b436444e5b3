// The IOCP backend (Windows I/O completion ports): overlapped ReadFile/WriteFile, completions
// reaped in batches, the workload's queue depth held.
//
//   setup   associates the worker's handle (overlapped, unbuffered when direct: the engine opens
//           one per worker, workload_file.hpp) with a completion port of its own. A file object
//           stays with its port for good, so the port lives as long as the backend and a later
//           pass on the same handle (an integrity run's read pass) reuses it. It makes `depth`
//           OVERLAPPED records, one per request in flight.
//   submit  takes a free record, puts the offset in it and calls ReadFile/WriteFile: the request
//           is in the kernel when the call returns (there is no separate commit). Pending
//           (ERROR_IO_PENDING) or done at once, a completion packet reaches the port either way,
//           so both are queued; a call that fails outright posts nothing and completes with
//           its error at once.
//   reap    GetQueuedCompletionStatusEx for as many packets as are ready (up to what is in
//           flight), waiting only while fewer than `min` arrived: a batch per call. reap_for
//           waits for the first packet at most its time, rounded up to whole milliseconds (the
//           call's unit; the system's timer tick may lengthen it).
//   flush   FlushFileBuffers, on the overlapped handle; the loop runs it inside the clock.
//
// The backend does not reopen the handle (ReOpenFile): under wine that reopens by the path the
// handle was opened with, which a swapped directory could redirect.
//
// Unbuffered I/O needs offsets and lengths in multiples of the volume's logical sector size and
// buffers aligned to its physical one: the file reports both (workload_file.hpp) and the run is
// refused before it starts when the block size does not fit (engine.cpp).
//
// stats() says what the kernel did with the requests (how many were pending at submission, the
// most outstanding at once, the largest batch reaped): the unit tests read it to prove that the
// depth is held, and it shows whether a platform (wine) really runs overlapped file I/O
// asynchronously. release() (and the destructor, if it was not called) waits for every request
// in flight: no I/O lands in the loop's buffers after the run has unwound. The destructor closes
// the port; the handle is the engine's.
//
// probe_iocp() is the runtime half of the gate: a completion port can be made here.
#pragma once

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "iogate/engine/io_backend.hpp"

namespace iogate {

// nullopt when a completion port can be made here; else why not.
std::optional<std::string> probe_iocp();

struct IocpStats {
  std::uint64_t submitted = 0;         // ReadFile/WriteFile calls
  std::uint64_t pending = 0;           // ... that answered ERROR_IO_PENDING
  std::uint64_t done_at_submit = 0;    // ... that were done when the call returned
  std::uint64_t failed_at_submit = 0;  // ... that failed outright (no packet)
  std::size_t max_outstanding = 0;     // the most requests in flight at once, seen at submit
  std::uint64_t reap_calls = 0;        // GetQueuedCompletionStatusEx calls that returned packets
  std::uint64_t reaped = 0;            // packets they returned
  std::size_t max_batch = 0;           // the most packets one call returned
};

class IocpBackend final : public IoBackend {
 public:
  IocpBackend() = default;
  ~IocpBackend() override;
  IocpBackend(const IocpBackend&) = delete;
  IocpBackend& operator=(const IocpBackend&) = delete;

  std::string_view name() const override { return "iocp"; }
  unsigned max_in_flight(unsigned requested) const override { return requested; }
  // Throws std::system_error when the port cannot be made or the handle joined to it.
  void setup(const BackendSetup& setup) override;
  std::string setup_note() const override { return note_; }
  SubmitStatus submit(IoRequest& req) override;
  std::size_t reap(std::span<IoRequest*> out, std::size_t min) override;
  std::size_t reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds wait) override;
  void flush() override;
  void release() noexcept override;

  const IocpStats& stats() const { return stats_; }

 private:
  // Waits up to `first_wait` ms (INFINITE: however long) while fewer than `min` arrived.
  std::size_t collect(std::span<IoRequest*> out, std::size_t min, DWORD first_wait);

  struct Op {
    OVERLAPPED overlapped{};  // first: a packet's OVERLAPPED* is the Op's address
    IoRequest* req = nullptr;
  };

  void drain() noexcept;

  HANDLE file_ = INVALID_HANDLE_VALUE;  // the engine's, associated with port_
  HANDLE port_ = nullptr;
  std::vector<Op> ops_;                    // one per request in flight
  std::vector<Op*> free_;                  // records not in flight
  std::vector<OVERLAPPED_ENTRY> entries_;  // GetQueuedCompletionStatusEx's output
  std::size_t in_flight_ = 0;
  IocpStats stats_;
  std::string note_;
};

}  // namespace iogate
