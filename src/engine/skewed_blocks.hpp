// Draws the block a random I/O lands on under a skewed distribution (random_distribution.hpp):
// zipf, pareto, normal or zoned, each as fio draws it, so that the same parameters over the same
// number of blocks give the hit shares fio's give.
//
//   zipf    Gray et al.'s approximate inversion ("Quickly Generating Billion-Record Synthetic
//           Databases", SIGMOD 1994), as fio's lib/zipf.c uses it, with the normalising sum
//           zeta(n) taken over at most the first 10 million blocks as fio takes it (the sum is
//           computed in closed form past the first thousand terms, so a large file costs nothing)
//   pareto  rank (n - 1) * u^(ln H / ln(1 - H))
//   normal  fio's: the mean of 12 uniform draws over the blocks, plus a uniform deviation of DEV
//           percent of the file, halved until it stays inside
//   zoned   a zone by the access shares, then uniform inside it
//
// zipf, pareto and normal then scatter the rank over the file by Knuth's multiplicative hash (the
// rank times 2^64 / phi^2, modulo the block count), plus an origin: the center when given, else a
// random one per run (normal's: the start). Like fio's, the scatter is not one-to-one for every
// block count, and two ranks may share a block: that is part of the hit shares fio reports.
// Private to the engine: OffsetGenerator holds one per worker for a skewed workload.
#pragma once

#include <cstdint>
#include <vector>

#include "iogate/engine/random_distribution.hpp"
#include "rng.hpp"

namespace iogate {

class SkewedBlocks {
 public:
  // Over `blocks` blocks (at least 1) for a distribution that is not uniform, which must have
  // passed random_distribution_problem; `rng` draws the random origin.
  SkewedBlocks(const RandomDistribution& distribution, std::uint64_t blocks, Xoshiro256& rng);

  // A block in [0, blocks).
  std::uint64_t next(Xoshiro256& rng);

 private:
  std::uint64_t zipf_rank(Xoshiro256& rng) const;
  std::uint64_t normal_rank(Xoshiro256& rng) const;
  std::uint64_t scatter(std::uint64_t rank) const;

  DistributionModel model_;
  std::uint64_t blocks_;
  std::uint64_t origin_ = 0;
  // zipf
  double zeta_n_ = 0;
  double theta_half_ = 0;  // 0.5^theta: the second rank's weight
  double alpha_ = 0;
  double eta_ = 0;
  // pareto
  double pareto_power_ = 0;
  // normal: the deviation's width in blocks
  std::int64_t deviation_ = 0;
  // zoned, from the file's start
  struct Zone {
    std::uint64_t threshold;  // a 32-bit draw below this (and not an earlier one) picks the zone
    std::uint64_t first;
    std::uint64_t count;
  };
  std::vector<Zone> zones_;
};

// sum_{i=1}^{terms} i^-theta: exact for the first thousand terms, Euler-Maclaurin past them
// (to four terms: the error is below 1e-15 of the sum). Exposed for its test.
double generalized_harmonic(std::uint64_t terms, double theta);

}  // namespace iogate
