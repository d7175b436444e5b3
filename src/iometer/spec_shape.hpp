// An IOMeter access specification's lines as one iogate workload's shape: block sizes, their
// shares, % reads and % random. The rule both imports follow (icf_mapping.hpp from a configuration,
// `baseline import iometer` from a result CSV), so a specification means one workload whichever
// file it comes from:
//
//   one line            block_size, read_pct, random_pct
//   several lines       block_mix by "% of size" (shares of the I/Os, as iogate's mix), block_size
//                       the smallest; every line issued must share % reads and % random (iogate
//                       draws sizes apart from direction and randomness); the shares add up to 100
//   a line at 0%        never issued: left out (the caller says so where it writes notes)
//   delay, reply        0 only: iogate has no pause between bursts of I/Os, and a reply belongs to
//                       network workers
//
// Alignment is the caller's: a configuration's is mapped (icf_mapping.hpp), a result file's is
// not compared.
#pragma once

#include <cstdint>
#include <vector>

#include "icf_file.hpp"
#include "iogate/engine/workload.hpp"

namespace iogate::iometer {

struct SpecShape {
  std::vector<BlockSizeShare> block_mix;  // empty for one size
  std::uint64_t block_size = 0;
  unsigned read_pct = 0;
  unsigned random_pct = 0;
  std::vector<const IcfSpecLine*> issued;    // the lines above 0% of size, in order
  std::vector<const IcfSpecLine*> left_out;  // the lines at 0%
};

// `lines` as a shape; the first that cannot be is a ThresholdError at its line (`spec`: the
// specification's own place, for what no one line holds).
SpecShape shape_of_spec(const std::vector<IcfSpecLine>& lines, const SourceLocation& spec);

}  // namespace iogate::iometer
