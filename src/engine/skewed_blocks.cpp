#include "skewed_blocks.hpp"

#include <algorithm>
#include <cmath>

namespace iogate {
namespace {

// fio sums zeta(n) over at most this many blocks (lib/zipf.c ZIPF_MAX_GEN); the same cap draws
// the same shares on a file of more blocks.
constexpr std::uint64_t kZipfSummedBlocks = 10'000'000;
// Knuth's multiplicative hashing constant, 2^64 / phi^2 (TAOCP vol. 3, 6.4): consecutive ranks land
// far apart.
constexpr std::uint64_t kScatter = 0x61C8864680B583EBULL;
// fio's normal averages this many uniform draws.
constexpr int kNormalDraws = 12;

// A share of the file as an origin, wrapped as fio's unsigned one is.
std::uint64_t origin_at(double fraction, std::uint64_t blocks) {
  return static_cast<std::uint64_t>(
      static_cast<std::int64_t>(std::floor(static_cast<double>(blocks) * fraction)));
}

}  // namespace

double generalized_harmonic(std::uint64_t terms, double theta) {
  constexpr std::uint64_t kExact = 1000;
  const std::uint64_t exact = std::min(terms, kExact);
  double sum = 0;
  for (std::uint64_t i = 1; i <= exact; ++i) sum += std::pow(static_cast<double>(i), -theta);
  if (terms == exact) return sum;
  // sum_{i=a+1}^{b} f(i) = int_a^b f + (f(b) - f(a))/2 + (f'(b) - f'(a))/12
  //                        - (f'''(b) - f'''(a))/720 + ..., for f(x) = x^-theta.
  const double a = static_cast<double>(exact);
  const double b = static_cast<double>(terms);
  const auto f = [&](double x) { return std::pow(x, -theta); };
  const auto f1 = [&](double x) { return -theta * std::pow(x, -theta - 1); };
  const auto f3 = [&](double x) {
    return -theta * (theta + 1) * (theta + 2) * std::pow(x, -theta - 3);
  };
  const double integral = (std::pow(b, 1 - theta) - std::pow(a, 1 - theta)) / (1 - theta);
  return sum + integral + (f(b) - f(a)) / 2 + (f1(b) - f1(a)) / 12 - (f3(b) - f3(a)) / 720;
}

SkewedBlocks::SkewedBlocks(const RandomDistribution& d, std::uint64_t blocks, Xoshiro256& rng)
    : model_(d.model), blocks_(std::max<std::uint64_t>(blocks, 1)) {
  const double n = static_cast<double>(blocks_);
  switch (model_) {
    case DistributionModel::zipf: {
      const double theta = d.parameter;
      zeta_n_ = generalized_harmonic(std::min(blocks_, kZipfSummedBlocks), theta);
      theta_half_ = std::pow(0.5, theta);
      alpha_ = 1 / (1 - theta);
      // Two blocks or fewer are drawn by the first two ranks' weights alone (below).
      if (blocks_ > 2) eta_ = (1 - std::pow(2 / n, 1 - theta)) / (1 - (1 + theta_half_) / zeta_n_);
      origin_ = d.center ? origin_at(*d.center, blocks_) : rng();
      break;
    }
    case DistributionModel::pareto:
      pareto_power_ = std::log(d.parameter) / std::log(1 - d.parameter);
      origin_ = d.center ? origin_at(*d.center, blocks_) : rng();
      break;
    case DistributionModel::normal:
      if (d.parameter != 0) {
        deviation_ = static_cast<std::int64_t>(std::ceil(n * d.parameter / 100));
        deviation_ = std::min<std::int64_t>(deviation_, static_cast<std::int64_t>(blocks_ / 2));
      }
      origin_ = d.center ? origin_at(*d.center - 0.5, blocks_) : 0;
      break;
    case DistributionModel::zoned: {
      double access = 0;
      double size = 0;
      double access_sum = 0;
      for (const AccessZone& z : d.zones) access_sum += z.access_pct;
      for (const AccessZone& z : d.zones) {
        const auto first = static_cast<std::uint64_t>(n * size / 100);
        access += z.access_pct;
        size += z.size_pct;
        const std::uint64_t end =
            std::min(blocks_, static_cast<std::uint64_t>(std::llround(n * size / 100)));
        const std::uint64_t start = std::min(first, blocks_ - 1);
        zones_.push_back(
            {static_cast<std::uint64_t>(std::llround(access / access_sum * 4294967296.0)), start,
             std::max<std::uint64_t>(end > start ? end - start : 0, 1)});
      }
      zones_.back().threshold = std::uint64_t{1} << 32;
      break;
    }
    case DistributionModel::random:
      break;
  }
}

std::uint64_t SkewedBlocks::next(Xoshiro256& rng) {
  switch (model_) {
    case DistributionModel::zipf:
      return scatter(zipf_rank(rng));
    case DistributionModel::pareto:
      return scatter(static_cast<std::uint64_t>(static_cast<double>(blocks_ - 1) *
                                                std::pow(rng.uniform(), pareto_power_)));
    case DistributionModel::normal:
      return scatter(normal_rank(rng));
    case DistributionModel::zoned: {
      const std::uint64_t draw = rng() >> 32;
      std::size_t i = 0;
      while (i + 1 < zones_.size() && draw >= zones_[i].threshold) ++i;
      return zones_[i].first + rng.below(zones_[i].count);
    }
    case DistributionModel::random:
      break;
  }
  return rng.below(blocks_);
}

std::uint64_t SkewedBlocks::zipf_rank(Xoshiro256& rng) const {
  const double u = rng.uniform();
  const double z = u * zeta_n_;
  if (z < 1) return 0;
  if (z < 1 + theta_half_ || blocks_ <= 2) return 1;
  const double rank = static_cast<double>(blocks_) * std::pow(eta_ * u - eta_ + 1, alpha_);
  return std::min(static_cast<std::uint64_t>(rank), blocks_ - 1);
}

std::uint64_t SkewedBlocks::normal_rank(Xoshiro256& rng) const {
  std::uint64_t sum = 0;
  for (int i = 0; i < kNormalDraws; ++i) sum += rng.below(blocks_ + 1);
  auto rank = static_cast<std::int64_t>((sum + kNormalDraws - 1) / kNormalDraws);
  if (deviation_ != 0) {
    auto shift =
        static_cast<std::int64_t>(static_cast<double>(deviation_) * rng.uniform()) - deviation_ / 2;
    const auto n = static_cast<std::int64_t>(blocks_);
    // The mean itself may be n (every draw at the top): a shift halved to 0 then leaves it
    // there, and the scatter's modulo brings it inside.
    while (shift != 0 && (rank + shift >= n || rank + shift < 0)) shift /= 2;
    rank += shift;
  }
  return static_cast<std::uint64_t>(rank);
}

std::uint64_t SkewedBlocks::scatter(std::uint64_t rank) const {
  return (rank * kScatter + origin_) % blocks_;
}

}  // namespace iogate
