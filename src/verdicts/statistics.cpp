#include "iogate/verdicts/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <numbers>
#include <numeric>
#include <utility>
#include <vector>

namespace iogate {
namespace {

constexpr std::size_t kExactLimit = 50;

// P(U <= k) for k = 0 .. n*m, by counting: ways[j][k] = interleavings of i x's and j y's with
// U = k, built one x at a time (an x placed last exceeds all j y's, adding j to U). Verdicts ask
// for the same few sizes again and again (every look of an adaptive check), so each is counted
// once per process.
const std::vector<double>& u_cdf(std::size_t n, std::size_t m) {
  static std::mutex mutex;
  static std::map<std::pair<std::size_t, std::size_t>, std::vector<double>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = cache.try_emplace({n, m});
  if (!inserted) return it->second;
  const std::size_t max_u = n * m;
  std::vector<std::vector<double>> prev(m + 1, std::vector<double>(max_u + 1, 0.0));
  for (std::size_t j = 0; j <= m; ++j) prev[j][0] = 1.0;  // i = 0: one way, U = 0
  for (std::size_t i = 1; i <= n; ++i) {
    std::vector<std::vector<double>> cur(m + 1, std::vector<double>(max_u + 1, 0.0));
    for (std::size_t j = 0; j <= m; ++j) {
      for (std::size_t k = 0; k <= max_u; ++k) {
        double ways = 0;
        if (k >= j) ways += prev[j][k - j];  // last element an x
        if (j > 0) ways += cur[j - 1][k];    // last element a y
        cur[j][k] = ways;
      }
    }
    prev = std::move(cur);
  }
  const std::vector<double>& counts = prev[m];
  const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
  std::vector<double>& cdf = it->second;
  double below = 0;
  for (double c : counts) cdf.push_back((below += c) / total);
  return cdf;
}

// The standard normal's p-quantile (Acklam's rational approximation, relative error < 1.2e-9,
// then one Newton step on erfc): only the tails (p <= 0.5) are needed here.
double normal_quantile_tail(double p) {
  if (p <= 0) return -INFINITY;
  if (p >= 1) return INFINITY;
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  const double low = 0.02425;
  double x;
  if (p < low) {
    const double q = std::sqrt(-2 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - low) {
    const double q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    return -normal_quantile_tail(1 - p);
  }
  const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
  const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

// P(|T| <= t) for Student's t with n degrees of freedom (Abramowitz and Stegun 26.7.3 and 26.7.4):
// a finite sum in cos(theta), exact for whole n.
double student_t_central(double t, int n) {
  const double theta = std::atan(t / std::sqrt(static_cast<double>(n)));
  const double c2 = std::cos(theta) * std::cos(theta), s = std::sin(theta);
  double term = 1, sum = 1;
  if (n % 2 == 1) {
    if (n == 1) return 2 * theta / std::numbers::pi;
    sum = std::cos(theta);
    term = std::cos(theta);
    for (int k = 3; k <= n - 2; k += 2) sum += (term *= c2 * (k - 1) / k);
    return 2 / std::numbers::pi * (theta + s * sum);
  }
  for (int k = 2; k <= n - 2; k += 2) sum += (term *= c2 * (k - 1) / k);
  return s * sum;
}

}  // namespace

double normal_quantile(double p) { return normal_quantile_tail(p); }

double student_t_quantile(double p, double degrees_of_freedom) {
  if (p <= 0) return -INFINITY;
  if (p >= 1) return INFINITY;
  if (p < 0.5) return -student_t_quantile(1 - p, degrees_of_freedom);
  const int n = static_cast<int>(std::floor(degrees_of_freedom));
  if (n < 1) return NAN;
  if (n > 1000) return normal_quantile(p);  // within 0.1% of t there
  // P(T <= t) = (1 + central(t)) / 2 rises with t: bisect between the normal quantile (below t's)
  // and a bound that doubles until it holds.
  const double target = 2 * p - 1;
  double lo = normal_quantile(p), hi = 2 * lo + 1;
  while (student_t_central(hi, n) < target) hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
    const double mid = (lo + hi) / 2;
    (student_t_central(mid, n) < target ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

double log_mean(std::span<const double> values) {
  if (values.empty()) return NAN;
  double sum = 0;
  for (double v : values) sum += std::log(v);
  return sum / static_cast<double>(values.size());
}

LogSpread pooled_log_spread(const std::vector<std::vector<double>>& groups) {
  double squares = 0, df = 0;
  for (const std::vector<double>& g : groups) {
    if (g.size() < 2) continue;
    const double m = log_mean(g);
    for (double v : g) squares += (std::log(v) - m) * (std::log(v) - m);
    df += static_cast<double>(g.size() - 1);
  }
  return {df > 0 ? std::sqrt(squares / df) : 0.0, df};
}

bool median_order(double a, double b) {
  return std::isnan(b) ? !std::isnan(a) : (!std::isnan(a) && a < b);
}

double median(std::span<const double> values) {
  if (values.empty()) return NAN;
  std::vector<double> v(values.begin(), values.end());
  std::sort(v.begin(), v.end(), median_order);
  const std::size_t mid = v.size() / 2;
  return v.size() % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2.0;
}

double mean(std::span<const double> values) {
  if (values.empty()) return NAN;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double sample_stddev(std::span<const double> values) {
  if (values.size() < 2) return 0.0;
  const double m = mean(values);
  double squares = 0;
  for (double v : values) squares += (v - m) * (v - m);
  return std::sqrt(squares / static_cast<double>(values.size() - 1));
}

double coefficient_of_variation(std::span<const double> values) {
  if (values.size() < 2) return 0.0;
  const double m = mean(values);
  const double sd = sample_stddev(values);
  return m != 0 ? sd / std::fabs(m) : (sd == 0 ? 0.0 : INFINITY);
}

double binomial_half_cdf(std::size_t n, std::size_t k) {
  if (k >= n) return 1.0;
  // Sum of C(n, i), each built as a product, times 2^-n: exact for the few runs a check makes,
  // so that P = 2^-n compares equal to a level of 2^-n (the pass level of `repeat` = n).
  double total = 0, c = 1;
  for (std::size_t i = 0; i <= k; ++i) {
    total += c;
    c = c * static_cast<double>(n - i) / static_cast<double>(i + 1);
  }
  return std::min(std::ldexp(total, -static_cast<int>(n)), 1.0);
}

Interval median_interval(std::span<const double> samples, double alpha) {
  Interval out;
  const std::size_t n = samples.size();
  if (n == 0) return out;
  // The largest k with P(B <= k - 1) <= alpha; k = 0 means none.
  std::size_t k = 0;
  while (k < n && binomial_half_cdf(n, k) <= alpha) ++k;
  if (k == 0) return out;
  std::vector<double> sorted(samples.begin(), samples.end());
  std::sort(sorted.begin(), sorted.end());
  out.lo = sorted[k - 1];
  out.hi = sorted[n - k];
  return out;
}

double median_precision(std::span<const double> samples, double confidence) {
  const Interval i = median_interval(samples, (1 - confidence) / 2);
  const double m = median(samples);
  if (std::isnan(i.lo) || std::isnan(i.hi) || !(m > 0)) return NAN;
  return std::max(i.hi / m - 1, 1 - i.lo / m);
}

long mann_whitney_critical(std::size_t n, std::size_t m, double alpha) {
  if (n == 0 || m == 0) return -1;
  if (n <= kExactLimit && m <= kExactLimit) {
    const std::vector<double>& cdf = u_cdf(n, m);
    long c = -1;
    while (static_cast<std::size_t>(c + 1) < cdf.size() &&
           cdf[static_cast<std::size_t>(c + 1)] <= alpha)
      ++c;
    return c;
  }
  const double nd = static_cast<double>(n), md = static_cast<double>(m);
  const double sd = std::sqrt(nd * md * (nd + md + 1) / 12.0);
  // Inverse of the normal approximation with continuity correction, rounded down.
  const double z = normal_quantile(alpha);
  return static_cast<long>(std::floor(nd * md / 2.0 + z * sd - 0.5));
}

RatioEstimate ratio_interval(std::span<const double> x, std::span<const double> y, double alpha) {
  RatioEstimate out;
  if (x.empty() || y.empty()) return out;
  std::vector<double> d;
  d.reserve(x.size() * y.size());
  for (double a : x)
    for (double b : y) d.push_back(std::log(a) - std::log(b));
  std::sort(d.begin(), d.end());
  out.estimate = std::exp(median(d));
  const long c = mann_whitney_critical(x.size(), y.size(), alpha);
  if (c >= 0) {
    out.bounds.lo = std::exp(d[static_cast<std::size_t>(c)]);
    out.bounds.hi = std::exp(d[d.size() - 1 - static_cast<std::size_t>(c)]);
  }
  return out;
}

Interval quantile_rank_interval(double n, double q, double alpha) {
  Interval out;
  if (!(n >= 1) || q < 0 || q > 1) return out;
  const double z = -normal_quantile(alpha);
  const double half = z * std::sqrt(n * q * (1 - q));
  const double lo = std::floor(n * q - half), hi = std::ceil(n * q + half) + 1;
  if (lo >= 1) out.lo = lo / n;
  if (hi <= n) out.hi = hi / n;
  return out;
}

}  // namespace iogate
