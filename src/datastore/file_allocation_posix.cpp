// Laying out a test file on POSIX: fallocate, pwrite and the write-behind through
// sync_file_range (file_allocation.hpp says why).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

#include "common/platform_fallbacks.hpp"
#include "common/posix_error.hpp"
#include "file_allocation_platform.hpp"

namespace iogate::detail {
namespace {

// Write-behind: every kWindow bytes written, writeback of that window is started, and the window
// two before it is waited for (file_allocation.hpp says why).
constexpr std::uint64_t kWindow = 32 * 1024 * 1024;

// sync_file_range is a hint: a filesystem that has none (EINVAL, ESPIPE, ENOSYS) leaves the work
// to the final fsync. A writeback error it reports is the file's error, and the layout's.
void start_writeback(int fd, std::uint64_t from, std::uint64_t length, unsigned flags,
                     const std::filesystem::path& path) {
  int rc;
  do {
    rc = sync_file_range(fd, static_cast<off_t>(from), static_cast<off_t>(length), flags);
  } while (rc != 0 && errno == EINTR);
  if (rc != 0 && errno != EINVAL && errno != ESPIPE && errno != ENOSYS)
    throw_errno("sync_file_range", path);
}

}  // namespace

bool reserve_blocks(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path) {
  int rc;
  do {
    rc = fallocate(fd, 0, 0, static_cast<off_t>(size));
  } while (rc != 0 && errno == EINTR);
  if (rc == 0) return true;
  if (errno == EOPNOTSUPP || errno == ENOSYS) {
    note_fallback("fallocate: " + std::generic_category().message(errno) +
                  "; the test file was written through instead");
    return false;
  }
  throw_errno("fallocate", path);
}

std::size_t write_chunk(NativeHandle fd, const unsigned char* data, std::size_t want,
                        std::uint64_t offset, const std::filesystem::path& path) {
  const ssize_t n = pwrite(fd, data, want, static_cast<off_t>(offset));
  if (n < 0 && errno == EINTR) return 0;
  if (n <= 0) {
    // Named as the engine names a failed I/O: a device that fails one block says which.
    const int error = n < 0 ? errno : EIO;
    throw std::system_error(error, std::generic_category(),
                            "write of " + std::to_string(want) + " bytes at offset " +
                                std::to_string(offset) + " of " + path.string() +
                                (n == 0 ? " (no progress)" : ""));
  }
  return static_cast<std::size_t>(n);
}

void WriteBehind::written(std::uint64_t offset, std::uint64_t size) {
  if (offset - kicked_ < kWindow && offset != size) return;
  start_writeback(fd_, kicked_, offset - kicked_, SYNC_FILE_RANGE_WRITE, path_);
  if (kicked_ >= 2 * kWindow) {
    start_writeback(
        fd_, kicked_ - 2 * kWindow, kWindow,
        SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER, path_);
  }
  kicked_ = offset;
}

}  // namespace iogate::detail
