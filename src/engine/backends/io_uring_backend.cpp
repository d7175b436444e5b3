#include "backends/io_uring_backend.hpp"
#include "common/posix_error.hpp"

#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <system_error>

namespace iogate {
std::optional<std::string> probe_io_uring() {
  io_uring ring{};
  const int rc = io_uring_queue_init(2, &ring, 0);
  if (rc < 0) return std::string("io_uring_queue_init: ") + std::strerror(-rc);
  std::optional<std::string> why;
  io_uring_probe* probe = io_uring_get_probe_ring(&ring);
  if (probe == nullptr) {
    why = "the kernel cannot list its io_uring operations (older than 5.6)";
  } else if (!io_uring_opcode_supported(probe, IORING_OP_READ) ||
             !io_uring_opcode_supported(probe, IORING_OP_WRITE)) {
    why = "the kernel's io_uring lacks IORING_OP_READ/IORING_OP_WRITE (older than 5.6)";
  }
  if (probe != nullptr) io_uring_free_probe(probe);
  io_uring_queue_exit(&ring);
  return why;
}

IoUringBackend::~IoUringBackend() { release(); }

void IoUringBackend::release() noexcept {
  if (!ready_) return;
  drain();
  // The kernel frees a ring in the background after its descriptor is closed, and a registered
  // file stays open until then: unmounting the datastore right after iogate exits failed with
  // EBUSY. Unregistering waits until the ring lets go of the file and the pinned buffers.
  if (fixed_file_) (void)io_uring_unregister_files(&ring_);
  if (!fixed_buffers_.empty()) (void)io_uring_unregister_buffers(&ring_);
  fixed_file_ = false;
  fixed_buffers_.clear();
  io_uring_queue_exit(&ring_);
  ready_ = false;
}

void IoUringBackend::setup(const BackendSetup& setup) {
  release();
  note_.clear();
  make_ring(setup.depth);
  ready_ = true;
  fd_ = setup.file;
  in_flight_ = 0;
  register_file_and_buffers(setup);
}

// fio's ring (engines/io_uring.c), falling back one flag set at a time on EINVAL as it does.
void IoUringBackend::make_ring(unsigned depth) {
  struct Attempt {
    unsigned flags;
    const char* refused;  // what the note says when this set is refused
  };
  static constexpr Attempt kAttempts[] = {
      {IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN,
       "IORING_SETUP_SINGLE_ISSUER|DEFER_TASKRUN"},
      {IORING_SETUP_COOP_TASKRUN, "IORING_SETUP_COOP_TASKRUN"},
      {0, nullptr},
  };
  std::string refused;
  for (const Attempt& attempt : kAttempts) {
    io_uring_params params{};
    params.flags = attempt.flags;
    const int rc = io_uring_queue_init_params(depth, &ring_, &params);
    if (rc == 0) {
      note_ = attempt.flags == kAttempts[0].flags ? "ring: single issuer, deferred task work"
                                                  : "ring without " + refused;
      return;
    }
    if (rc != -EINVAL || attempt.refused == nullptr)
      detail::throw_negative_errno(rc, "io_uring_queue_init");
    refused += (refused.empty() ? "" : ", ") + std::string(attempt.refused) + " (" +
               std::strerror(-rc) + ")";
  }
}

void IoUringBackend::register_file_and_buffers(const BackendSetup& setup) {
  fixed_file_ = io_uring_register_files(&ring_, &setup.file, 1) == 0;
  fixed_buffers_.clear();
  if (!setup.direct) {
    // The page cache copies through a registered buffer more slowly than through the user's
    // own (bvec against iovec): 4 KiB cached reads at QD 32 lost 15% of their IOPS per
    // CPU-second. Registration pays off where it saves pinning pages, with direct I/O.
    note_ += fixed_file_ ? "; file registered, buffers not (buffered I/O)"
                         : "; file not registered, buffers not (buffered I/O)";
    return;
  }
  std::vector<iovec> areas;
  for (const std::span<std::byte> area : {setup.read_buffers, setup.write_buffers}) {
    if (area.empty()) continue;
    areas.push_back({area.data(), area.size()});
    fixed_buffers_.push_back(area);
  }
  int buffers_rc = 0;
  if (!areas.empty()) {
    buffers_rc =
        io_uring_register_buffers(&ring_, areas.data(), static_cast<unsigned>(areas.size()));
    if (buffers_rc != 0) fixed_buffers_.clear();
  }
  if (fixed_file_ && buffers_rc == 0) {
    note_ += "; file and buffers registered";
    return;
  }
  note_ += fixed_file_ ? "; file registered" : "; file not registered";
  if (buffers_rc != 0) {
    note_ += std::string(", buffers not registered (io_uring_register_buffers: ") +
             std::strerror(-buffers_rc) + ")";
  } else if (!areas.empty()) {
    note_ += ", buffers registered";
  }
}

int IoUringBackend::buffer_index(const void* buffer) const {
  const auto* at = static_cast<const std::byte*>(buffer);
  for (std::size_t i = 0; i < fixed_buffers_.size(); ++i) {
    const std::span<std::byte> area = fixed_buffers_[i];
    if (at >= area.data() && at < area.data() + area.size()) return static_cast<int>(i);
  }
  return -1;
}

SubmitStatus IoUringBackend::submit(IoRequest& req) {
  io_uring_sqe* sqe = io_uring_get_sqe(&ring_);
  if (sqe == nullptr) return SubmitStatus::busy;
  const int fd = fixed_file_ ? 0 : fd_;  // a registered file is named by its index
  const int index = buffer_index(req.buffer);
  if (req.direction == IoDirection::read) {
    if (index >= 0) {
      io_uring_prep_read_fixed(sqe, fd, req.buffer, req.length, req.offset, index);
    } else {
      io_uring_prep_read(sqe, fd, req.buffer, req.length, req.offset);
    }
  } else if (index >= 0) {
    io_uring_prep_write_fixed(sqe, fd, req.buffer, req.length, req.offset, index);
  } else {
    io_uring_prep_write(sqe, fd, req.buffer, req.length, req.offset);
  }
  if (fixed_file_) sqe->flags |= IOSQE_FIXED_FILE;
  sqe->ioprio = req.ioprio;
  io_uring_sqe_set_data(sqe, &req);
  ++in_flight_;
  return SubmitStatus::queued;
}

void IoUringBackend::commit() {
  // EINTR/EAGAIN/EBUSY leave the entries in the ring; the next commit or reap sends them.
  const int rc = io_uring_submit(&ring_);
  if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY)
    detail::throw_negative_errno(rc, "io_uring_submit");
}

