#include "backends/win32_errno.hpp"

#include <cerrno>

namespace iogate::detail {

std::int64_t win32_io_result(DWORD error) {
  switch (error) {
    case ERROR_HANDLE_EOF:  // a positioned read at or past the end: what pread reports as 0
      return 0;
    // Windows refuses one more outstanding request with these when a quota or the non-paged pool
    // is exhausted: the request itself is sound, and is tried again.
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_NOT_ENOUGH_QUOTA:
    case ERROR_NO_SYSTEM_RESOURCES:
    case ERROR_NONPAGED_SYSTEM_RESOURCES:
    case ERROR_WORKING_SET_QUOTA:
    case ERROR_INVALID_USER_BUFFER:
      return -EAGAIN;
    case ERROR_OPERATION_ABORTED:
      return -EINTR;
    case ERROR_INVALID_HANDLE:
      return -EBADF;
    case ERROR_ACCESS_DENIED:
    case ERROR_WRITE_PROTECT:
      return -EACCES;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
      return -ENOSPC;
    case ERROR_INVALID_PARAMETER:
      return -EINVAL;
    default:
      return -EIO;
  }
}

}  // namespace iogate::detail
