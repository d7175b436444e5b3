// Giving a test file its blocks on Windows (file_allocation.hpp says why and how on Linux).
//
// Allocation: FileAllocationInfo reserves the clusters, then the end of file is set, so NTFS
// holds the extents without writing them (reads past the valid data length return zeros without
// touching the disk, which is why a workload that reads needs FileLayout::written); where that
// is not implemented (wine answers ERROR_CALL_NOT_IMPLEMENTED) the file is written through. Writing
// through: the same stamped pattern as on Linux, in writes of the workload's block size, through
// the file cache; FlushFileBuffers at the end (the scratch area's) puts it on the device.
#include "windows_handle.hpp"
//
#include "file_allocation.hpp"

#include <chrono>
#include <string>
#include <system_error>
#include <vector>

#include "iogate/interrupt.hpp"
#include "layout_pattern.hpp"

namespace iogate::detail {

void allocate_file(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path) {
  if (size == 0) return;
  FILE_ALLOCATION_INFO allocation{};
  allocation.AllocationSize.QuadPart = static_cast<LONGLONG>(size);
  if (!::SetFileInformationByHandle(fd, FileAllocationInfo, &allocation, sizeof allocation)) {
    // A filesystem (or wine) that cannot reserve without writing: written through instead, as
    // on Linux where fallocate is missing.
    const DWORD error = ::GetLastError();
    if (error == ERROR_CALL_NOT_IMPLEMENTED || error == ERROR_NOT_SUPPORTED ||
        error == ERROR_INVALID_FUNCTION)
      return write_through(fd, size, path);
    throw_win32(error, "allocate", path);
  }
  FILE_END_OF_FILE_INFO end{};
  end.EndOfFile.QuadPart = static_cast<LONGLONG>(size);
  if (!::SetFileInformationByHandle(fd, FileEndOfFileInfo, &end, sizeof end))
    throw_last_error("set the size of", path);
}

void write_through(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path,
                   std::uint64_t write_size) {
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t each = layout_write_size(write_size);
  std::vector<unsigned char> chunk = layout_chunk(size, each);
  std::uint64_t offset = 0;
  while (offset < size) {
    if (const int sig = stop_requested(); sig != 0) {
      throw Interrupted(sig, {.doing = "preallocating " + path.string(),
                              .elapsed = std::chrono::steady_clock::now() - started,
                              .bytes = offset,
                              .bytes_planned = size});
    }
    const DWORD want = static_cast<DWORD>(std::min<std::uint64_t>(size - offset, each));
    stamp_offsets(chunk, offset);
    OVERLAPPED at{};
    at.Offset = static_cast<DWORD>(offset);
    at.OffsetHigh = static_cast<DWORD>(offset >> 32);
    DWORD n = 0;
    const bool written = ::WriteFile(fd, chunk.data(), want, &n, &at) != 0;
    if (!written || n == 0) {
      // Named as the engine names a failed I/O: a device that fails one block says which.
      const DWORD error = written ? ERROR_WRITE_FAULT : ::GetLastError();
      throw_win32(
          error,
          "write of " + std::to_string(want) + " bytes at offset " + std::to_string(offset) + " of",
          path);
    }
    offset += n;  // a short write just continues from where it ended
  }
}

}  // namespace iogate::detail
