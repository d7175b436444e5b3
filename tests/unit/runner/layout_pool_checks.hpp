// The checks the layout pool's tests hand it: a written file of 2 MiB, read to `read_pct`.
#pragma once

#include <cstdint>
#include <string>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::test {

inline constexpr std::uint64_t kMiB = 1 << 20;

inline Check check(const std::string& name, double read_pct, std::uint64_t block_size = 4096) {
  Check c;
  c.name = name;
  c.workload.block_size = block_size;
  c.workload.file_size = 2 * kMiB;
  c.workload.read_pct = read_pct;
  c.workload.direct = false;
  c.workload.layout = FileLayout::written;
  return c;
}

}  // namespace iogate::test
