// The io_uring backend (liburing): one ring per pass, sized to the depth the loop keeps in flight.
//
//   setup   makes the ring as fio does: one issuer, task work deferred until iogate asks for
//           completions, no interrupting the task to post them (IORING_SETUP_SINGLE_ISSUER |
//           DEFER_TASKRUN | COOP_TASKRUN). A kernel that refuses a flag (EINVAL: older than 6.1
//           for DEFER_TASKRUN, 5.19 for COOP_TASKRUN) gets a ring without it, and setup_note()
//           says which and why. Then it registers the file and the loop's buffers, so no I/O
//           looks the descriptor up or pins its pages again (IOSQE_FIXED_FILE, READ_FIXED /
//           WRITE_FIXED); a registration the kernel refuses (e.g. ENOMEM under RLIMIT_MEMLOCK,
//           buffers over 1 GiB) leaves that I/O path as it was, said in the note too. Buffers
//           are registered for direct I/O only (see register_file_and_buffers).
//           What the flags change in the figures: with deferred task work a completion reaches
//           the completion queue when iogate next waits for or reaps completions, not when the
//           device finishes; iogate times an I/O when it reaps it, which it did before as well,
//           so latency stays "as the application sees it" (fio's lat).
//   submit  takes a submission-queue entry and fills it (IORING_OP_READ / IORING_OP_WRITE, or
//           their _FIXED forms); the request's address travels as the entry's user data. Nothing
//           reaches the kernel yet.
//   commit  io_uring_submit: one io_uring_enter for everything filled since the last commit.
//   reap    takes whatever completions are ready; only when fewer than `min` are, it waits
//           (io_uring_wait_cqe_nr), retrying on EINTR. reap_for waits with the kernel's own
//           timeout (IORING_FEAT_EXT_ARG, 5.11); an older kernel waits for the completion.
//
// The ring has exactly `depth` submission entries and the loop never has more than `depth`
// requests in flight, so submit() answers busy only if that contract is broken. release() (and
// the destructor, if it was not called) submits what is still unsubmitted and waits for every
// request in flight before it tears the ring down: the loop's buffers must not be written after
// the run has unwound. Both must run on the thread that made the ring: a single-issuer ring
// answers another thread's wait with EEXIST.
//
// probe_io_uring() is the runtime half of the gate: liburing may be built in while the kernel
// refuses rings (io_uring_disabled sysctl, seccomp, RHEL 8's default) or lacks the opcodes.
#pragma once

#include <liburing.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

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
  void setup(const BackendSetup& setup) override;
  std::string setup_note() const override { return note_; }
  bool carries_priority() const override { return true; }
  SubmitStatus submit(IoRequest& req) override;
  void commit() override;
  std::size_t reap(std::span<IoRequest*> out, std::size_t min) override;
  std::size_t reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds wait) override;
  void flush() override;
  void release() noexcept override;

 private:
  void make_ring(unsigned depth);
  void register_file_and_buffers(const BackendSetup& setup);
  int buffer_index(const void* buffer) const;
  std::size_t take_ready(std::span<IoRequest*> out);
  void drain() noexcept;

  io_uring ring_{};
  bool ready_ = false;
  int fd_ = -1;
  bool fixed_file_ = false;
  // Registered buffer areas (index = position); empty when buffers are not registered.
  std::vector<std::span<std::byte>> fixed_buffers_;
  std::size_t in_flight_ = 0;  // filled entries, submitted or not, not reaped yet
  std::string note_;
};

}  // namespace iogate
