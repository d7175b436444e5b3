// Laying out a test file on Windows (file_allocation.hpp says why and how on Linux).
//
// Allocation: FileAllocationInfo reserves the clusters, then the end of file is set, so NTFS
// holds the extents without writing them (reads past the valid data length return zeros without
// touching the disk, which is why a workload that reads needs FileLayout::written); where that
// is not implemented (wine answers ERROR_CALL_NOT_IMPLEMENTED) the file is written through. Writing
// through: the same stamped pattern as on Linux, in writes of the workload's block size, through
// the file cache; FlushFileBuffers at the end (the scratch area's) puts it on the device.
#include "common/windows_handle.hpp"
//
#include <string>
#include <system_error>

#include "file_allocation_platform.hpp"

namespace iogate::detail {

bool reserve_blocks(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path) {
  FILE_ALLOCATION_INFO allocation{};
  allocation.AllocationSize.QuadPart = static_cast<LONGLONG>(size);
  if (!::SetFileInformationByHandle(fd, FileAllocationInfo, &allocation, sizeof allocation)) {
    // A filesystem (or wine) that cannot reserve without writing: written through instead, as
    // on Linux where fallocate is missing.
    const DWORD error = ::GetLastError();
    if (error == ERROR_CALL_NOT_IMPLEMENTED || error == ERROR_NOT_SUPPORTED ||
        error == ERROR_INVALID_FUNCTION)
      return false;
    throw_win32(error, "allocate", path);
  }
  FILE_END_OF_FILE_INFO end{};
  end.EndOfFile.QuadPart = static_cast<LONGLONG>(size);
  if (!::SetFileInformationByHandle(fd, FileEndOfFileInfo, &end, sizeof end))
    throw_last_error("set the size of", path);
  return true;
}

std::size_t write_chunk(NativeHandle fd, const unsigned char* data, std::size_t want,
                        std::uint64_t offset, const std::filesystem::path& path) {
  OVERLAPPED at{};
  at.Offset = static_cast<DWORD>(offset);
  at.OffsetHigh = static_cast<DWORD>(offset >> 32);
  DWORD n = 0;
  const bool written = ::WriteFile(fd, data, static_cast<DWORD>(want), &n, &at) != 0;
  if (!written || n == 0) {
    // Named as the engine names a failed I/O: a device that fails one block says which.
    const DWORD error = written ? ERROR_WRITE_FAULT : ::GetLastError();
    throw_win32(
        error,
        "write of " + std::to_string(want) + " bytes at offset " + std::to_string(offset) + " of",
        path);
  }
  return n;
}

// The file cache writes behind on its own; the scratch area's flush waits for it.
void WriteBehind::written(std::uint64_t /*offset*/, std::uint64_t /*size*/) {}

}  // namespace iogate::detail
