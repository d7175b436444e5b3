// The steady-state phase of one run (iogate/engine/steady_state.hpp): the judge of a series of
// samples, and the phase its workers share.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

#include "iogate/engine/steady_state.hpp"

namespace iogate {

// Judges samples as fio does: once the window is full, each new sample gives the window's
// criterion (its largest deviation from its mean, or its least-squares slope per sample), as a
// percentage of the mean when the limit is one.
class SteadyStateJudge {
 public:
  explicit SteadyStateJudge(const SteadyState& rule);
  // Adds a sample (NaN: an interval without a figure, e.g. no I/O completed for a latency);
  // returns the window's criterion once it holds window_samples() of them. A window with a NaN
  // sample has a NaN criterion, which never holds.
  std::optional<double> add(double sample);
  // Whether a criterion is within the limit, in size: steady.
  bool holds(double criterion) const;

 private:
  double criterion() const;

  SteadyState rule_;
  std::vector<double> ring_;  // the window, oldest at next_ once full
  std::size_t next_ = 0;
  std::size_t filled_ = 0;
};

// What one worker did in one interval of the phase.
struct SteadyCounts {
  std::uint64_t ios = 0;
  std::uint64_t bytes = 0;
  double latency_sum_ns = 0;  // of the I/Os that completed in it
  std::uint64_t latencies = 0;

  SteadyCounts& operator+=(const SteadyCounts& o) {
    ios += o.ios;
    bytes += o.bytes;
    latency_sum_ns += o.latency_sum_ns;
    latencies += o.latencies;
    return *this;
  }
  // What was counted since `before`, a reading of the same running totals.
  SteadyCounts since(const SteadyCounts& before) const {
    return {ios - before.ios, bytes - before.bytes, latency_sum_ns - before.latency_sum_ns,
            latencies - before.latencies};
  }
};

// Shared by a run's workers (one or many). The phase's intervals are counted from one start for
// all; each worker hands in its counts as each interval ends, and an interval's sample, the sum of
// everyone's, is judged once every worker's is in. Each worker leaves the phase when settled()
// turns true or its deadline passes, within one of its I/Os of the others. A mutex guards the
// judging: it is taken once per interval per worker, never per I/O.
class SteadyStatePhase {
 public:
  SteadyStatePhase(const SteadyState& rule, unsigned workers);

  const SteadyState& rule() const { return rule_; }
  // The phase's start: the `now` of the first worker to call, for every caller.
  std::uint64_t start(std::uint64_t now);
  // A worker's counts of interval `index` (0 from the start).
  void add(std::uint64_t index, const SteadyCounts& counts);
  bool settled() const { return settled_.load(std::memory_order_acquire); }
  // A worker starts its measured window at `now`; the first one's time is the phase's end.
  void end(std::uint64_t now);
  SteadyStateOutcome outcome() const;

 private:
  struct Bucket {
    SteadyCounts sum;
    unsigned workers = 0;
  };
  double sample(const SteadyCounts& sum) const;

  const SteadyState rule_;
  const unsigned workers_;
  mutable std::mutex mutex_;
  SteadyStateJudge judge_;
  std::deque<Bucket> pending_;  // intervals from next_index_ on, not yet judged
  std::uint64_t next_index_ = 0;
  std::optional<std::uint64_t> start_ns_;
  std::optional<std::uint64_t> end_ns_;
  std::optional<double> criterion_;
  std::atomic<bool> settled_{false};
};

}  // namespace iogate
