// Latency histogram, log-linear (the HdrHistogram layout).
//
// Design: values are nanoseconds, the whole std::uint64_t range (hours are ~2^42 ns). Values
// below 2^kSubBucketBits land in exact unit-wide buckets. Above that, each power-of-two range
// [2^k, 2^(k+1)) is split into 2^kSubBucketBits equal-width buckets, so a bucket's width is at
// most 1/2^kSubBucketBits of its lower edge. The bucket index is one formula for both regions:
//
//     shift = bit_width(v | 2^kSubBucketBits) - 1 - kSubBucketBits     (0 below 2^kSubBucketBits)
//     index = shift * 2^kSubBucketBits + (v >> shift)
//
// which gives 57 * 128 + 128 = 7424 buckets (58 KiB) for the full 64-bit range.
//
// A percentile is reported as the midpoint of the integers the bucket holding that rank covers,
// [low, low + width - 1], clamped into [min, max]. A unit-wide bucket is therefore exact, and a
// wider one is off by at most (width - 1) / 2 <= low / 2^(kSubBucketBits + 1), hence:
//
//     |reported - exact| / exact  <  1 / 2^(kSubBucketBits + 1)  =  1/256  ~= 0.39 %
//
// well inside the 1 % the verdicts need for 5 % thresholds. Min, max, count and the mean (a long
// double sum) are kept exactly beside the buckets. Recording is a bit scan, a shift and an
// increment: no allocation.
#pragma once

#include <cstdint>
#include <vector>

namespace iogate {

class LatencyHistogram {
 public:
  static constexpr unsigned kSubBucketBits = 7;  // 128 buckets per power of two
  static constexpr double kRelativeErrorBound = 1.0 / (1u << (kSubBucketBits + 1));
  static constexpr std::size_t kBucketCount = (64 - kSubBucketBits + 1) << kSubBucketBits;

  LatencyHistogram();

  void record(std::uint64_t ns);
  // `times` values of `ns` at once: a histogram read back from its buckets (run_json.hpp) costs
  // one call per bucket, whatever counts a file claims.
  void record(std::uint64_t ns, std::uint64_t times);
  void merge(const LatencyHistogram& other);
  void reset();

  std::uint64_t count() const { return count_; }
  std::uint64_t min_ns() const { return count_ ? min_ : 0; }
  std::uint64_t max_ns() const { return max_; }
  double mean_ns() const;  // 0 when empty
  // q in [0, 100]: the value with rank ceil(q/100 * count) (q = 0: min, q = 100: max, both
  // exact), within kRelativeErrorBound; 0 when empty. Throws std::invalid_argument outside
  // [0, 100]. A rank within a relative 1e-12 of an integer is taken as that integer, so a q that
  // is not exact in binary (99.9) still names the rank it means.
  double percentile_ns(double q) const;

  struct Bucket {
    std::uint64_t low_ns;   // inclusive
    std::uint64_t high_ns;  // exclusive (UINT64_MAX for the topmost bucket, which saturates)
    std::uint64_t count;
  };
  std::vector<Bucket> nonempty_buckets() const;

 private:
  std::vector<std::uint64_t> counts_;
  std::uint64_t count_ = 0;
  std::uint64_t min_ = 0;
  std::uint64_t max_ = 0;
  long double sum_ = 0;
};

}  // namespace iogate
