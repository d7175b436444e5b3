// Thresholds proposed from a known-good recording (`iogate propose`): each recorded check becomes
// a check of a new threshold file with the same workload and absolute bounds set from what the
// storage did, a stated margin away. Seastar's iotune measures a disk to configure its own I/O
// scheduler; this does the same for a gate: record on a known-good host, propose, review, commit.
//
// Which bounds, by what the workload holds fixed (shape_of):
//   paced  (rate_iops or rate_mbps)   latency_p99_max and iops_min: the pace fixes the throughput,
//          so what the storage shows is how long each I/O takes at that load; the floor catches a
//          device that no longer keeps the pace.
//   timed  (duration: time-based, or a size with a time cap)   iops_min and mbps_min: the window
//          is fixed and the work done in it is the figure. With one block size the two are one
//          bound in two units, kept both so the verdict speaks the unit its reader looks for;
//          with a block-size mix they differ. A duration bound would be meaningless (the clock,
//          or the cap, stops the run).
//   sized  (size only, or kind = "integrity")   duration_max: the work is fixed and the time it
//          takes is the figure, as seed 000's "8 GiB in under 3 minutes".
// Latency tails of an unpaced workload are left out: at saturation they follow the queue depth
// and the machine's noise more than the storage, and a gate that flaps on them gets switched off.
//
// How far. With margin m (default 20%) a figure may get m worse before the gate fails: rates may
// fall to (1 - m) x the recorded median, times may grow to 1 / (1 - m) x it (the same slowdown
// seen from the other side: 20% fewer MB/s is 25% more seconds for the same bytes). When the
// recording holds at least kMinRunsForSpread runs, their spread widens the bound where it is wider
// than the margin: floor = min(median x (1 - m), median - 3 sigma), ceiling = max(median / (1 - m),
// median + 3 sigma), sigma the robust standard deviation (1.4826 x the median absolute deviation,
// which one disturbed run does not move, as the verdicts' median does not). So a healthy run of
// that storage falls outside the bound only when it is both a margin and three of its own spreads
// worse. Floors are then rounded down and ceilings up to three significant digits, to read as
// bounds written by a person; rounding only ever widens them.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "iogate/engine/figure_names.hpp"
#include "iogate/thresholds/threshold_file.hpp"
#include "recording.hpp"

namespace iogate {

inline constexpr double kDefaultProposeMargin = 0.20;
// Fewer runs than this have no spread worth the name (the median absolute deviation of two runs
// is half their difference). The spread only ever widens a bound, so a rough one errs on the
// lenient side.
inline constexpr std::size_t kMinRunsForSpread = 3;
inline constexpr double kSpreadSigmas = 3.0;  // sigma = kMadToSigma x MAD (fleet/robust.hpp)

enum class CheckShape { paced, timed, sized };
CheckShape shape_of(const WorkloadSpec& workload);
const char* shape_name(CheckShape shape);  // "paced", "timed", "sized"

// A bound key the proposal sets, and the figure it is set from.
struct BoundChoice {
  const char* key;  // "iops_min"
  Metric metric;
  BoundKind kind;
  double percentile;  // for latency percentiles
  // "iops", "latency_p99_ms": the baseline's name of the figure (figure_names.hpp).
  std::string sample_key() const { return sample_key_of({metric, percentile}); }
};
// The bounds proposed for a workload of that shape, in the order they are written.
std::vector<BoundChoice> bounds_for(CheckShape shape);

// How one bound was set: the recorded figure's median and spread, what the margin and the
// spread each gave, and the bound as written.
struct Derivation {
  int runs = 0;
  double median = 0;
  double lowest = 0, highest = 0;     // the runs' range
  std::optional<double> sigma;        // robust standard deviation, from 3 runs on
  double from_margin = 0;             // median x (1 - m), or median / (1 - m)
  std::optional<double> from_spread;  // median -/+ 3 sigma, when known
  double exact = 0;                   // the bound before rounding
  double value = 0;                   // after: what the file says
  // The spread, not the margin, set the bound (it was the wider of the two).
  bool spread_decided() const {
    return from_spread && exact == *from_spread && exact != from_margin;
  }
};

// The floor or ceiling for `samples` (no NaN, at least one) with margin `margin` (0 < m < 1).
// nullopt when no positive bound follows (a floor of a figure the spread takes to zero or less,
// a median of zero).
std::optional<Derivation> derive_bound(std::span<const double> samples, BoundKind kind,
                                       double margin);

// x rounded to three significant digits, down (floors) or up (ceilings); x > 0.
double round_down_3(double x);
double round_up_3(double x);

struct ProposedBound {
  BoundChoice choice;
  Derivation how;
};

struct ProposedCheck {
  const RecordedCheck* recorded;  // points into the Recording proposed from
  CheckShape shape;
  std::vector<ProposedBound> bounds;
};

struct ProposeSettings {
  double margin = kDefaultProposeMargin;  // 0 < margin < 1
  std::string suite;                      // [suite] name; empty: proposal_suite_name()
  std::string profile;                    // [suite] profile; empty: the format's default
};

struct Proposal {
  const Recording* recording;
  ProposeSettings settings;
  std::string suite;  // as it will be written
  std::vector<ProposedCheck> checks;
  // The checks left out, each "name: why" (RecordedCheck::unusable, or no bound follows).
  std::vector<std::string> left_out;
};

// The suite name when none is asked for: the results' suite, else the recording file's name
// made into an identifier ("array-gate.json" -> "array_gate"), else "proposed".
std::string proposal_suite_name(const Recording& recording);

// Never throws for a check it cannot propose from: it is left out, with why. The caller decides
// whether a proposal of no check is an error (it is for `iogate propose`).
Proposal propose(const Recording& recording, const ProposeSettings& settings);

}  // namespace iogate
