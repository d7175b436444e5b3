#include "backends/iocp_backend.hpp"

#include <algorithm>
#include <system_error>

#include "backends/win32_errno.hpp"
#include "common/windows_handle.hpp"

namespace iogate {
namespace {

std::string describe(DWORD error) {
  return std::system_category().message(static_cast<int>(error));
}

}  // namespace

std::optional<std::string> probe_iocp() {
  HANDLE port = ::CreateIoCompletionPort(INVALID_HANDLE_VALUE, nullptr, 0, 1);
  if (port == nullptr) return "CreateIoCompletionPort: " + describe(::GetLastError());
  ::CloseHandle(port);
  return std::nullopt;
}

IocpBackend::~IocpBackend() {
  drain();
  if (port_ != nullptr) ::CloseHandle(port_);
}

void IocpBackend::setup(const BackendSetup& setup) {
  drain();
  stats_ = {};
  if (setup.file != file_ || port_ == nullptr) {
    if (port_ != nullptr) ::CloseHandle(port_);
    port_ = ::CreateIoCompletionPort(setup.file, nullptr, 0, 1);
    if (port_ == nullptr) detail::throw_last_error("CreateIoCompletionPort");
    file_ = setup.file;
    // The packet is how a completion is seen: the handle's own event need not be set as well.
    ::SetFileCompletionNotificationModes(file_, FILE_SKIP_SET_EVENT_ON_HANDLE);
  }
  ops_.assign(setup.depth, Op{});
  free_.clear();
  for (Op& op : ops_) free_.push_back(&op);
  entries_.assign(setup.depth, OVERLAPPED_ENTRY{});
  in_flight_ = 0;
  note_ = std::string("overlapped handle on a completion port") +
          (setup.direct ? ", unbuffered (FILE_FLAG_NO_BUFFERING)" : "");
}

SubmitStatus IocpBackend::submit(IoRequest& req) {
  if (free_.empty()) return SubmitStatus::busy;
  Op& op = *free_.back();
  op.overlapped = OVERLAPPED{};
  op.overlapped.Offset = static_cast<DWORD>(req.offset);
  op.overlapped.OffsetHigh = static_cast<DWORD>(req.offset >> 32);
  op.req = &req;
  ++stats_.submitted;
  const BOOL ok = req.direction == IoDirection::read
                      ? ::ReadFile(file_, req.buffer, req.length, nullptr, &op.overlapped)
                      : ::WriteFile(file_, req.buffer, req.length, nullptr, &op.overlapped);
  const DWORD error = ok ? ERROR_SUCCESS : ::GetLastError();
  if (!ok && error != ERROR_IO_PENDING) {
    // Failed before it reached the device: no packet will come (a read at the end of the file
    // is one of these: ERROR_HANDLE_EOF, a 0-byte transfer for the loop to judge).
    ++stats_.failed_at_submit;
    req.result = detail::win32_io_result(error);
    return SubmitStatus::completed;
  }
  ++(ok ? stats_.done_at_submit : stats_.pending);
  free_.pop_back();
  stats_.max_outstanding = std::max(stats_.max_outstanding, ++in_flight_);
  return SubmitStatus::queued;
}

std::size_t IocpBackend::reap(std::span<IoRequest*> out, std::size_t min) {
  return collect(out, min, INFINITE);
}

std::size_t IocpBackend::reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds wait) {
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(wait).count();
  return collect(out, 1, static_cast<DWORD>(std::clamp<std::int64_t>(ms, 0, INFINITE - 1)));
}

std::size_t IocpBackend::collect(std::span<IoRequest*> out, std::size_t min, DWORD first_wait) {
  std::size_t got = 0;
  while (in_flight_ > 0 && got < out.size()) {
    const auto room = static_cast<ULONG>(std::min({out.size() - got, entries_.size(), in_flight_}));
    ULONG n = 0;
    const DWORD wait = got < min ? first_wait : 0;
    if (!::GetQueuedCompletionStatusEx(port_, entries_.data(), room, &n, wait, FALSE)) {
      const DWORD error = ::GetLastError();
      if (error == WAIT_TIMEOUT) break;
      detail::throw_win32(error, "GetQueuedCompletionStatusEx");
    }
    ++stats_.reap_calls;
    stats_.reaped += n;
    stats_.max_batch = std::max<std::size_t>(stats_.max_batch, n);
    for (ULONG i = 0; i < n; ++i) {
      Op* op = reinterpret_cast<Op*>(entries_[i].lpOverlapped);
      DWORD bytes = 0;
      // The packet is in, so this does not wait; it turns the request's status into a Win32
      // error where it failed.
      const BOOL ok = ::GetOverlappedResult(file_, &op->overlapped, &bytes, FALSE);
      op->req->result =
          ok ? static_cast<std::int64_t>(bytes) : detail::win32_io_result(::GetLastError());
      out[got++] = op->req;
      op->req = nullptr;
      free_.push_back(op);
      --in_flight_;
    }
    if (got >= min) break;
  }
  return got;
}

void IocpBackend::flush() {
  if (!::FlushFileBuffers(file_)) detail::throw_last_error("FlushFileBuffers");
}

void IocpBackend::release() noexcept { drain(); }

// The kernel may still write into the loop's buffers: every packet is waited for.
void IocpBackend::drain() noexcept {
  while (in_flight_ > 0 && port_ != nullptr) {
    ULONG n = 0;
    const auto room = static_cast<ULONG>(std::min(entries_.size(), in_flight_));
    if (!::GetQueuedCompletionStatusEx(port_, entries_.data(), room, &n, INFINITE, FALSE)) break;
    in_flight_ -= n;
  }
  in_flight_ = 0;
}

}  // namespace iogate
