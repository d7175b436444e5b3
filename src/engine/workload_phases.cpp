// The workload loop's clock and phases: ramp to measure, one-second intervals and the hook,
// the stop conditions, the final flush and figures. See workload_loop.hpp.
#include <limits>
#include <system_error>

#include "io_error.hpp"
#include "loop_clock.hpp"
#include "steady_state_phase.hpp"
#include "workload_loop.hpp"

namespace iogate {
namespace {

constexpr std::uint64_t kIntervalNs = 1'000'000'000;

}  // namespace

void WorkloadLoop::on_time(std::uint64_t now) {
  if (phase_ != Phase::measure && !warm_up_over(now)) return;
  if (now >= next_interval_ns_) close_intervals(now, true);
  if (now >= stop_ns_) issuing_ = false;
  if (stop_ && stop_->load(std::memory_order_relaxed)) issuing_ = false;
}

// The ramp, then the settle phase when there is one: true once the measured window has begun.
bool WorkloadLoop::warm_up_over(std::uint64_t now) {
  if (phase_ == Phase::ramp) {
    if (now < ramp_end_ns_) return false;
    if (steady_ == nullptr) {
      begin_measure(now);
      return true;
    }
    begin_settling(now);
  }
  if (!settle(now)) return false;
  steady_->end(now);
  begin_measure(now);
  return true;
}

void WorkloadLoop::begin_settling(std::uint64_t now) {
  phase_ = Phase::settle;
  const SteadyState& rule = steady_->rule();
  const std::uint64_t start = steady_->start(now);
  steady_next_ns_ = start + static_cast<std::uint64_t>(rule.interval.count());
  steady_deadline_ns_ = start + static_cast<std::uint64_t>(rule.max_wait.count());
  steady_before_ = steady_counts();
}

// What this worker completed since the run began (the counts run on until the measured window).
SteadyCounts WorkloadLoop::steady_counts() const {
  const auto sum = [](const LatencyHistogram& h) {
    return h.mean_ns() * static_cast<double>(h.count());
  };
  return {result_.ios(), result_.bytes(), sum(result_.read_latency) + sum(result_.write_latency),
          result_.read_latency.count() + result_.write_latency.count()};
}

// Hands each interval that ended to the phase (what completed since goes to the first of them,
// as the measured intervals count completions where they are seen); true when the phase is over.
bool WorkloadLoop::settle(std::uint64_t now) {
  if (now >= steady_next_ns_) {
    const SteadyCounts total = steady_counts();
    SteadyCounts delta = total.since(steady_before_);
    steady_before_ = total;
    const auto interval = static_cast<std::uint64_t>(steady_->rule().interval.count());
    while (now >= steady_next_ns_) {
      steady_->add(steady_index_++, delta);
      delta = {};
      steady_next_ns_ += interval;
    }
  }
  return steady_->settled() || now >= steady_deadline_ns_;
}

void WorkloadLoop::begin_measure(std::uint64_t now) {
  phase_ = Phase::measure;
  measure_start_ns_ = now;
  next_interval_ns_ = now + kIntervalNs;
  stop_ns_ = spec_.duration.count() > 0 ? now + static_cast<std::uint64_t>(spec_.duration.count())
                                        : std::numeric_limits<std::uint64_t>::max();
  result_.latency.reset();
  result_.read_latency.reset();
  result_.write_latency.reset();
  result_.bytes_read = result_.bytes_written = result_.ios_read = result_.ios_written = 0;
  result_.intervals.clear();
  interval_bytes_ = interval_ios_ = 0;
  for (BlockSizeCount& count : size_counts_) count.ios = count.bytes = 0;
  issued_bytes_ = 0;
  if (spec_.io_size != 0) {
    for (Slot& slot : slots_) {
      if (!slot.busy) continue;
      if (issued_bytes_ + slot.length <= spec_.io_size) {
        issued_bytes_ += slot.length;
      } else {
        slot.counted = false;
      }
    }
    if (issued_bytes_ >= spec_.io_size) issuing_ = false;
  }
  cpu_start_ = take_cpu_snapshot();
}

void WorkloadLoop::close_intervals(std::uint64_t now, bool call_hook) {
  while (now >= next_interval_ns_) {
    result_.intervals.push_back({seconds(next_interval_ns_ - kIntervalNs - measure_start_ns_), 1.0,
                                 interval_bytes_, interval_ios_});
    interval_bytes_ = interval_ios_ = 0;
    result_.elapsed_s = seconds(next_interval_ns_ - measure_start_ns_);
    next_interval_ns_ += kIntervalNs;
    publish_progress();
    if (call_hook && hook_ && !stopped_by_hook_) {
      result_.merge_direction_latencies();
      bool go_on = true;
      if (progress_ == nullptr) {
        go_on = hook_(result_);
      } else {
        // Several workers: the hook sees everyone's totals (this worker's intervals and latency).
        RunResult so_far = result_;
        so_far.bytes_read = progress_->bytes_read.load(std::memory_order_relaxed);
        so_far.bytes_written = progress_->bytes_written.load(std::memory_order_relaxed);
        so_far.ios_read = progress_->ios_read.load(std::memory_order_relaxed);
        so_far.ios_written = progress_->ios_written.load(std::memory_order_relaxed);
        go_on = hook_(so_far);
      }
      if (!go_on && issuing_) {
        issuing_ = false;
        stopped_by_hook_ = true;
        stop_all();
      }
    }
  }
}

void WorkloadLoop::publish_progress() {
  if (progress_ == nullptr) return;
  const auto add = [](std::atomic<std::uint64_t>& to, std::uint64_t now, std::uint64_t& before) {
    to.fetch_add(now - before, std::memory_order_relaxed);
    before = now;
  };
  add(progress_->bytes_read, result_.bytes_read, published_.bytes_read);
  add(progress_->bytes_written, result_.bytes_written, published_.bytes_written);
  add(progress_->ios_read, result_.ios_read, published_.ios_read);
  add(progress_->ios_written, result_.ios_written, published_.ios_written);
}

void WorkloadLoop::stop_all() {
  if (stop_) stop_->store(true, std::memory_order_relaxed);
}

void WorkloadLoop::finish() {
  std::uint64_t end = now_ns();
  if (spec_.flush == FlushPolicy::end && wrote_any_) {
    const std::uint64_t flush_start = end;
    try {
      backend_.flush();
    } catch (const std::system_error& e) {
      throw std::system_error(e.code(), "fdatasync " + path_);
    }
    end = now_ns();
    result_.flush_s = seconds(end - flush_start);
  }
  close_intervals(end, false);
  if (interval_ios_ > 0) {
    const std::uint64_t last_start = next_interval_ns_ - kIntervalNs;
    result_.intervals.push_back({seconds(last_start - measure_start_ns_), seconds(end - last_start),
                                 interval_bytes_, interval_ios_});
  }
  result_.elapsed_s = seconds(end - measure_start_ns_);
  const CpuPercent cpu = cpu_percent(cpu_start_, take_cpu_snapshot(), result_.elapsed_s);
  result_.cpu_process_pct = cpu.process;
  result_.cpu_system_pct = cpu.system;
  result_.completed = !stopped_by_hook_;
  result_.block_sizes = size_counts_;
  result_.merge_direction_latencies();
}

void WorkloadLoop::throw_io_error(const IoRequest& req, int err, const char* why) const {
  std::string what = std::string(req.direction == IoDirection::read ? "read" : "write") + " of " +
                     std::to_string(req.length) + " bytes at offset " + std::to_string(req.offset) +
                     " of " + path_;
  if (why) what += std::string(" ") + why;
  RunResult partial = result_;
  partial.completed = false;
  partial.block_sizes = size_counts_;
  partial.merge_direction_latencies();
  if (phase_ == Phase::measure) partial.elapsed_s = seconds(now_ns() - measure_start_ns_);
  throw IoError(err, what, std::move(partial));
}

}  // namespace iogate
