#include "offset_generator.hpp"

#include <cmath>
#include <random>

namespace iogate {
namespace {

std::uint64_t fresh_seed() {
  std::random_device device;
  std::uint64_t seed = 0;
  while (seed == 0) seed = (std::uint64_t{device()} << 32) ^ device();
  return seed;
}

// A percentage as a threshold for a 32-bit draw: draw < threshold happens with probability
// pct/100. 100 gives 2^32, which every 32-bit draw is below.
std::uint64_t threshold_32(double pct) {
  return static_cast<std::uint64_t>(std::llround(pct / 100.0 * 4294967296.0));
}

}  // namespace

OffsetGenerator::OffsetGenerator(const WorkloadSpec& spec, std::uint64_t seed)
    : seed_(seed != 0 ? seed : fresh_seed()),
      rng_(seed_),
      block_size_(spec.block_size),
      block_count_(spec.file_size / spec.block_size),
      last_offset_(spec.file_size - spec.block_size),
      read_threshold_(threshold_32(spec.read_pct)),
      random_threshold_(threshold_32(spec.random_pct)) {}

}  // namespace iogate
