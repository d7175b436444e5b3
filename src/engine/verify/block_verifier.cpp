#include "verify/block_verifier.hpp"

#include <algorithm>

namespace iogate {

BlockVerifier::BlockVerifier(std::uint64_t region_offset, std::uint64_t region_size,
                             std::uint32_t block_size, std::uint64_t run_id)
    : region_offset_(region_offset),
      block_size_(block_size),
      run_id_(run_id),
      blocks_(region_size / block_size) {}

std::uint32_t BlockVerifier::stamp_write(std::byte* buffer, std::uint64_t offset) {
  State& s = state(offset);
  const std::uint32_t generation = ++s.issued;
  // With another write to this block in flight, the two may land in either order. A write
  // issued alone lands after every earlier one; it settles the order once it completes.
  if (s.writes_in_flight > 0) {
    s.unordered = true;
  } else {
    s.solo = generation;
  }
  ++s.writes_in_flight;
  encode_block(buffer, block_size_, {offset, run_id_, generation});
  return generation;
}

void BlockVerifier::write_done(std::uint64_t offset, std::uint32_t generation) {
  State& s = state(offset);
  --s.writes_in_flight;
  s.completed = std::max(s.completed, generation);
  // Completion order is not landing order: only a write issued alone and not overtaken by a
  // later issue is known to be what the block holds now.
  if (generation == s.solo && generation == s.issued) s.unordered = false;
}

BlockVerifier::ReadTicket BlockVerifier::read_issued(std::uint64_t offset) const {
  const State& s = state(offset);
  if (s.completed == 0) return {};
  return {s.completed, false, s.unordered};
}

void BlockVerifier::check_read(const std::byte* buffer, std::uint64_t offset,
                               const ReadTicket& ticket, const std::string& path) const {
  if (ticket.skip) return;
  const State& s = state(offset);
  const bool any = ticket.any_generation || s.unordered;
  const BlockExpectation expect{offset, run_id_, any ? 1u : ticket.low, s.issued};
  BlockMismatch m{};
  if (!check_block(buffer, block_size_, expect, m)) {
    throw VerifyError(path, offset, m.field, m.expected, m.found, m.expected_high);
  }
  ++checked_;
}

}  // namespace iogate
