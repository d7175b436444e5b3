#include "offset_generator.hpp"

#include <algorithm>
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
      align_(random_alignment(spec)),
      block_count_((spec.file_size - spec.block_size) / align_ + 1),
      last_offset_(spec.file_size - spec.block_size),
      read_threshold_(threshold_32(spec.read_pct)),
      random_threshold_(threshold_32(spec.random_pct)),
      file_size_(spec.file_size) {
  if (!spec.random_distribution.uniform())
    skewed_.emplace(spec.random_distribution, block_count_, rng_);
  if (spec.block_mix.empty()) return;
  std::vector<BlockSizeShare> mix = spec.block_mix;
  std::sort(mix.begin(), mix.end(), [](const BlockSizeShare& a, const BlockSizeShare& b) {
    return a.block_size < b.block_size;
  });
  double sum = 0;
  for (const BlockSizeShare& share : mix) sum += share.pct;
  // In proportion to the sum, which validation allows to miss 100 by a little.
  double cumulative = 0;
  for (const BlockSizeShare& share : mix) {
    cumulative += share.pct;
    mix_.push_back({static_cast<std::uint32_t>(share.block_size),
                    threshold_32(cumulative / sum * 100.0),
                    (spec.file_size - share.block_size) / align_ + 1});
  }
  mix_.back().threshold = std::uint64_t{1} << 32;  // no rounding can leave a draw unassigned
}

std::vector<std::uint64_t> OffsetGenerator::mix_sizes() const {
  std::vector<std::uint64_t> sizes;
  for (const MixEntry& entry : mix_) sizes.push_back(entry.size);
  return sizes;
}

}  // namespace iogate
