// How tightly a baseline must pin its medians for the checks judged against it to be decided.
//
// A relative bound at fraction f ("90% of baseline") leaves a margin |1 - f| between a datastore
// as good as its baseline and one at the bound. A later check's ratio interval (Hodges-Lehmann,
// evidence.hpp) is about as wide as the baseline's and the check's own median intervals taken in
// quadrature; a baseline pinned within half the margin leaves the check's runs 87% of it
// (sqrt(1 - 1/4)), so a healthy check can still be told from one at the bound. A third would leave
// 94%, at a cost the simulation shows: a baseline that sharp sees a neighbour's bursts that spoil
// both samples of a check as sharply (healthy checks under bursts every 2 min failed 1.25% with a
// third, 0.83% with half: tests/unit/verdicts/confirmation_simulation_gtest.cpp). Looser, and no
// number of runs against it decides: under an on/off CPU hog a baseline of 20 runs pinned within
// +-27% left a 25% cut "both samples undecided" 12 times of 12, and one of 100 runs (+-8%) let it
// fail 10 of 10 (docs/measurements.md, the confirmation rig).
//
// So `baseline record` records until the median is pinned within the tighter of --precision and
// what the bounds need, for kRecordingRuns runs at most; then a check with relative bounds goes on,
// up to kRecordingRunsRelative runs, only while it is looser than its bounds need. A quiet
// datastore pins in 5-9 runs either way: the extra runs are spent where the noise needs them, and
// never for the --precision asked alone. A check judged against a baseline looser than its bounds
// need says so beside an unstable verdict.
#pragma once

#include <optional>
#include <string>

#include "iogate/checks/check.hpp"
#include "iogate/verdicts/verdict.hpp"

namespace iogate {

inline constexpr int kRecordingFewestRuns = 5;  // --repeat's default
inline constexpr int kRecordingRuns = kDefaultRepeatMax;
inline constexpr int kRecordingRunsRelative = kMaxRepeat;
inline constexpr double kBaselineShareOfMargin = 1.0 / 2.0;

// The precision (a share of the median) `check`'s relative bounds need of its baseline: half their
// narrowest margin; infinite without relative bounds.
double precision_bounds_need(const Check& check);

// The precision a recording of `check` aims at after `runs` runs, given the --precision `asked`:
// the tighter of the two up to kRecordingRuns runs, what the bounds need beyond. A --repeat-max
// given (`runs_given`) keeps the first aim to its last run.
double recording_aim(const Check& check, double asked, int runs, bool runs_given);

// The most runs `baseline record` makes of `check` unless told otherwise.
int baseline_recording_runs(const Check& check);

// For a check judged against a baseline of `recorded` samples: "the baseline pins its iops median
// within +-27.3% (95%, 20 runs), and iops_min = "90% of baseline" needs +-5.0%: ..." for the
// first relative bound whose figure the baseline pins more loosely than the bound needs; nothing
// when all are pinned enough (or too few runs to tell, which the verdict's own interval shows).
std::optional<std::string> loose_baseline_note(const Check& check, const MetricSamples& recorded);

}  // namespace iogate
