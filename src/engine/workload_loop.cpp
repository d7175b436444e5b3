// See workload_loop.hpp for the loop's design, phases and accounting rules.
#include "workload_loop.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <system_error>

namespace iogate {
namespace {

constexpr std::uint64_t kIntervalNs = 1'000'000'000;

std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch() /
                                    std::chrono::nanoseconds(1));
}

double seconds(std::uint64_t ns) { return static_cast<double>(ns) / 1e9; }

}  // namespace

WorkloadLoop::WorkloadLoop(const LoopInputs& in)
    : spec_(in.spec),
      path_(in.path),
      backend_(in.backend),
      hook_(in.on_interval),
      generator_(in.spec, in.spec.seed),
      block_size_(static_cast<std::uint32_t>(in.spec.block_size)),
      slots_(in.depth),
      reaped_(in.depth) {
  free_.reserve(in.depth);
  pending_.reserve(in.depth);
  for (std::uint32_t i = 0; i < in.depth; ++i) {
    Slot& slot = slots_[i];
    slot.req.slot = i;
    if (in.read_buffers) slot.read_buffer = in.read_buffers + i * in.buffer_stride;
    if (in.write_buffers) slot.write_buffer = in.write_buffers + i * in.buffer_stride;
    free_.push_back(in.depth - 1 - i);  // pop_back hands out slot 0 first
  }
  result_.engine = std::string(backend_.name());
  result_.queue_depth = in.depth;
  result_.seed = generator_.seed();
  if (spec_.duration.count() > 0) {
    result_.intervals.reserve(static_cast<std::size_t>(spec_.duration / std::chrono::seconds(1)) +
                              2);
  }
}

RunResult WorkloadLoop::run() {
  const std::uint64_t start = now_ns();
  if (spec_.ramp.count() > 0) {
    ramp_end_ns_ = start + static_cast<std::uint64_t>(spec_.ramp.count());
  } else {
    begin_measure(start);
  }
  while (true) {
    fill();
    if (need_commit_) {
      backend_.commit();
      need_commit_ = false;
    }
    if (queued_ > 0) {
      reap();
    } else if (pending_.empty() && free_.size() == slots_.size()) {
      break;  // fill() found nothing it may issue, and nothing is in flight
    }
  }
  finish();
  return std::move(result_);
}

void WorkloadLoop::fill() {
  while (true) {
    if (!pending_.empty()) {
      Slot& slot = slots_[pending_.back()];
      pending_.pop_back();
      if (!submit(slot)) return;
      continue;
    }
    if (free_.empty()) return;
    const std::uint64_t now = now_ns();
    on_time(now);
    if (!issuing_) return;
    Slot& slot = slots_[free_.back()];
    free_.pop_back();
    issue(slot, now);
    if (!submit(slot)) return;
  }
}

void WorkloadLoop::issue(Slot& slot, std::uint64_t now) {
  const IoChoice choice = generator_.next();
  IoRequest& req = slot.req;
  req.direction = choice.direction;
  req.offset = choice.offset;
  req.length = block_size_;
  req.result = 0;
  req.issued_ns = now;
  if (choice.direction == IoDirection::read) {
    req.buffer = slot.read_buffer;
  } else {
    // Stamp offset and sequence number on the block so no two written blocks are alike:
    // devices that deduplicate or compress would otherwise flatter the figures.
    req.buffer = slot.write_buffer;
    const std::uint64_t stamp[2] = {choice.offset, ++write_stamp_};
    std::memcpy(slot.write_buffer, stamp, sizeof stamp);
    wrote_any_ = true;
  }
  slot.busy = true;
  slot.counted = true;
  slot.retries = 0;
  if (phase_ == Phase::measure && spec_.io_size != 0) {
    issued_bytes_ += block_size_;
    if (issued_bytes_ >= spec_.io_size) issuing_ = false;
  }
}

