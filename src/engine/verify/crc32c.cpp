#include "verify/crc32c.hpp"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace iogate {
namespace {

constexpr std::uint32_t kPolynomial = 0x82f63b78;  // Castagnoli, reflected

constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int bit = 0; bit < 8; ++bit) c = (c & 1) ? (c >> 1) ^ kPolynomial : c >> 1;
    table[i] = c;
  }
  return table;
}
constexpr auto kTable = make_table();

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) std::uint32_t crc32c_sse42(std::uint32_t crc, const void* data,
                                                             std::size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint64_t c = ~crc;
  for (; size >= 8; size -= 8, p += 8) {
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    c = _mm_crc32_u64(c, word);
  }
  auto c32 = static_cast<std::uint32_t>(c);
  for (; size > 0; --size, ++p) c32 = _mm_crc32_u8(c32, *p);
  return ~c32;
}

#endif

// Asked once; a function-local static so it is never read before the CPU model is known.
bool hardware() {
#if defined(__x86_64__)
  static const bool has = (__builtin_cpu_init(), __builtin_cpu_supports("sse4.2") != 0);
  return has;
#else
  return false;
#endif
}

}  // namespace

std::uint32_t crc32c_table(std::uint32_t crc, const void* data, std::size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint32_t c = ~crc;
  for (; size > 0; --size, ++p) c = kTable[(c ^ *p) & 0xff] ^ (c >> 8);
  return ~c;
}

std::uint32_t crc32c(std::uint32_t crc, const void* data, std::size_t size) {
#if defined(__x86_64__)
  if (hardware()) return crc32c_sse42(crc, data, size);
#endif
  return crc32c_table(crc, data, size);
}

bool crc32c_uses_hardware() { return hardware(); }

}  // namespace iogate
