// Laying out a test file, on every platform (file_allocation.hpp says why and how); what differs
// per platform is behind file_allocation_platform.hpp.
#include "file_allocation.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "common/interrupt.hpp"
#include "file_allocation_platform.hpp"
#include "layout_pattern.hpp"

namespace iogate::detail {

void allocate_file(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path) {
  if (size == 0) return;  // fallocate rejects a zero length; an empty file needs no blocks
  if (!reserve_blocks(fd, size, path)) write_through(fd, size, path);
}

void write_through(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path,
                   std::uint64_t write_size) {
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t each = layout_write_size(write_size);
  std::vector<unsigned char> chunk = layout_chunk(size, each);
  WriteBehind behind(fd, path);
  std::uint64_t offset = 0;
  while (offset < size) {
    if (const int sig = stop_requested(); sig != 0) {
      throw Interrupted(sig, {.doing = "preallocating " + path.string(),
                              .elapsed = std::chrono::steady_clock::now() - started,
                              .bytes = offset,
                              .bytes_planned = size});
    }
    const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(size - offset, each));
    stamp_offsets(chunk, offset);
    const std::size_t n = write_chunk(fd, chunk.data(), want, offset, path);
    if (n == 0) continue;
    offset += n;  // a short write just continues from where it ended
    behind.written(offset, size);
  }
}

}  // namespace iogate::detail
