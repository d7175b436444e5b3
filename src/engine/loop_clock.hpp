// The loop's clock: steady, in nanoseconds, as plain integers so the per-I/O arithmetic is cheap.
#pragma once

#include <chrono>
#include <cstdint>

namespace iogate {

inline std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch() /
                                    std::chrono::nanoseconds(1));
}

inline double seconds(std::uint64_t ns) { return static_cast<double>(ns) / 1e9; }

}  // namespace iogate
