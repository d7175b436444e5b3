// The io_uring backend (liburing): one ring per run, sized to the depth the loop keeps in flight.
//
//   submit  takes a submission-queue entry and fills it (IORING_OP_READ / IORING_OP_WRITE); the
//           request's address travels as the entry's user data. Nothing reaches the kernel yet.
//   commit  io_uring_submit: one io_uring_enter for everything filled since the last commit.
//   reap    takes whatever completions are ready; only when fewer than `min` are, it waits
//           (io_uring_wait_cqe_nr), retrying on EINTR.
//
// The ring has exactly `depth` submission entries and the loop never has more than `depth`
// requests in flight, so submit() answers busy only if that contract is broken. The destructor
// submits what is still unsubmitted and waits for every request in flight before it tears the
// ring down: the loop's buffers must not be written after the run has unwound.
//
// probe_io_uring() is the runtime half of the gate: liburing may be built in while the kernel
// refuses rings (io_uring_disabled sysctl, seccomp, RHEL 8's default) or lacks the opcodes.
#pragma once

#include <liburing.h>

#include <optional>
#include <string>

#include "iogate/engine/io_backend.hpp"

namespace iogate {

// nullopt when a ring can be made and does reads and writes; else why not, e.g.
// "io_uring_queue_init: Operation not permitted".
std::optional<std::string> probe_io_uring();

class IoUringBackend final : public IoBackend {
 public:
  IoUringBackend() = default;
  ~IoUringBackend() override;
  IoUringBackend(const IoUringBackend&) = delete;
  IoUringBackend& operator=(const IoUringBackend&) = delete;

  std::string_view name() const override { return "io_uring"; }
  unsigned max_in_flight(unsigned requested) const override { return requested; }
  // Throws std::system_error when the ring cannot be made.
  void setup(int fd, unsigned depth) override;
  SubmitStatus submit(IoRequest& req) override;
  void commit() override;
  std::size_t reap(std::span<IoRequest*> out, std::size_t min) override;
  void flush() override;

 private:
  std::size_t take_ready(std::span<IoRequest*> out);
  void drain() noexcept;

  io_uring ring_{};
  bool ready_ = false;
  int fd_ = -1;
  std::size_t in_flight_ = 0;  // filled entries, submitted or not, not reaped yet
};

}  // namespace iogate
