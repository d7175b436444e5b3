#include "backends/io_uring_backend.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <system_error>

namespace iogate {
namespace {

[[noreturn]] void throw_rc(int rc, const char* what) {
  throw std::system_error(-rc, std::generic_category(), what);
}

}  // namespace

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

IoUringBackend::~IoUringBackend() {
  if (!ready_) return;
  drain();
  io_uring_queue_exit(&ring_);
}

void IoUringBackend::setup(int fd, unsigned depth) {
  if (ready_) {
    drain();
    io_uring_queue_exit(&ring_);
    ready_ = false;
  }
  const int rc = io_uring_queue_init(depth, &ring_, 0);
  if (rc < 0) throw_rc(rc, "io_uring_queue_init");
  ready_ = true;
  fd_ = fd;
  in_flight_ = 0;
}

SubmitStatus IoUringBackend::submit(IoRequest& req) {
  io_uring_sqe* sqe = io_uring_get_sqe(&ring_);
  if (sqe == nullptr) return SubmitStatus::busy;
  if (req.direction == IoDirection::read) {
    io_uring_prep_read(sqe, fd_, req.buffer, req.length, req.offset);
  } else {
    io_uring_prep_write(sqe, fd_, req.buffer, req.length, req.offset);
  }
  io_uring_sqe_set_data(sqe, &req);
  ++in_flight_;
  return SubmitStatus::queued;
}

void IoUringBackend::commit() {
  // EINTR/EAGAIN/EBUSY leave the entries in the ring; the next commit or reap sends them.
  const int rc = io_uring_submit(&ring_);
  if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY) throw_rc(rc, "io_uring_submit");
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
      throw_rc(rc, "io_uring_submit_and_wait");
    }
    n += take_ready(out.subspan(n));
  }
  return n;
}

void IoUringBackend::flush() {
  if (::fdatasync(fd_) != 0) throw std::system_error(errno, std::generic_category(), "fdatasync");
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
