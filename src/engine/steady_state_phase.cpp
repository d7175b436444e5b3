// The judge and the shared phase (steady_state_phase.hpp).
#include "steady_state_phase.hpp"

#include <algorithm>
#include <cmath>

namespace iogate {

SteadyStateJudge::SteadyStateJudge(const SteadyState& rule)
    : rule_(rule), ring_(static_cast<std::size_t>(std::max(window_samples(rule), 1LL))) {}

std::optional<double> SteadyStateJudge::add(double sample) {
  ring_[next_] = sample;
  next_ = (next_ + 1) % ring_.size();
  if (filled_ < ring_.size()) ++filled_;
  if (filled_ < ring_.size()) return std::nullopt;
  return criterion();
}

bool SteadyStateJudge::holds(double criterion) const { return std::fabs(criterion) < rule_.limit; }

double SteadyStateJudge::criterion() const {
  const std::size_t n = ring_.size();
  double sum = 0;
  for (const double y : ring_) sum += y;
  const double mean = sum / static_cast<double>(n);
  double value = 0;
  if (rule_.slope) {
    // Least squares over x = 0 .. n-1, oldest first: the change per sample.
    double sum_x = 0, sum_xx = 0, sum_xy = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double x = static_cast<double>(i);
      const double y = ring_[(next_ + i) % n];
      sum_x += x;
      sum_xx += x * x;
      sum_xy += x * y;
    }
    const double dn = static_cast<double>(n);
    value = (sum_xy - sum_x * sum / dn) / (sum_xx - sum_x * sum_x / dn);
  } else {
    for (const double y : ring_) value = std::max(value, std::fabs(y - mean));
    if (std::isnan(sum)) value = NAN;  // max() passes a NaN sample over
  }
  if (!rule_.percent) return value;
  // A window whose mean is 0 (nothing completed) has no relative figure: not steady.
  return mean > 0 ? 100.0 * value / mean : INFINITY;
}

SteadyStatePhase::SteadyStatePhase(const SteadyState& rule, unsigned workers)
    : rule_(rule), workers_(std::max(workers, 1u)), judge_(rule) {}

std::uint64_t SteadyStatePhase::start(std::uint64_t now) {
  const std::lock_guard lock(mutex_);
  if (!start_ns_) start_ns_ = now;
  return *start_ns_;
}

double SteadyStatePhase::sample(const SteadyCounts& sum) const {
  const double seconds = std::chrono::duration<double>(rule_.interval).count();
  switch (rule_.metric) {
    case SteadyMetric::bw:
      return static_cast<double>(sum.bytes) / seconds;
    case SteadyMetric::lat:
      return sum.latencies > 0 ? sum.latency_sum_ns / static_cast<double>(sum.latencies) : NAN;
    case SteadyMetric::iops:
      break;
  }
  return static_cast<double>(sum.ios) / seconds;
}

void SteadyStatePhase::add(std::uint64_t index, const SteadyCounts& counts) {
  const std::lock_guard lock(mutex_);
  if (index < next_index_ || settled_.load(std::memory_order_relaxed)) return;
  while (pending_.size() <= index - next_index_) pending_.emplace_back();
  Bucket& bucket = pending_[index - next_index_];
  bucket.sum += counts;
  ++bucket.workers;
  // Judged in order, each once everyone's counts are in.
  while (!pending_.empty() && pending_.front().workers >= workers_) {
    const std::optional<double> criterion = judge_.add(sample(pending_.front().sum));
    pending_.pop_front();
    ++next_index_;
    if (!criterion) continue;
    // A window without a figure (NaN) or without a mean (nothing completed) has no value to show.
    criterion_ = std::isfinite(*criterion) ? criterion : std::nullopt;
    if (judge_.holds(*criterion)) {
      settled_.store(true, std::memory_order_release);
      return;
    }
  }
}

void SteadyStatePhase::end(std::uint64_t now) {
  const std::lock_guard lock(mutex_);
  if (!end_ns_) end_ns_ = now;
}

SteadyStateOutcome SteadyStatePhase::outcome() const {
  const std::lock_guard lock(mutex_);
  SteadyStateOutcome out;
  out.settled = settled_.load(std::memory_order_relaxed);
  if (start_ns_ && end_ns_ && *end_ns_ > *start_ns_)
    out.after_s = static_cast<double>(*end_ns_ - *start_ns_) / 1e9;
  out.criterion = criterion_;
  return out;
}

}  // namespace iogate
