// The statistics behind noise-aware verdicts: median, spread and a one-sided Mann-Whitney U test.
// Why this test (and not a bootstrap or a t-test) is explained at the top of verdict.hpp.
//
// The U test ranks the two samples together. U counts the pairs (x_i, y_j) with x_i > y_j, a tie
// counting one half; under "no difference" every interleaving of the ranks is equally likely, so
// P(U <= u) is a count of interleavings. It is computed exactly when there are no ties and
// C(n+m, n) is small enough to count (n, m <= 50), and otherwise with the normal approximation
// with tie correction and a continuity correction of 1/2:
//   mean n*m/2, variance n*m/12 * ((n+m+1) - sum(t^3 - t) / ((n+m)(n+m-1))).
#pragma once

#include <span>

namespace iogate {

double median(std::span<const double> values);  // NaN for none; NaNs sort last
// Sample standard deviation over the mean (n - 1 in the denominator); 0 for fewer than 2 values.
double coefficient_of_variation(std::span<const double> values);

struct UTest {
  double u = 0;  // pairs with x > y, ties counting 1/2
  double p = 1;  // one-sided: P(U <= u) when x and y come from the same distribution
  bool exact = false;
};

// Tests "x tends to be smaller than y". p is 1 when either sample is empty.
UTest mann_whitney_less(std::span<const double> x, std::span<const double> y);

// The smallest p the test can give for samples of these sizes: 1 / C(n+m, n). With 5 and 5 runs
// it is 1/252; a significance level below it can never be reached.
double smallest_p(std::size_t n, std::size_t m);

}  // namespace iogate