std::size_t IoUringBackend::take_ready(std::span<IoRequest*> out) {
  io_uring_cqe* cqes[64];
  std::size_t n = 0;
  while (n < out.size()) {
    const unsigned want = static_cast<unsigned>(std::min<std::size_t>(64, out.size() - n));
    const unsigned got = io_uring_peek_batch_cqe(&ring_, cqes, want);
    if (got == 0) break;
    for (unsigned i = 0; i < got; ++i) {
      auto* req = static_cast<IoRequest*>(io_uring_cqe_get_data(cqes[i]));
      req->result = cqes[i]->res;
      out[n++] = req;
    }
    io_uring_cq_advance(&ring_, got);
  }
  in_flight_ -= n;
  return n;
}

std::size_t IoUringBackend::reap(std::span<IoRequest*> out, std::size_t min) {
  std::size_t n = take_ready(out);
  while (n < min && in_flight_ > 0) {
    // Sends anything a failed commit left behind, then waits for the rest of `min`.
    const auto wait = static_cast<unsigned>(std::min(min - n, in_flight_));
    const int rc = io_uring_submit_and_wait(&ring_, wait);
    if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY && rc != -ETIME) {
      detail::throw_negative_errno(rc, "io_uring_submit_and_wait");
    }
    n += take_ready(out.subspan(n));
  }
  return n;
}

// Kernels before 5.11 have no timeout argument to io_uring_enter: liburing would queue a timeout
// request of its own, whose completion take_ready() would hand the loop as an I/O. There the
// wait is for a completion, however long (the schedule waits on it, as without reap_for).
std::size_t IoUringBackend::reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds wait) {
  const std::size_t n = take_ready(out);
  if (n > 0 || in_flight_ == 0) return n;
  if ((ring_.features & IORING_FEAT_EXT_ARG) == 0) return reap(out, 1);
  const auto ns = std::max<std::int64_t>(wait.count(), 0);
  __kernel_timespec timeout{ns / 1'000'000'000, ns % 1'000'000'000};
  io_uring_cqe* cqe = nullptr;
  const int rc = io_uring_submit_and_wait_timeout(&ring_, &cqe, 1, &timeout, nullptr);
  if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY && rc != -ETIME)
    detail::throw_negative_errno(rc, "io_uring_submit_and_wait_timeout");
  return take_ready(out);
}

void IoUringBackend::flush() {
  if (::fdatasync(fd_) != 0) detail::throw_errno("fdatasync");
}

void IoUringBackend::drain() noexcept {
  while (in_flight_ > 0) {
    const int rc = io_uring_submit_and_wait(&ring_, 1);
    if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY && rc != -ETIME) return;
    io_uring_cqe* cqe = nullptr;
    while (io_uring_peek_cqe(&ring_, &cqe) == 0 && cqe != nullptr) {
      io_uring_cqe_seen(&ring_, cqe);
      --in_flight_;
    }
  }
}

}  // namespace iogate
