// Chooses each I/O's direction and offset, with IOMeter's semantics:
//
//   - each I/O is a read with probability read_pct/100, otherwise a write;
//   - independently, it is random with probability random_pct/100: its offset is uniform over
//     the block-aligned offsets in [0, file_size - block_size];
//   - otherwise it is sequential: it starts where the previously *issued* I/O (random or not)
//     ended, and wraps to 0 when that block would pass file_size.
//
// So random_pct = 0 is one sequential stream over the file and 100 a uniform spread. Both
// choices come from one 64-bit draw (32 bits each, so the probabilities are exact to 2^-32),
// the offset from a second one only for random I/Os. next() is inline: it runs once per I/O.
#pragma once

#include <cstdint>

#include "iogate/engine/io_backend.hpp"
#include "iogate/engine/workload.hpp"
#include "rng.hpp"

namespace iogate {

struct IoChoice {
  IoDirection direction;
  std::uint64_t offset;
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
    const std::uint64_t offset = random ? rng_.below(block_count_) * block_size_ : next_sequential_;
    next_sequential_ = offset + block_size_;
    if (next_sequential_ > last_offset_) next_sequential_ = 0;
    return {direction, offset};
  }

 private:
  std::uint64_t seed_;
  Xoshiro256 rng_;
  std::uint64_t block_size_;
  std::uint64_t block_count_;  // aligned offsets available to a random I/O
  std::uint64_t last_offset_;  // highest offset a whole block fits at
  std::uint64_t read_threshold_;
  std::uint64_t random_threshold_;
  std::uint64_t next_sequential_ = 0;
};

}  // namespace iogate
