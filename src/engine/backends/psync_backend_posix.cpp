// PsyncBackend on POSIX: pread/pwrite, fdatasync.
#include "backends/psync_backend.hpp"
#include "common/posix_error.hpp"

#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace iogate {

void PsyncBackend::setup(const BackendSetup& setup) { file_ = setup.file; }

SubmitStatus PsyncBackend::submit(IoRequest& req) {
  const auto offset = static_cast<off_t>(req.offset);
  const ssize_t n = req.direction == IoDirection::read
                        ? ::pread(file_, req.buffer, req.length, offset)
                        : ::pwrite(file_, req.buffer, req.length, offset);
  req.result = n >= 0 ? n : -errno;
  return SubmitStatus::completed;
}

// Nothing is ever queued, so there is nothing to reap.
std::size_t PsyncBackend::reap(std::span<IoRequest*> /*out*/, std::size_t /*min*/) { return 0; }

void PsyncBackend::flush() {
  if (::fdatasync(file_) != 0) detail::throw_errno("fdatasync");
}

}  // namespace iogate
