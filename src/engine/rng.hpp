// The engine's pseudo-random source: xoshiro256** (Blackman & Vigna), seeded through splitmix64
// so that any 64-bit seed, including small ones, gives a well-mixed state. Fast (a few ns per
// draw), good enough for choosing offsets; not for anything cryptographic.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace iogate {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class Xoshiro256 {
 public:
  explicit constexpr Xoshiro256(std::uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
  }

  constexpr std::uint64_t operator()() {
    const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, 1) from a draw's top 53 bits: a draw below p happens with probability p.
  double uniform() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

  // Exponentially distributed with mean 1: -ln(u), u uniform in (0, 1] from a draw's top 53 bits
  // (so never 0, and the largest value is 36.7). Poisson arrivals are gaps of mean x this.
  double exponential() {
    const double u = (static_cast<double>((*this)() >> 11) + 1.0) * 0x1.0p-53;
    return -std::log(u);
  }

  // Uniform in [0, n), n > 0, without modulo bias: Lemire's multiply-shift with the rejection
  // step ("Fast Random Integer Generation in an Interval", 2019). The rejection branch is taken
  // with probability n / 2^64, so it costs nothing in practice.
  std::uint64_t below(std::uint64_t n) {
    unsigned __int128 m = static_cast<unsigned __int128>((*this)()) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<unsigned __int128>((*this)()) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

 private:
  std::uint64_t s_[4]{};
};

}  // namespace iogate
