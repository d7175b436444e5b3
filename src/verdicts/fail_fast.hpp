// Fail fast: stop a run as soon as its verdict is certain, instead of waiting 14 minutes for a
// 3-minute check to finish. Attached to the engine through RunOptions::on_interval (called after
// every one-second interval), it watches the check's duration ceiling and throughput floors:
//
//   duration_max     elapsed time past the ceiling: the run can only get longer.
//                    Size-based: the bytes left cannot be moved in time even at the best
//                    one-second rate seen so far: elapsed + left / best_rate > ceiling.
//   mbps_min,        the best figure the run can still end with — the rest of it at the best
//   iops_min         one-second rate seen — is below the floor.
//
// The best rate seen, not the average, keeps the decision certain in practice: a run that warms
// up slowly is only stopped when even its fastest second could not save it. No projection is made
// before kMinIntervals full intervals, nor in the last second of a time-based run (it ends then
// anyway). A stopped run enters the verdict's samples as certain_figure(), the most favourable
// figure it could still have ended with, which is beyond the bound (evidence.hpp: enough such
// runs decide "broken" like any other samples). A relative bound is resolved on the
// baseline, taking the baseline's most lenient sample (its slowest duration, its lowest rate) so
// that noise in the baseline never stops a healthy run.
//
// The failure line says how far the run got and where it was heading at its average rate so far:
//   seq_write_8k_8g: duration > duration_max 3m (stopped at 3m00s after 1.3 GiB of 8 GiB;
//   projected 18m40s)
#pragma once

#include <optional>

#include "iogate/engine/engine.hpp"
#include "iogate/verdicts/verdict.hpp"

namespace iogate {

class FailFast {
 public:
  static constexpr std::size_t kMinIntervals = 3;

  // Nothing to watch (no ceiling or floor, or a relative one without baseline): never stops.
  FailFast(const Check& check, const MetricSamples* baseline);

  bool watching() const { return !limits_.empty(); }
  // For RunOptions::on_interval: false (stop) once a watched bound is certainly missed.
  bool on_interval(const RunResult& so_far);
  IntervalHook hook() {
    return [this](const RunResult& so_far) { return on_interval(so_far); };
  }

  // Set once the run was stopped: the shortfall to report (note filled, measured = projection).
  const std::optional<Shortfall>& stopped() const { return stopped_; }
  // Once stopped: the best figure the run could still have reached (the shortest duration, the
  // highest rate), in the metric's unit.
  double certain_figure() const { return certain_; }

 private:
  struct Limit {
    const Expectation* expectation;
    double value;
  };
  void stop(const Limit& limit, const RunResult& so_far, double projected, double certain);

  const Check& check_;
  std::vector<Limit> limits_;
  double best_bytes_per_s_ = 0;
  double best_ios_per_s_ = 0;
  std::optional<Shortfall> stopped_;
  double certain_ = 0;
};

}  // namespace iogate
