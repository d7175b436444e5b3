#include "fail_fast.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <variant>

#include "iogate/common/units.hpp"

namespace iogate {
namespace {

// The most lenient bound the baseline allows (see the header), or the absolute value; NaN (not
// watched) for a peers bound, which no one host can tell it misses.
double lenient_bound(const Expectation& e, const MetricSamples* baseline) {
  if (std::holds_alternative<PeersBound>(e.bound)) return NAN;
  const auto* rel = std::get_if<RelativeBound>(&e.bound);
  if (rel == nullptr) return std::get<AbsoluteBound>(e.bound).value;
  if (baseline == nullptr) return NAN;
  const auto it = baseline->find(sample_key(e));
  if (it == baseline->end() || it->second.empty()) return NAN;
  const auto [lo, hi] = std::minmax_element(it->second.begin(), it->second.end());
  return rel->fraction * (e.kind == BoundKind::min ? *lo : *hi);
}

std::string seconds_text(double s) {
  return format_duration(std::chrono::duration_cast<Nanoseconds>(std::chrono::duration<double>(s)));
}

}  // namespace

FailFast::FailFast(const Check& check, const MetricSamples* baseline) : check_(check) {
  for (const Expectation& e : check.expectations) {
    const bool watched =
        (e.metric == Metric::duration && e.kind == BoundKind::max) ||
        ((e.metric == Metric::mbps || e.metric == Metric::iops) && e.kind == BoundKind::min &&
         !e.direction);  // the intervals count all I/Os, not one direction's
    const double value = lenient_bound(e, baseline);
    if (watched && std::isfinite(value)) limits_.push_back({&e, value});
  }
}

bool FailFast::on_interval(const RunResult& so_far) {
  if (stopped_ || limits_.empty() || so_far.intervals.empty()) return !stopped_;
  const IntervalSample& last = so_far.intervals.back();
  if (last.length_s > 0) {
    best_bytes_per_s_ =
        std::max(best_bytes_per_s_, static_cast<double>(last.bytes) / last.length_s);
    best_ios_per_s_ = std::max(best_ios_per_s_, static_cast<double>(last.ios) / last.length_s);
  }
  const WorkloadSpec& w = check_.workload;
  const double elapsed = so_far.elapsed_s;
  const double done = static_cast<double>(so_far.bytes());
  const bool size_based = w.io_size > 0;
  const double window = std::chrono::duration<double>(w.duration).count();
  const bool may_project = so_far.intervals.size() >= kMinIntervals && best_bytes_per_s_ > 0;
  const double left = size_based ? std::max(0.0, static_cast<double>(w.io_size) - done) : 0.0;
  // Where the run is heading at its average rate so far: for the message only.
  const double avg_rate = elapsed > 0 ? done / elapsed : 0.0;
  const double projected_end = avg_rate > 0 ? elapsed + left / avg_rate : INFINITY;

  for (const Limit& limit : limits_) {
    const Metric m = limit.expectation->metric;
    if (m == Metric::duration) {
      // The shortest the run can still take: past the ceiling, or projected past it at best.
      const double shortest =
          size_based && may_project ? elapsed + left / best_bytes_per_s_ : elapsed;
      if (elapsed > limit.value || shortest > limit.value)
        return stop(limit, so_far, projected_end, std::max(elapsed, shortest)), false;
      continue;
    }
    if (!may_project) continue;
    // The best final figure still possible.
    const bool bytes = m == Metric::mbps;
    const double best = bytes ? best_bytes_per_s_ : best_ios_per_s_;
    const double count = bytes ? done : static_cast<double>(so_far.ios());
    double best_final = 0;
    if (size_based) {
      const double finish = elapsed + left / best_bytes_per_s_;
      const double total =
          static_cast<double>(w.io_size) /
          (bytes ? 1.0 : static_cast<double>(std::max<std::uint64_t>(1, w.block_size)));
      best_final = total / finish;
    } else if (window - elapsed >= 1.0) {  // in the last second there is nothing to save
      best_final = (count + best * std::max(0.0, window - elapsed)) / window;
    } else {
      continue;
    }
    if (bytes) best_final /= kMiB;
    if (best_final < limit.value) {
      const double now = count / elapsed / (bytes ? kMiB : 1.0);
      return stop(limit, so_far, now, best_final), false;
    }
  }
  return true;
}

void FailFast::stop(const Limit& limit, const RunResult& so_far, double projected, double certain) {
  certain_ = certain;
  const WorkloadSpec& w = check_.workload;
  std::string got = format_size(so_far.bytes());
  if (w.io_size > 0) got += " of " + format_size(w.io_size);
  std::string note;
  if (limit.expectation->metric == Metric::duration) {
    note = fmt::format("stopped at {} after {}; projected {}", seconds_text(so_far.elapsed_s), got,
                       std::isfinite(projected) ? seconds_text(projected) : "never");
  } else {
    note = fmt::format(
        "stopped at {} after {}; {} so far, cannot reach {} even at the best "
        "second's rate",
        seconds_text(so_far.elapsed_s), got, format_metric(*limit.expectation, projected),
        format_value(limit.expectation->metric, limit.value));
  }
  stopped_ = Shortfall{limit.expectation, projected, limit.value, std::move(note), std::nullopt};
}

}  // namespace iogate
