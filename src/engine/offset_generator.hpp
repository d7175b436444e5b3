// Chooses each I/O's direction and offset, with IOMeter's semantics:
//
//   - each I/O is a read with probability read_pct/100, otherwise a write;
//   - independently, it is random with probability random_pct/100: its offset is uniform over
//     the offsets in [0, file_size - block_size] aligned to random_alignment() (block_align,
//     else block_size: the multiply that aligns them costs the same either way);
//   - otherwise it is sequential: it starts where the previously *issued* I/O (random or not)
//     ended, and wraps to 0 when that block would pass file_size.
//
// So random_pct = 0 is one sequential stream over the file and 100 a uniform spread (or, with a
// random_distribution, a skewed one: SkewedBlocks draws the block, in units of that alignment, as
// fio counts its blocks in blockalign). Both choices come from one 64-bit draw (32 bits each, so
// the probabilities are exact to 2^-32), the offset from a second one only for random I/Os.
// next() is inline: it runs once per I/O.
//
// A block-size mix (workload.hpp) takes next_mixed() instead, so a workload of one size pays
// nothing for it: a second draw picks the size (the high 32 bits against cumulative shares,
// sizes smallest first, a linear scan: mixes are short), random offsets are aligned as above
// (the smallest size, by default) and uniform over those where the chosen size fits, and a
// sequential I/O wraps to 0 when the chosen size would pass the end (a skewed draw past the last
// offset where the size fits wraps to the file's start). `limit` is what is left of a size budget:
// a size that does not fit it gives way to the largest that does (the smallest always does, since
// the budget is counted in it).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "iogate/engine/io_backend.hpp"
#include "iogate/engine/workload.hpp"
#include "rng.hpp"
#include "skewed_blocks.hpp"

namespace iogate {

struct IoChoice {
  IoDirection direction;
  std::uint64_t offset;
  std::uint32_t length;      // block_size, or the size a mix drew
  std::uint32_t size_index;  // next_mixed() only: its index in mix_sizes()
};

class OffsetGenerator {
 public:
  // `seed` 0 draws a fresh seed from std::random_device; seed() tells which was used.
  // The spec must have passed validate_workload.
  OffsetGenerator(const WorkloadSpec& spec, std::uint64_t seed);

  std::uint64_t seed() const { return seed_; }

  IoChoice next() {
    const std::uint64_t draw = rng_();
    const IoDirection direction =
        (draw >> 32) < read_threshold_ ? IoDirection::read : IoDirection::write;
    const bool random = (draw & 0xffffffffu) < random_threshold_;
    const std::uint64_t offset = random ? random_block() * align_ : next_sequential_;
    next_sequential_ = offset + block_size_;
    if (next_sequential_ > last_offset_) next_sequential_ = 0;
    return {direction, offset, static_cast<std::uint32_t>(block_size_), 0};
  }

  // For a spec with a block_mix. `limit` > 0 bounds the size (the rest of a size budget).
  IoChoice next_mixed(std::uint64_t limit) {
    const std::uint64_t draw = rng_();
    const IoDirection direction =
        (draw >> 32) < read_threshold_ ? IoDirection::read : IoDirection::write;
    const bool random = (draw & 0xffffffffu) < random_threshold_;
    const std::uint64_t size_draw = rng_() >> 32;
    std::uint32_t index = 0;
    const auto count = static_cast<std::uint32_t>(mix_.size());
    while (index + 1 < count && size_draw >= mix_[index].threshold) ++index;
    while (index > 0 && mix_[index].size > limit) --index;
    const MixEntry& entry = mix_[index];
    std::uint64_t offset = next_sequential_;
    if (random) {
      offset = (skewed_ ? skewed_->next(rng_) % entry.offsets : rng_.below(entry.offsets)) * align_;
    } else if (offset + entry.size > file_size_) {
      offset = 0;
    }
    next_sequential_ = offset + entry.size;
    return {direction, offset, entry.size, index};
  }

  bool mixed() const { return !mix_.empty(); }
  // The mix's sizes, smallest first: what IoChoice::size_index indexes.
  std::vector<std::uint64_t> mix_sizes() const;

 private:
  std::uint64_t random_block() { return skewed_ ? skewed_->next(rng_) : rng_.below(block_count_); }

  std::uint64_t seed_;
  Xoshiro256 rng_;
  std::uint64_t block_size_;
  std::uint64_t align_;        // random offsets are multiples of this
  std::uint64_t block_count_;  // aligned offsets available to a random I/O
  std::uint64_t last_offset_;  // highest offset a whole block fits at
  std::uint64_t read_threshold_;
  std::uint64_t random_threshold_;
  std::uint64_t next_sequential_ = 0;
  struct MixEntry {
    std::uint32_t size;
    std::uint64_t threshold;  // a 32-bit size draw below this (and not an earlier one) picks it
    std::uint64_t offsets;    // aligned offsets where this size fits
  };
  std::vector<MixEntry> mix_;  // smallest first; empty for one size
  std::uint64_t file_size_;
  std::optional<SkewedBlocks> skewed_;  // none for uniform offsets
};

}  // namespace iogate
