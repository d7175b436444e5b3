// PsyncBackend on Windows: ReadFile/WriteFile with the offset in an OVERLAPPED, then waiting for
// that one transfer before submit returns: Windows' pread/pwrite. The engine's handles are
// overlapped (workload_file.hpp), so a call may answer ERROR_IO_PENDING; with one request at a
// time on the handle, GetOverlappedResult waits on the handle itself for it. FlushFileBuffers for
// the flush.
#include <system_error>

#include "backends/psync_backend.hpp"
#include "backends/win32_errno.hpp"
#include "common/windows_handle.hpp"

namespace iogate {

void PsyncBackend::setup(const BackendSetup& setup) { file_ = setup.file; }

SubmitStatus PsyncBackend::submit(IoRequest& req) {
  OVERLAPPED at{};
  at.Offset = static_cast<DWORD>(req.offset);
  at.OffsetHigh = static_cast<DWORD>(req.offset >> 32);
  DWORD done = 0;
  BOOL ok = req.direction == IoDirection::read
                ? ::ReadFile(file_, req.buffer, req.length, nullptr, &at)
                : ::WriteFile(file_, req.buffer, req.length, nullptr, &at);
  if (ok || ::GetLastError() == ERROR_IO_PENDING)
    ok = ::GetOverlappedResult(file_, &at, &done, TRUE);
  req.result = ok ? static_cast<std::int64_t>(done) : detail::win32_io_result(::GetLastError());
  return SubmitStatus::completed;
}

// Nothing is ever queued, so there is nothing to reap.
std::size_t PsyncBackend::reap(std::span<IoRequest*> /*out*/, std::size_t /*min*/) { return 0; }

void PsyncBackend::flush() {
  if (!::FlushFileBuffers(file_)) detail::throw_last_error("FlushFileBuffers");
}

}  // namespace iogate
