#include "backends/libaio_backend.hpp"
#include "common/posix_error.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <system_error>

namespace iogate {
namespace {

// IOCB_FLAG_IOPRIO of <linux/aio_abi.h>, whose struct iocb clashes with libaio.h's: the kernel
// reads aio_reqprio only with it set.
constexpr unsigned kIocbFlagIoprio = 1u << 1;

}  // namespace

std::optional<std::string> probe_libaio() {
  io_context_t ctx = nullptr;
  const int rc = io_setup(1, &ctx);
  if (rc < 0) return std::string("io_setup: ") + std::strerror(-rc);
  io_destroy(ctx);
  return std::nullopt;
}

LibaioBackend::~LibaioBackend() { release(); }

void LibaioBackend::setup(const BackendSetup& setup) {
  release();
  const unsigned depth = setup.depth;
  const int rc = io_setup(static_cast<int>(depth), &ctx_);
  if (rc < 0) {
    ctx_ = nullptr;
    detail::throw_negative_errno(rc, "io_setup");
  }
  fd_ = setup.file;
  iocbs_.assign(depth, iocb{});
  batch_.clear();
  batch_.reserve(depth);
  refused_.clear();
  events_.resize(depth);
  in_kernel_ = 0;
}

SubmitStatus LibaioBackend::submit(IoRequest& req) {
  if (req.slot >= iocbs_.size() || batch_.size() + in_kernel_ + refused_.size() >= iocbs_.size()) {
    return SubmitStatus::busy;
  }
  iocb& cb = iocbs_[req.slot];
  const auto offset = static_cast<long long>(req.offset);
  if (req.direction == IoDirection::read) {
    io_prep_pread(&cb, fd_, req.buffer, req.length, offset);
  } else {
    io_prep_pwrite(&cb, fd_, req.buffer, req.length, offset);
  }
  if (req.ioprio != 0) {
    cb.aio_reqprio = static_cast<short>(req.ioprio);
    cb.u.c.flags |= kIocbFlagIoprio;
  }
  cb.data = &req;
  batch_.push_back(&cb);
  return SubmitStatus::queued;
}

void LibaioBackend::commit() {
  while (!batch_.empty()) {
    const int rc = io_submit(ctx_, static_cast<long>(batch_.size()), batch_.data());
    if (rc == -EINTR) continue;
    if (rc == -EAGAIN) return;  // kernel resources short: retried from reap
    if (rc < 0) {
      // The kernel refused the first iocb itself (EBADF, EINVAL ...): that request completes
      // with the error, so the loop reports it with its operation, offset and path.
      auto* req = static_cast<IoRequest*>(batch_.front()->data);
      req->result = rc;
      refused_.push_back(req);
      batch_.erase(batch_.begin());
      continue;
    }
    const auto taken = static_cast<std::size_t>(rc);
    in_kernel_ += taken;
    batch_.erase(batch_.begin(), batch_.begin() + static_cast<std::ptrdiff_t>(taken));
    if (taken == 0) return;
  }
}

std::size_t LibaioBackend::reap(std::span<IoRequest*> out, std::size_t min) {
  return collect(out, min, nullptr);
}

// A signal ends the wait early: 0 completions, and the loop waits again for what is left.
std::size_t LibaioBackend::reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds wait) {
  const auto ns = std::max<std::int64_t>(wait.count(), 0);
  timespec timeout{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
  return collect(out, 1, &timeout);
}

std::size_t LibaioBackend::collect(std::span<IoRequest*> out, std::size_t min, timespec* timeout) {
  commit();
  if (!refused_.empty()) {
    const std::size_t n = std::min(out.size(), refused_.size());
    std::copy_n(refused_.begin(), n, out.begin());
    refused_.erase(refused_.begin(), refused_.begin() + static_cast<std::ptrdiff_t>(n));
    return n;
  }
  if (in_kernel_ == 0) return 0;
  const long max = static_cast<long>(std::min({out.size(), events_.size(), in_kernel_}));
  const long want = std::min(static_cast<long>(min), max);
  int got = 0;
  do {
    got = io_getevents(ctx_, want, max, events_.data(), timeout);
  } while (got == -EINTR && timeout == nullptr);
  if (got == -EINTR) return 0;
  if (got < 0) detail::throw_negative_errno(got, "io_getevents");
  for (int i = 0; i < got; ++i) {
    const io_event& ev = events_[static_cast<std::size_t>(i)];
    auto* req = static_cast<IoRequest*>(ev.data);
    // res is the byte count, or -errno stored in an unsigned long.
    req->result = static_cast<std::int64_t>(static_cast<long>(ev.res));
    out[static_cast<std::size_t>(i)] = req;
  }
  in_kernel_ -= static_cast<std::size_t>(got);
  return static_cast<std::size_t>(got);
}

void LibaioBackend::flush() {
  if (::fdatasync(fd_) != 0) detail::throw_errno("fdatasync");
}

void LibaioBackend::release() noexcept {
  if (ctx_ == nullptr) return;
  batch_.clear();
  while (in_kernel_ > 0) {
    const long max = static_cast<long>(std::min(events_.size(), in_kernel_));
    const int got = io_getevents(ctx_, 1, max, events_.data(), nullptr);
    if (got == -EINTR) continue;
    if (got < 0) break;  // io_destroy below still waits for what is left
    in_kernel_ -= static_cast<std::size_t>(got);
  }
  io_destroy(ctx_);
  ctx_ = nullptr;
}

}  // namespace iogate