// False when the backend is busy: the slot waits in pending_ until something is reaped.
bool WorkloadLoop::submit(Slot& slot) {
  switch (backend_.submit(slot.req)) {
    case SubmitStatus::completed:
      complete(slot, now_ns());
      return true;
    case SubmitStatus::queued:
      ++queued_;
      need_commit_ = true;
      return true;
    case SubmitStatus::busy:
      if (queued_ == 0) {
        throw std::logic_error("engine " + result_.engine + " reported busy with no I/O in flight");
      }
      pending_.push_back(slot.req.slot);
      return false;
  }
  return false;
}

void WorkloadLoop::reap() {
  const std::size_t n = backend_.reap(reaped_, 1);
  if (n == 0) return;
  const std::uint64_t now = now_ns();
  for (std::size_t i = 0; i < n; ++i) {
    --queued_;
    complete(slots_[reaped_[i]->slot], now);
  }
}

void WorkloadLoop::complete(Slot& slot, std::uint64_t now) {
  on_time(now);
  IoRequest& req = slot.req;
  if (req.result < 0) {
    const auto err = static_cast<int>(-req.result);
    if ((err == EINTR || err == EAGAIN) && ++slot.retries <= kMaxRetries) {
      pending_.push_back(req.slot);
      return;
    }
    throw_io_error(req, err, slot.retries > kMaxRetries ? "retried too often" : nullptr);
  }
  if (req.result == 0) throw_io_error(req, EIO, "transferred nothing (did the file shrink?)");
  if (req.result > req.length) {
    throw std::logic_error("engine " + result_.engine + " reported more bytes than requested");
  }
  slot.retries = 0;
  const auto done = static_cast<std::uint32_t>(req.result);
  if (done < req.length) {
    req.offset += done;
    req.length -= done;
    req.buffer = static_cast<std::byte*>(req.buffer) + done;
    pending_.push_back(req.slot);
    return;
  }
  slot.busy = false;
  free_.push_back(req.slot);
  if (!slot.counted) return;
  result_.latency.record(now - req.issued_ns);
  if (req.direction == IoDirection::read) {
    result_.bytes_read += block_size_;
    ++result_.ios_read;
  } else {
    result_.bytes_written += block_size_;
    ++result_.ios_written;
  }
  interval_bytes_ += block_size_;
  ++interval_ios_;
}

void WorkloadLoop::on_time(std::uint64_t now) {
  if (phase_ == Phase::ramp) {
    if (now < ramp_end_ns_) return;
    begin_measure(now);
  }
  if (now >= next_interval_ns_) close_intervals(now, true);
  if (now >= stop_ns_) issuing_ = false;
}

void WorkloadLoop::begin_measure(std::uint64_t now) {
  phase_ = Phase::measure;
  measure_start_ns_ = now;
  next_interval_ns_ = now + kIntervalNs;
  stop_ns_ = spec_.duration.count() > 0 ? now + static_cast<std::uint64_t>(spec_.duration.count())
                                        : std::numeric_limits<std::uint64_t>::max();
  result_.latency.reset();
  result_.bytes_read = result_.bytes_written = result_.ios_read = result_.ios_written = 0;
  result_.intervals.clear();
  interval_bytes_ = interval_ios_ = 0;
  issued_bytes_ = 0;
  if (spec_.io_size != 0) {
    for (Slot& slot : slots_) {
      if (!slot.busy) continue;
      if (issued_bytes_ + block_size_ <= spec_.io_size) {
        issued_bytes_ += block_size_;
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
    if (call_hook && hook_ && !stopped_by_hook_ && !hook_(result_) && issuing_) {
      issuing_ = false;
      stopped_by_hook_ = true;
    }
  }
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
}

void WorkloadLoop::throw_io_error(const IoRequest& req, int err, const char* why) const {
  std::string what = std::string(req.direction == IoDirection::read ? "read" : "write") + " of " +
                     std::to_string(req.length) + " bytes at offset " + std::to_string(req.offset) +
                     " of " + path_;
  if (why) what += std::string(" ") + why;
  throw std::system_error(err, std::generic_category(), what);
}

}  // namespace iogate
