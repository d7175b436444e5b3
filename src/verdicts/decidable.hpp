// Whether a check's run budget can ever call its bounds broken.
//
// "Broken" needs evidence at the gate's 1% level (evidence.hpp), and a few runs cannot give it
// whatever the datastore does: n runs all below an absolute bound are n heads of a fair coin
// (2^-n), n runs all below a baseline of b runs one arrangement in C(n + b, b) (Mann-Whitney).
// With repeat_max = 3 against a baseline of 3 runs the strongest evidence is 1 in 20: that check
// ends PASS or UNSTABLE, never FAIL, and a gate that can never fail says nothing.
//
// The verdict answers for itself: each bound is judged, by evaluate() as a check is, on the most
// damning samples its budget allows (every run far beyond the bound, each value distinct) in the
// three ways confirmation.hpp can fail a check: the first sample alone (confirm = false), both
// samples broken, or both pooled at one look. When none is broken, the smallest repeat_max that
// would be is searched up to kMaxRepeat. A percentile bound judged on every I/O pooled and a
// peers bound (left to iogate fleet) are not asked: their evidence is not the runs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iogate/checks/check.hpp"
#include "iogate/verdicts/verdict.hpp"

namespace iogate {

struct UndecidableBound {
  const Expectation* expectation = nullptr;
  int repeat = 0;         // the check's
  int repeat_max = 0;     // the check's
  int baseline_runs = 0;  // of a relative bound's baseline; 0 for an absolute bound
  // The smallest repeat_max that could fail it; none: no repeat_max up to kMaxRepeat can, against
  // a baseline of this few runs.
  std::optional<int> repeat_max_needed;
};

// The bounds of `check` that its repeat_max cannot call broken. `baseline_runs`: how many runs the
// baseline holds for its relative bounds (none: those are not asked).
std::vector<UndecidableBound> bounds_that_cannot_fail(const Check& check,
                                                      std::optional<int> baseline_runs);

// How many runs a baseline's `samples` hold for `check`'s relative bounds; none when it holds no
// figure they are relative to.
std::optional<int> baseline_runs(const Check& check, const MetricSamples& samples);

// "iops_min can never fail: 3 runs against a baseline of 3 cannot reach the 1% level a FAIL
// needs; repeat_max = 6 can"
std::string describe(const UndecidableBound& b);

}  // namespace iogate
