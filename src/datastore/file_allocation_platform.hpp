// What the layout of a test file (file_allocation.cpp, written once) asks of each platform:
// reserving blocks without writing, writing one chunk at an offset, and whatever the platform
// does behind those writes. fallocate, pwrite and sync_file_range (file_allocation_posix.cpp);
// FileAllocationInfo, WriteFile and nothing (file_allocation_windows.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>

#include "iogate/engine/native_handle.hpp"

namespace iogate::detail {

// Gives the file `size` (> 0) bytes of blocks and that length without writing them; false where
// the filesystem or the kernel cannot, so the caller writes the file through instead. Throws
// std::system_error naming `path` on any other failure.
bool reserve_blocks(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path);

// Writes up to `want` bytes of `data` at `offset`; returns how many were written, 0 when a signal
// came first and nothing was (the caller looks at its stop request and tries again). Throws
// std::system_error naming the write as the engine names a failed I/O.
std::size_t write_chunk(NativeHandle fd, const unsigned char* data, std::size_t want,
                        std::uint64_t offset, const std::filesystem::path& path);

// Told where a layout's writes have reached after each one (file_allocation.hpp: the write-behind
// on Linux); on Windows the file cache and the scratch area's final flush do that work.
class WriteBehind {
 public:
  WriteBehind(NativeHandle fd, const std::filesystem::path& path) : fd_(fd), path_(path) {}
  void written(std::uint64_t offset, std::uint64_t size);

 private:
  NativeHandle fd_;
  const std::filesystem::path& path_;
  std::uint64_t kicked_ = 0;  // writeback started up to here
};

}  // namespace iogate::detail
