// A check as iogate runs and judges it, whoever made it: a threshold file's [[check]] table
// (thresholds/threshold_file.hpp reads one), CheckBuilder (fixtures/check_builder.hpp) or an
// import. The verdicts, the records and the writers know a check through this header alone, and so
// never link the threshold file's parser. What each member means in a threshold file, key by key:
// threshold_file.hpp and docs/thresholds.md.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "iogate/common/threshold_error.hpp"
#include "iogate/common/units.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iogate/engine/workload.hpp"

namespace iogate {

// repeat_max when none is given: room for an undecided check to gather evidence (evidence.hpp).
inline constexpr int kDefaultRepeatMax = 20;
// The most runs of `repeat` and `repeat_max`: more says nothing the first 100 did not, and only
// multiplies the run time.
inline constexpr int kMaxRepeat = 100;
// The shortest pause before a confirming sample when none is given: longer than the bursts a
// shared datastore typically sees (a neighbour's job halving it for 10-20 s).
inline constexpr std::chrono::seconds kDefaultConfirmPause{30};

enum class BoundKind { min, max };

struct AbsoluteBound {
  double value;  // in the metric's unit: IOPS, MiB/s, seconds or milliseconds
};
// "90% of baseline": the bound is fraction x the baseline's figure for the same metric.
struct RelativeBound {
  double fraction;  // 0.9 for "90% of baseline"
};
// "70% of peers": the bound is fraction x the median of the other hosts of the host's peer class
// running the same check. One host cannot judge it: `iogate check`, `iogate run` and the suites
// record it as left to `iogate fleet` (src/fleet/fleet.hpp), which judges it.
struct PeersBound {
  double fraction;  // 0.7 for "70% of peers"
};
using Bound = std::variant<AbsoluteBound, RelativeBound, PeersBound>;

struct Expectation {
  std::string key;  // as written: "iops_min", "latency_p99_9_max"
  Metric metric;
  BoundKind kind;
  double percentile = 0;  // for latency_percentile: 50, 90, 99, 99.9, 99.99
  Bound bound;
  // read_ and write_ keys: the figure of that direction's I/Os only; none: of all of them.
  std::optional<IoDirection> direction = std::nullopt;
  // prioritized_ keys (latencies only): the I/Os issued at the workload's cmd_priority only.
  bool prioritized = false;
};

struct Check {
  std::string name;
  std::string description;
  WorkloadSpec workload;
  // Neither the check nor [defaults] gives file_size (a fio job always does): it is size's
  // (implied_file_size), and follows a size given on the command line (check_scale.hpp).
  bool file_size_implied = false;
  std::vector<Expectation> expectations;
  std::chrono::seconds timeout{0};  // ctest TIMEOUT: the `timeout` key, else derive_timeout()
  bool timeout_derived = false;     // no `timeout` key: a rescaled check derives its own
  SourceLocation where;
  int repeat = 1;                      // the fewest runs (`repeat`)
  int repeat_max = kDefaultRepeatMax;  // the most, while undecided (`repeat_max`)
  std::optional<Nanoseconds> budget;   // wall time for all runs (`budget`)
  bool unstable_fails = true;          // `unstable = "fail"`; "skip" reports it skipped
  std::optional<double> cv_max;        // [check.expect] cv_max, as a fraction
  std::optional<double> stall_max;     // [check.expect] stall_max, as a fraction of the median
  bool require_settled = false;        // [check.expect] settled: the steady state must be reached
  bool confirm = true;                 // `confirm`: a shortfall needs a second sample to fail
  std::optional<Nanoseconds>
      confirm_pause;  // `confirm_pause`; none: confirmation_pause()'s default
  // Any expectation relative to a baseline.
  bool relative() const {
    for (const Expectation& e : expectations)
      if (std::holds_alternative<RelativeBound>(e.bound)) return true;
    return false;
  }
};

// Bytes the datastore must hold for the check's test file.
std::uint64_t space_needed(const Check& check);

// The ctest TIMEOUT of a check whose file gives none, in whole seconds (rounded up). It must let a
// healthy run, and a failing one, end with a verdict, yet stop a hung one. All rates are
// deliberately pessimistic:
//
//   margin                         60 s (start-up, verdicts, reports)
//                                  + file_size at 50 MiB/s (preallocating the test file)
//   time-based                     ramp + duration + margin
//   size-based with duration_max   ramp + 2 x duration_max + margin: a failing run still finishes
//                                  its I/O (until fail-fast cuts it short), and one that misses
//                                  the ceiling by a little must fail on its verdict, not time out
//   size-based without             ramp + size at 20 MiB/s + margin
//   size with a duration cap       the time-based figure when it is the smaller one
//   with a steady state            + its steady_max, the longest the phase may last
std::chrono::seconds derive_timeout(const WorkloadSpec& workload,
                                    const std::vector<Expectation>& expectations);

// The pause before the sample that confirms a shortfall: confirm_pause, else the longer of
// kDefaultConfirmPause and the first sample's longest run. A burst must cover much of a run to
// spoil it, so one that spoiled a long run may last that long again; the number of runs the first
// sample took says nothing of a burst's length (an undecided sample takes many), so it adds no
// wait.
Nanoseconds confirmation_pause(const Check& check, Nanoseconds longest_run);

// A check's ctest TIMEOUT when its file gives none: its runs may go on to repeat_max, so the run
// time above repeat_max times (preallocation and margin once), or one run plus the budget when
// that is less; with `confirm`, twice that and the pause between (a regression's confirmation).
std::chrono::seconds derive_check_timeout(const Check& check);

}  // namespace iogate
