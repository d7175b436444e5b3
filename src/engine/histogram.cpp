// See histogram.hpp for the layout and its error bound.
#include "iogate/engine/histogram.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace iogate {
namespace {

constexpr unsigned kBits = LatencyHistogram::kSubBucketBits;
constexpr std::uint64_t kSubBuckets = std::uint64_t{1} << kBits;

constexpr std::size_t bucket_index(std::uint64_t v) {
  const unsigned shift = static_cast<unsigned>(std::bit_width(v | kSubBuckets)) - 1 - kBits;
  return (std::size_t{shift} << kBits) + static_cast<std::size_t>(v >> shift);
}

struct Span {
  std::uint64_t low;
  std::uint64_t width;
};

constexpr Span bucket_span(std::size_t index) {
  if (index < 2 * kSubBuckets) return {index, 1};
  const unsigned shift = static_cast<unsigned>(index >> kBits) - 1;
  const std::uint64_t sub = index - (std::size_t{shift} << kBits);  // in [2^kBits, 2^(kBits+1))
  return {sub << shift, std::uint64_t{1} << shift};
}

static_assert(bucket_index(0) == 0 && bucket_index(kSubBuckets - 1) == kSubBuckets - 1);
static_assert(bucket_index(std::numeric_limits<std::uint64_t>::max()) ==
              LatencyHistogram::kBucketCount - 1);
static_assert(bucket_span(bucket_index(1000)).low <= 1000 &&
              1000 < bucket_span(bucket_index(1000)).low + bucket_span(bucket_index(1000)).width);

}  // namespace

LatencyHistogram::LatencyHistogram() : counts_(kBucketCount, 0) {}

void LatencyHistogram::record(std::uint64_t ns) {
  ++counts_[bucket_index(ns)];
  if (count_ == 0 || ns < min_) min_ = ns;
  if (ns > max_) max_ = ns;
  ++count_;
  sum_ += static_cast<long double>(ns);
}

void LatencyHistogram::record(std::uint64_t ns, std::uint64_t times) {
  if (times == 0) return;
  counts_[bucket_index(ns)] += times;
  if (count_ == 0 || ns < min_) min_ = ns;
  if (ns > max_) max_ = ns;
  count_ += times;
  sum_ += static_cast<long double>(ns) * static_cast<long double>(times);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  if (other.count_ == 0) return;
  for (std::size_t i = 0; i < kBucketCount; ++i) counts_[i] += other.counts_[i];
  min_ = count_ ? std::min(min_, other.min_) : other.min_;
  max_ = std::max(max_, other.max_);
  count_ += other.count_;
  sum_ += other.sum_;
}

void LatencyHistogram::reset() {
  std::fill(counts_.begin(), counts_.end(), 0);
  count_ = min_ = max_ = 0;
  sum_ = 0;
}

double LatencyHistogram::mean_ns() const {
  return count_ ? static_cast<double>(sum_ / static_cast<long double>(count_)) : 0.0;
}

double LatencyHistogram::percentile_ns(double q) const {
  if (!(q >= 0.0 && q <= 100.0)) {
    throw std::invalid_argument("latency percentile " + std::to_string(q) + " is outside [0, 100]");
  }
  if (count_ == 0) return 0.0;
  if (q == 0.0) return static_cast<double>(min_);
  if (q == 100.0) return static_cast<double>(max_);

  const long double exact = static_cast<long double>(q) / 100 * static_cast<long double>(count_);
  const long double rounded = std::ceil(exact - exact * 1e-12L);
  const std::uint64_t rank =
      std::clamp<std::uint64_t>(static_cast<std::uint64_t>(rounded), 1, count_);
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    seen += counts_[i];
    if (seen >= rank) {
      const Span s = bucket_span(i);
      const double mid = static_cast<double>(s.low) + static_cast<double>(s.width - 1) / 2;
      return std::clamp(mid, static_cast<double>(min_), static_cast<double>(max_));
    }
  }
  return static_cast<double>(max_);  // unreachable: the counts sum to count_
}

std::vector<LatencyHistogram::Bucket> LatencyHistogram::nonempty_buckets() const {
  std::vector<Bucket> out;
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    if (counts_[i] == 0) continue;
    const Span s = bucket_span(i);
    const std::uint64_t high = s.low > std::numeric_limits<std::uint64_t>::max() - s.width
                                   ? std::numeric_limits<std::uint64_t>::max()
                                   : s.low + s.width;
    out.push_back({s.low, high, counts_[i]});
  }
  return out;
}

}  // namespace iogate
