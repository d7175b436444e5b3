// Steady state: a phase between the ramp and the measured window. A device whose figures change as
// it fills (an SSD's write cliff once its spare blocks are used, a write-back cache that drains, a
// thin volume allocating) shows its regression only once the change is over: SNIA's Performance
// Test Specification measures in steady state, and fio's steadystate options stop a job there.
// Here the measured window starts there: the workload runs, judged once per `interval`, until the
// figure over the last `window` is steady, or until `max_wait` has passed (then the window starts
// anyway, and the record says it did not settle; a check may require that it did).
//
// The criteria are fio's, in fio's spelling ("iops:10%", "bw_slope:1%", "lat:200us"):
//   iops, bw, lat                 every sample of the window lies within LIMIT of the window's
//                                 mean (fio's "maximum deviation")
//   iops_slope, bw_slope,         the least-squares slope of the window's samples, per sample,
//   lat_slope                     is below LIMIT in size (rising or falling)
// A sample is one interval's IOPS, bandwidth (bytes per second) or mean completion latency, the
// sum of every worker's I/Os. LIMIT is a percentage of the window's mean ("10%") or a figure in the
// metric's unit: IOPS ("iops:50"), a size per second ("bw:20MiB"), a time with its unit
// ("lat:200us"). The ramp before the phase is the workload's own `ramp`, fio's ss_ramp.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace iogate {

enum class SteadyMetric { iops, bw, lat };

struct SteadyState {
  SteadyMetric metric = SteadyMetric::iops;
  bool slope = false;    // the window's slope; false: its largest deviation from its mean
  double limit = 0;      // in the metric's unit (IOPS, bytes/s, ns), or a percentage
  bool percent = false;  // limit is a percentage of the window's mean
  std::chrono::nanoseconds window{0};  // the samples judged together; 0: no steady-state phase
  std::chrono::nanoseconds interval{std::chrono::seconds(1)};  // one sample's length
  std::chrono::nanoseconds max_wait{0};                        // the longest the phase may last
  bool operator==(const SteadyState&) const = default;
  bool enabled() const { return window.count() > 0; }
};

// How the phase ended, in the run's figures.
struct SteadyStateOutcome {
  bool settled = false;
  double after_s = 0;  // the phase's length: from the ramp's end to the measured window's start
  // The last window's criterion, in the limit's unit (a percentage when the limit is one); none
  // when the phase ended before a window was full.
  std::optional<double> criterion;
  bool operator==(const SteadyStateOutcome&) const = default;
};

// The criterion in fio's spelling, which parse_steady_criterion reads back: "iops:10%".
std::string steady_criterion_text(const SteadyState& rule);

// The criterion `text` spells, in `into` (metric, slope, limit, percent; the times are left as
// they are), or what was expected instead, without the file context, which the caller adds.
std::optional<std::string> parse_steady_criterion(std::string_view text, SteadyState& into);

// The rules on a whole rule, the parser's included: nothing, or which part broke one and what was
// expected.
enum class SteadyPart { criterion, window, interval, max_wait };
struct SteadyProblem {
  SteadyPart part;
  std::string expected;
};
std::optional<SteadyProblem> steady_state_problem(const SteadyState& rule);

// "iops:10% reached after 42.0 s (last 30s window: 6.1%)", "iops:10% not reached within 2m30s
// (last 30s window: 23.4%)": how the phase ended, for a check's line and its failure.
std::string steady_state_words(const SteadyState& rule, const SteadyStateOutcome& outcome);

// The longest wait a threshold file or `iogate run` gives a rule that names none, in windows:
// long enough for a device's figure to cross from one level to another, short enough for CI.
inline constexpr int kDefaultMaxWaitWindows = 5;

// The number of samples a window holds.
inline long long window_samples(const SteadyState& rule) {
  return rule.interval.count() > 0 ? rule.window / rule.interval : 0;
}

}  // namespace iogate
