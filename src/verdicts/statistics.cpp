#include "iogate/verdicts/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace iogate {
namespace {

constexpr std::size_t kExactLimit = 50;

bool has_ties(std::span<const double> x, std::span<const double> y) {
  std::vector<double> all(x.begin(), x.end());
  all.insert(all.end(), y.begin(), y.end());
  std::sort(all.begin(), all.end());
  return std::adjacent_find(all.begin(), all.end()) != all.end();
}

// P(U <= u) by counting: ways[i][j][k] = interleavings of i x's and j y's with U = k, built one
// element at a time (an x placed last exceeds all j y's, adding j to U).
double exact_p(std::size_t n, std::size_t m, double u) {
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
  double below = 0;
  for (std::size_t k = 0; k <= max_u && static_cast<double>(k) <= u + 1e-9; ++k) below += counts[k];
  return below / total;
}

double normal_p(std::span<const double> x, std::span<const double> y, double u) {
  const double n = static_cast<double>(x.size()), m = static_cast<double>(y.size());
  std::vector<double> all(x.begin(), x.end());
  all.insert(all.end(), y.begin(), y.end());
  std::sort(all.begin(), all.end());
  double tie_sum = 0;
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i;
    while (j < all.size() && all[j] == all[i]) ++j;
    const double t = static_cast<double>(j - i);
    tie_sum += t * t * t - t;
    i = j;
  }
  const double total = n + m;
  const double variance = n * m / 12.0 * ((total + 1) - tie_sum / (total * (total - 1)));
  if (!(variance > 0)) return 1.0;  // every value equal: no evidence either way
  const double z = (u + 0.5 - n * m / 2.0) / std::sqrt(variance);
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

}  // namespace

double median(std::span<const double> values) {
  if (values.empty()) return NAN;
  std::vector<double> v(values.begin(), values.end());
  std::sort(v.begin(), v.end(), [](double a, double b) {
    return std::isnan(b) ? !std::isnan(a) : (!std::isnan(a) && a < b);
  });
  const std::size_t mid = v.size() / 2;
  return v.size() % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2.0;
}

double coefficient_of_variation(std::span<const double> values) {
  if (values.size() < 2) return 0.0;
  const double n = static_cast<double>(values.size());
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
  double squares = 0;
  for (double v : values) squares += (v - mean) * (v - mean);
  const double sd = std::sqrt(squares / (n - 1));
  return mean != 0 ? sd / std::fabs(mean) : (sd == 0 ? 0.0 : INFINITY);
}

UTest mann_whitney_less(std::span<const double> x, std::span<const double> y) {
  UTest t;
  if (x.empty() || y.empty()) return t;
  for (double a : x)
    for (double b : y) t.u += a > b ? 1.0 : (a == b ? 0.5 : 0.0);
  t.exact = x.size() <= kExactLimit && y.size() <= kExactLimit && !has_ties(x, y);
  t.p = t.exact ? exact_p(x.size(), y.size(), t.u) : normal_p(x, y, t.u);
  return t;
}

double smallest_p(std::size_t n, std::size_t m) {
  double c = 1;  // C(n+m, n), built as a product so it stays exact for small sizes
  for (std::size_t i = 1; i <= n; ++i) c = c * static_cast<double>(m + i) / static_cast<double>(i);
  return 1.0 / c;
}

}  // namespace iogate
