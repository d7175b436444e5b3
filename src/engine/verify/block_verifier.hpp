// What one worker knows about the blocks of its region during a verified run, so each read can
// be checked against the version it should find.
//
// Per block: the generation last issued, the highest completed, and how many writes to it are
// in flight. The subtle case is concurrency at depth > 1:
//   - a read issued while a write to its block is in flight may find the old or the new
//     version: it accepts any generation from the highest completed at its issue to the highest
//     issued at its completion;
//   - two writes to one block in flight together may land in either order (completion order is
//     not landing order), so the block's version is unknown until a later write, issued with no
//     other write to it in flight, completes before any further write to it is issued; until
//     then reads of it accept any generation written in this run.
// A block never written in this run (or whose only write has not completed) is not checked:
// what it holds predates the run. One verifier belongs to one worker's thread: no locks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "verify/block_header.hpp"

namespace iogate {

class BlockVerifier {
 public:
  // Blocks of `block_size` from `region_offset`, `region_size` bytes; `run_id` stamps every one.
  BlockVerifier(std::uint64_t region_offset, std::uint64_t region_size, std::uint32_t block_size,
                std::uint64_t run_id);

  std::uint64_t run_id() const { return run_id_; }

  // Before a write of the block at `offset` is submitted: stamps `buffer` and returns its
  // generation (to hand back to write_done).
  std::uint32_t stamp_write(std::byte* buffer, std::uint64_t offset);
  void write_done(std::uint64_t offset, std::uint32_t generation);

  // Before a read is submitted: what it may find (skip: the block is not checked).
  struct ReadTicket {
    std::uint32_t low = 0;
    bool skip = true;
    bool any_generation = false;
  };
  ReadTicket read_issued(std::uint64_t offset) const;
  // After the whole block has been read: throws VerifyError naming `path` on a mismatch.
  void check_read(const std::byte* buffer, std::uint64_t offset, const ReadTicket& ticket,
                  const std::string& path) const;

  std::uint64_t blocks_checked() const { return checked_; }

 private:
  struct State {
    std::uint32_t issued = 0;
    std::uint32_t completed = 0;
    std::uint32_t solo = 0;  // the last generation issued with no other write to it in flight
    std::uint16_t writes_in_flight = 0;
    bool unordered = false;  // overlapping writes: which one landed last is unknown
  };
  State& state(std::uint64_t offset) { return blocks_[(offset - region_offset_) / block_size_]; }
  const State& state(std::uint64_t offset) const {
    return blocks_[(offset - region_offset_) / block_size_];
  }

  std::uint64_t region_offset_;
  std::uint32_t block_size_;
  std::uint64_t run_id_;
  std::vector<State> blocks_;
  mutable std::uint64_t checked_ = 0;
};

}  // namespace iogate
