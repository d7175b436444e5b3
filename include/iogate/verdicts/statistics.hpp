// The statistics behind the verdicts: medians, distribution-free confidence bounds on a median
// (order statistics), on the ratio between two samples (Hodges-Lehmann with the Mann-Whitney
// interval) and on a quantile of many pooled values. Why these, and how the verdict uses them, is
// written at the top of include/iogate/verdicts/evidence.hpp.
//
// Every bound is one-sided at a level alpha: "P(the true value lies below lo) <= alpha" and
// likewise for hi. A bound the sample is too small to give at that level is NaN (no evidence).
//
// Median of a distribution, from n independent samples x(1) <= ... <= x(n): the number of samples
// at or below the true median m is at least Binomial(n, 1/2) in distribution, so
//   P(x(k) > m) <= P(Bin(n, 1/2) <= k - 1),
// and lo = x(k) for the largest k with that probability <= alpha (hi = x(n + 1 - k), the mirror).
// Exact for any continuous shape, conservative for discrete ones. With alpha = 1/2^n the bound
// needs all n samples on one side; n = 1 gives a bound only at alpha >= 1/2 (the sample itself).
//
// Ratio of two samples x (now) and y (baseline): on log scale the n*m differences
// d_ij = log x_i - log y_j; the Hodges-Lehmann estimate is their median, and the interval's ends
// are d_(c+1) and d_(nm-c), where c is the largest u with P(U <= u) <= alpha under "no difference"
// (U the Mann-Whitney statistic, exact by counting for n, m <= 50 and normal beyond). The interval
// is exact when x is y shifted by a factor (any shape), in particular when nothing changed.
//
// Quantile q of N pooled values: the ranks N q -+ z sqrt(N q (1 - q)) (normal approximation of the
// binomial count below the quantile, good for the N q(1-q) >= 10 that tails of a few thousand
// I/Os give; smaller counts simply give no bound).
#pragma once

#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

namespace iogate {

double median(std::span<const double> values);  // NaN for none; NaNs sort last
double mean(std::span<const double> values);    // NaN for none
// The order median() sorts by: ascending, NaNs last (a strict weak order, unlike <).
bool median_order(double a, double b);
// Sample standard deviation (n - 1 in the denominator); 0 for fewer than 2 values.
double sample_stddev(std::span<const double> values);
// sample_stddev over the mean's magnitude; 0 for fewer than 2 values.
double coefficient_of_variation(std::span<const double> values);

// The standard normal's p-quantile; -inf at 0, +inf at 1.
double normal_quantile(double p);
// Student's t p-quantile with `degrees_of_freedom` (rounded down; NaN below 1): exact for whole
// degrees (a finite series), the normal's beyond 1000.
double student_t_quantile(double p, double degrees_of_freedom);

// Throughput and latency noise is multiplicative: groups of runs are compared on log scale.
// The mean of the logs of `values` (all > 0); NaN for none.
double log_mean(std::span<const double> values);
// The pooled within-group standard deviation of the logs of every group of 2 values or more
// (values > 0), with its degrees of freedom (the sum of each such group's size - 1); both 0 when
// there is no such group.
struct LogSpread {
  double spread = 0;
  double df = 0;
};
LogSpread pooled_log_spread(const std::vector<std::vector<double>>& groups);

// P(Binomial(n, 1/2) <= k).
double binomial_half_cdf(std::size_t n, std::size_t k);

// One-sided confidence bounds, each at level alpha; NaN where there is no such bound.
struct Interval {
  double lo = NAN;
  double hi = NAN;
};

// Bounds on the median of the distribution the samples come from. NaN samples must be mapped by
// the caller (they have no place in an order).
Interval median_interval(std::span<const double> samples, double alpha);

// The largest u with P(U <= u) <= alpha for samples of n and m, or -1 when even U = 0 is more
// likely than alpha (then no bound exists at that level).
long mann_whitney_critical(std::size_t n, std::size_t m, double alpha);

struct RatioEstimate {
  double estimate = NAN;  // Hodges-Lehmann: median of x_i / y_j
  Interval bounds;        // for x / y, each one-sided at alpha
};
// How tightly the samples pin their median: the larger relative distance from the median to the
// ends of its two-sided interval at `confidence` (0.95: each side at 2.5%); NaN when the sample
// is too small to give that interval.
double median_precision(std::span<const double> samples, double confidence);

// x and y must be positive (callers clamp zeros and NaNs to their side of the bound).
RatioEstimate ratio_interval(std::span<const double> x, std::span<const double> y, double alpha);

// Ranks (1-based, as fractions of N in [0, 1]) bounding the quantile q of N pooled values, each
// one-sided at alpha; NaN where the bound would fall outside the sample.
Interval quantile_rank_interval(double n, double q, double alpha);

}  // namespace iogate
