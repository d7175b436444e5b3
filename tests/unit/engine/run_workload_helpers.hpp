// What the run_workload tests share: a small buffered workload and a file's bytes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "iogate/engine/workload.hpp"

namespace iogate {

inline constexpr std::uint64_t kMiB = 1 << 20;

inline WorkloadSpec buffered(std::uint64_t file_size, std::uint64_t io_size) {
  WorkloadSpec spec;
  spec.block_size = 4096;
  spec.file_size = file_size;
  spec.io_size = io_size;
  spec.direct = false;
  spec.seed = 1;
  return spec;
}

inline std::vector<char> slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace iogate
