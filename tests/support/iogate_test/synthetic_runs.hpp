// Synthetic runs for verdict tests: a RunResult whose IOPS, MB/s and duration are what a test
// says, with multiplicative Gaussian noise drawn from a seeded generator.
#pragma once

#include <random>
#include <vector>

#include "iogate/engine/run_result.hpp"

namespace iogate::test {

inline RunResult run_at_iops(double iops, double seconds = 10.0) {
  RunResult r;
  r.elapsed_s = seconds;
  r.ios_read = static_cast<std::uint64_t>(iops * seconds);
  r.bytes_read = r.ios_read * 4096;
  r.latency.record(static_cast<std::uint64_t>(1e9 / iops));
  return r;
}

// `count` runs around `iops`, each off by a factor 1 + N(0, noise).
inline std::vector<RunResult> noisy_runs(std::mt19937_64& rng, double iops, double noise,
                                         int count) {
  std::normal_distribution<double> factor(1.0, noise);
  std::vector<RunResult> runs;
  for (int i = 0; i < count; ++i) runs.push_back(run_at_iops(iops * factor(rng)));
  return runs;
}

}  // namespace iogate::test
