// CRC-32C (Castagnoli, the iSCSI/ext4/btrfs checksum): the SSE4.2 crc32 instruction when the CPU
// has it (checked once at run time), else a byte-wise table. Both give the same value; the
// standard check value crc32c("123456789") is 0xe3069283.
#pragma once

#include <cstddef>
#include <cstdint>

namespace iogate {

// Continues `crc` (0 to start) over `size` bytes.
std::uint32_t crc32c(std::uint32_t crc, const void* data, std::size_t size);

// The portable version, for tests comparing it with the hardware one.
std::uint32_t crc32c_table(std::uint32_t crc, const void* data, std::size_t size);

// True when crc32c() uses the SSE4.2 instruction on this CPU.
bool crc32c_uses_hardware();

}  // namespace iogate
