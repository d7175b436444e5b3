#include "verify/block_header.hpp"

#include <cstring>

#include "verify/crc32c.hpp"

namespace iogate {
namespace {

struct Header {
  std::uint32_t magic;
  std::uint32_t length;
  std::uint64_t offset;
  std::uint64_t run_id;
  std::uint64_t generation;
  std::uint32_t crc;
  std::uint32_t reserved;
};
static_assert(sizeof(Header) == kVerifyHeaderSize);
constexpr std::size_t kCrcAt = offsetof(Header, crc);

// crc32c of the block with its crc field read as zero, without copying the block.
std::uint32_t block_crc(const std::byte* block, std::uint32_t length) {
  constexpr std::uint32_t kZero = 0;
  std::uint32_t crc = crc32c(0, block, kCrcAt);
  crc = crc32c(crc, &kZero, sizeof kZero);
  return crc32c(crc, block + kCrcAt + sizeof kZero, length - kCrcAt - sizeof kZero);
}

}  // namespace

void encode_block(std::byte* block, std::uint32_t length, const BlockStamp& stamp) {
  Header h{kVerifyMagic, length, stamp.offset, stamp.run_id, stamp.generation, 0, 0};
  std::memcpy(block, &h, sizeof h);
  const std::uint32_t crc = block_crc(block, length);
  std::memcpy(block + kCrcAt, &crc, sizeof crc);
}

bool check_block(const std::byte* block, std::uint32_t length, const BlockExpectation& expect,
                 BlockMismatch& out) {
  Header h;
  std::memcpy(&h, block, sizeof h);
  if (h.magic != kVerifyMagic) {
    out = {VerifyField::magic, kVerifyMagic, h.magic};
    return false;
  }
  const std::uint32_t crc = block_crc(block, length);
  if (h.crc != crc) {
    out = {VerifyField::crc32c, crc, h.crc};
    return false;
  }
  if (h.length != length) {
    out = {VerifyField::length, length, h.length};
    return false;
  }
  if (h.run_id != expect.run_id) {
    out = {VerifyField::run_id, expect.run_id, h.run_id};
    return false;
  }
  if (h.offset != expect.offset) {
    out = {VerifyField::offset, expect.offset, h.offset};
    return false;
  }
  if (h.generation < expect.generation_low || h.generation > expect.generation_high) {
    out = {VerifyField::generation, expect.generation_low, h.generation,
           expect.generation_high > expect.generation_low ? expect.generation_high : 0};
    return false;
  }
  return true;
}

}  // namespace iogate
