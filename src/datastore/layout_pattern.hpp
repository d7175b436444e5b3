// What a test file is written with when it is laid out (file_allocation.hpp), on every platform.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace iogate::detail {

inline constexpr std::uint64_t kMinLayoutWrite =
    4096;  // one stamp per 4 KiB block needs whole ones
inline constexpr std::uint64_t kMaxLayoutWrite = 16 * 1024 * 1024;
inline constexpr unsigned char kLayoutPattern = 0xA5;
inline constexpr std::size_t kStampEvery = 4096;

// The size of each write: the workload's block size, within [4 KiB, 16 MiB].
inline std::uint64_t layout_write_size(std::uint64_t write_size) {
  return std::clamp(write_size, kMinLayoutWrite, kMaxLayoutWrite);
}

// A buffer for writes of `each` bytes into a file of `size` bytes, before stamping.
inline std::vector<unsigned char> layout_chunk(std::uint64_t size, std::uint64_t each) {
  return std::vector<unsigned char>(static_cast<std::size_t>(std::min(size, each)), kLayoutPattern);
}

// Each 4 KiB block starts with its index, so no two blocks are alike and a deduplicating layer
// cannot fold the file into a few shared blocks. The index is written in base-255 digits plus one,
// so the file still holds no zero byte for a compressing layer to elide.
inline void stamp_offsets(std::vector<unsigned char>& chunk, std::uint64_t chunk_offset) {
  constexpr std::size_t kDigits = 8;
  for (std::size_t at = 0; at + kDigits <= chunk.size(); at += kStampEvery) {
    std::uint64_t index = (chunk_offset + at) / kStampEvery;
    for (std::size_t d = 0; d < kDigits; ++d, index /= 255)
      chunk[at + d] = static_cast<unsigned char>(index % 255 + 1);
  }
}

}  // namespace iogate::detail
