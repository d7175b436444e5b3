#include "file_allocation.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <string>
#include <system_error>
#include <vector>

#include "iogate/interrupt.hpp"
#include "layout_pattern.hpp"
#include "platform_fallbacks.hpp"
#include "posix_error.hpp"

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

void allocate_file(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path) {
  if (size == 0) return;  // fallocate rejects a zero length; an empty file needs no blocks
  int rc;
  do {
    rc = fallocate(fd, 0, 0, static_cast<off_t>(size));
  } while (rc != 0 && errno == EINTR);
  if (rc == 0) return;
  if (errno == EOPNOTSUPP || errno == ENOSYS) {
    note_fallback("fallocate: " + std::generic_category().message(errno) +
                  "; the test file was written through instead");
    return write_through(fd, size, path);
  }
  throw_errno("fallocate", path);
}

void write_through(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path,
                   std::uint64_t write_size) {
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t each = layout_write_size(write_size);
  std::vector<unsigned char> chunk = layout_chunk(size, each);
  std::uint64_t offset = 0;
  std::uint64_t kicked = 0;  // writeback started up to here
  while (offset < size) {
    if (const int sig = stop_requested(); sig != 0) {
      throw Interrupted(sig, {.doing = "preallocating " + path.string(),
                              .elapsed = std::chrono::steady_clock::now() - started,
                              .bytes = offset,
                              .bytes_planned = size});
    }
    const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(size - offset, each));
    stamp_offsets(chunk, offset);
    const ssize_t n = pwrite(fd, chunk.data(), want, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      // Named as the engine names a failed I/O: a device that fails one block says which.
      const int error = n < 0 ? errno : EIO;
      throw std::system_error(error, std::generic_category(),
                              "write of " + std::to_string(want) + " bytes at offset " +
                                  std::to_string(offset) + " of " + path.string() +
                                  (n == 0 ? " (no progress)" : ""));
    }
    offset += static_cast<std::uint64_t>(n);  // a short write just continues from where it ended
    if (offset - kicked >= kWindow || offset == size) {
      start_writeback(fd, kicked, offset - kicked, SYNC_FILE_RANGE_WRITE, path);
      if (kicked >= 2 * kWindow) {
        start_writeback(
            fd, kicked - 2 * kWindow, kWindow,
            SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER, path);
      }
      kicked = offset;
    }
  }
}

}  // namespace iogate::detail
