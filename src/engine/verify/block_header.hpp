// Encoding and checking the verify header of one block (layout and check order in
// src/engine/verify.hpp). Both run once per I/O of a verified run: no allocation.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/verify.hpp"

namespace iogate {

inline constexpr std::uint32_t kVerifyMagic = 0x56474f49;  // "IOGV" in memory order
inline constexpr std::size_t kVerifyHeaderSize = 40;

struct BlockStamp {
  std::uint64_t offset;
  std::uint64_t run_id;
  std::uint64_t generation;
};

// Writes the header into the first kVerifyHeaderSize bytes of `block` (length >= that) and the
// crc32c of the whole block into it. The payload after the header is left as it is.
void encode_block(std::byte* block, std::uint32_t length, const BlockStamp& stamp);

// What a read may find: the header fields it must carry, and a generation range.
struct BlockExpectation {
  std::uint64_t offset;
  std::uint64_t run_id;
  std::uint64_t generation_low;
  std::uint64_t generation_high;  // >= generation_low
};

struct BlockMismatch {
  VerifyField field;
  std::uint64_t expected;
  std::uint64_t found;
  std::uint64_t expected_high = 0;  // for generation ranges
};

// The first field (in check order) that differs, or nothing: returns false and fills `out`.
bool check_block(const std::byte* block, std::uint32_t length, const BlockExpectation& expect,
                 BlockMismatch& out);

}  // namespace iogate
