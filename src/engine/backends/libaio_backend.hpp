// The libaio backend (Linux native AIO): one io_context per run, `depth` iocbs, one per slot.
//
//   submit  fills the slot's iocb (io_prep_pread / io_prep_pwrite, the request as its data) and
//           appends it to the batch; nothing reaches the kernel yet.
//   commit  io_submit of the batch. The kernel may take only part of it or answer EAGAIN; what
//           it did not take stays at the front of the batch and goes with the next commit or
//           reap, so the loop never sees the difference. An iocb io_submit rejects outright
//           (EBADF, EINVAL) completes with that error at the next reap.
//   reap    io_getevents for at least `min` of what the kernel holds, retrying on EINTR;
//           reap_for passes io_getevents its timeout (and returns 0 on EINTR).
//
// Native AIO is asynchronous only with O_DIRECT; on the page cache io_submit does the copy
// itself, which is still correct, just synchronous. Request slots index the iocb table, so the
// loop's `slot` numbers must be below `depth` (they are: the loop has exactly `depth` slots).
// release() (and the destructor, if it was not called) submits nothing more and waits for what
// the kernel holds (io_getevents, then io_destroy) so no I/O lands in the loop's buffers after
// the run has unwound.
//
// probe_libaio() is the runtime half of the gate: io_setup fails when aio-max-nr is used up or
// a sandbox forbids it.
#pragma once

#include <libaio.h>

#include <optional>
#include <string>
#include <vector>

#include "iogate/engine/io_backend.hpp"

namespace iogate {

// nullopt when io_setup works here; else why not, e.g. "io_setup: Function not implemented".
std::optional<std::string> probe_libaio();

class LibaioBackend final : public IoBackend {
 public:
  LibaioBackend() = default;
  ~LibaioBackend() override;
  LibaioBackend(const LibaioBackend&) = delete;
  LibaioBackend& operator=(const LibaioBackend&) = delete;

  std::string_view name() const override { return "libaio"; }
  unsigned max_in_flight(unsigned requested) const override { return requested; }
  bool carries_priority() const override { return true; }
  // Throws std::system_error when io_setup fails.
  void setup(const BackendSetup& setup) override;
  SubmitStatus submit(IoRequest& req) override;
  void commit() override;
  std::size_t reap(std::span<IoRequest*> out, std::size_t min) override;
  std::size_t reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds wait) override;
  void flush() override;
  void release() noexcept override;

 private:
  // `timeout` null: wait for `min` however long it takes.
  std::size_t collect(std::span<IoRequest*> out, std::size_t min, timespec* timeout);

  io_context_t ctx_ = nullptr;
  int fd_ = -1;
  std::vector<iocb> iocbs_;          // one per slot
  std::vector<iocb*> batch_;         // filled, not yet taken by the kernel
  std::vector<IoRequest*> refused_;  // io_submit rejected them: completed with -errno
  std::vector<io_event> events_;     // io_getevents' output
  std::size_t in_kernel_ = 0;        // taken by io_submit, not reaped yet
};

}  // namespace iogate
