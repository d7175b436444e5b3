// See workload_loop.hpp for the loop's design, phases and accounting rules. This file is the
// per-I/O path; the clock, phases and the end of the run are in workload_phases.cpp.
#include "workload_loop.hpp"

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "common/interrupt.hpp"
#include "loop_clock.hpp"

namespace iogate {
namespace {

// The gaps' generator is seeded apart from the offsets' (the same seed, a different stream), so a
// Poisson run issues the same offsets as a linear one of the same seed.
constexpr std::uint64_t kGapStream = 0x9a95'5eed'0ff5'e7a1ULL;
// The same for the draws of the cmd_priority share.
constexpr std::uint64_t kPriorityStream = 0x10b2'1a55'cafe'5eedULL;

// The slower of the two caps for an I/O of `bytes`, as nanoseconds between issues; 0 when
// uncapped.
std::uint64_t rate_interval_ns(const WorkloadSpec& spec, double bytes) {
  double ns = 0;
  if (spec.rate_iops > 0) ns = 1e9 / spec.rate_iops;
  if (spec.rate_mbps > 0) ns = std::max(ns, bytes / (spec.rate_mbps * 1048576.0) * 1e9);
  return ns > 0 ? std::max<std::uint64_t>(1, static_cast<std::uint64_t>(ns)) : 0;
}

// The mean I/O size of a mix, by its shares.
double mean_size(const WorkloadSpec& spec) {
  double sum = 0, bytes = 0;
  for (const BlockSizeShare& share : spec.block_mix) {
    sum += share.pct;
    bytes += share.pct * static_cast<double>(share.block_size);
  }
  return bytes / sum;
}

}  // namespace

WorkloadLoop::WorkloadLoop(const LoopInputs& in)
    : spec_(in.spec),
      path_(in.path),
      backend_(in.backend),
      hook_(in.on_interval),
      generator_(in.spec, in.spec.seed),
      gaps_(generator_.seed() ^ kGapStream),
      priority_draws_(generator_.seed() ^ kPriorityStream),
      cmd_ioprio_(ioprio_value(in.spec.cmd_priority)),
      cmd_share_(in.spec.cmd_priority.set() ? in.spec.cmd_priority_pct / 100.0 : 0.0),
      region_offset_(in.region_offset),
      verifier_(in.verifier),
      stop_(in.stop),
      progress_(in.progress),
      steady_(in.steady),
      submit_batch_(std::max(1u, in.submit_batch)),
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
  mixed_ = generator_.mixed();
  poisson_ = spec_.rate_process == RateProcess::poisson;
  if (!mixed_) {
    rate_interval_ns_ = rate_interval_ns(spec_, static_cast<double>(spec_.block_size));
  } else {
    // The bucket's depth is counted in I/Os of the mean size; each issue is charged its own.
    rate_interval_ns_ = rate_interval_ns(spec_, mean_size(spec_));
    for (const std::uint64_t size : generator_.mix_sizes()) {
      mix_rate_ns_.push_back(rate_interval_ns(spec_, static_cast<double>(size)));
      size_counts_.push_back({size, 0, 0});
    }
  }
  if (spec_.duration.count() > 0) {
    result_.intervals.reserve(static_cast<std::size_t>(spec_.duration / std::chrono::seconds(1)) +
                              2);
  }
}

RunResult WorkloadLoop::run() {
  const std::uint64_t start = now_ns();
  start_ns_ = start;
  next_issue_ns_ = start;
  ramp_end_ns_ = start + static_cast<std::uint64_t>(spec_.ramp.count());
  warm_up_over(start);
  while (true) {
    fill();
    commit();
    if (rate_wait_) {
      wait_until_due();  // fill() stopped for the schedule (pending_ is empty then)
    } else if (queued_ > 0) {
      reap();
    } else if (pending_.empty() && free_.size() == slots_.size()) {
      break;  // fill() found nothing it may issue, and nothing is in flight
    }
  }
  if (interrupted_by_ != 0) throw_interrupted();
  finish();
  return std::move(result_);
}

void WorkloadLoop::fill() {
  rate_wait_ = false;
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
    if (const int sig = stop_requested(); sig != 0) stop_for_signal(sig);
    if (!issuing_) return;
    if (rate_interval_ns_ != 0 && !rate_allows(now)) return;
    if (spec_.think_time.count() != 0 && !think_allows(now)) return;
    Slot& slot = slots_[free_.back()];
    free_.pop_back();
    issue(slot, now);
    if (spec_.think_time.count() != 0 && ++since_pause_ == spec_.think_blocks) {
      since_pause_ = 0;
      pause_due_ = true;
    }
    if (!submit(slot)) return;
  }
}

// Token bucket of `depth` I/Os: next_issue_ns_ is when the next one is due; a schedule that has
// fallen further behind than depth I/Os is pulled forward instead of bursting.
bool WorkloadLoop::rate_allows(std::uint64_t now) {
  if (now < next_issue_ns_) {
    rate_wait_ = true;
    return false;
  }
  const std::uint64_t burst = rate_interval_ns_ * slots_.size();
  if (now - next_issue_ns_ > burst) next_issue_ns_ = now - burst;
  if (!mixed_) next_issue_ns_ += gap(rate_interval_ns_);  // a mix's I/O is charged in issue()
  return true;
}

// The next gap of the schedule: the interval itself, or a Poisson process's gap of that mean.
std::uint64_t WorkloadLoop::gap(std::uint64_t interval_ns) {
  if (!poisson_) return interval_ns;
  return static_cast<std::uint64_t>(gaps_.exponential() * static_cast<double>(interval_ns));
}

// fio's thinktime with its default trigger: once think_blocks I/Os were issued, every one of them
// completes before the pause starts, so the pause is time the application spends between what it
// asked for and what it asks next, not time hidden behind I/Os still in flight.
bool WorkloadLoop::think_allows(std::uint64_t now) {
  if (pause_due_) {
    if (free_.size() != slots_.size()) return false;  // reap() brings the rest back first
    pause_due_ = false;
    pause_end_ns_ = now + static_cast<std::uint64_t>(spec_.think_time.count());
  }
  if (now >= pause_end_ns_) return true;
  rate_wait_ = true;
  return false;
}

void WorkloadLoop::stop_for_signal(int sig) {
  if (interrupted_by_ != 0) return;
  interrupted_by_ = sig;
  issuing_ = false;
  stop_all();
}

void WorkloadLoop::throw_interrupted() const {
  InterruptProgress progress;
  progress.elapsed = std::chrono::nanoseconds(now_ns() - start_ns_);
  if (spec_.duration.count() > 0) progress.planned = spec_.ramp + spec_.duration;
  progress.bytes = result_.bytes_read + result_.bytes_written;
  progress.bytes_planned = spec_.io_size;
  throw Interrupted(interrupted_by_, std::move(progress));
}

// The schedule runs off the clock, not off completions: with I/Os in flight the wait for the next
// completion ends when the next issue falls due, so a slow I/O never holds back the ones after it
// (what fio's io_submit_mode=offload buys with a thread of its own), up to the depth in flight.
void WorkloadLoop::wait_until_due() {
  const std::uint64_t now = now_ns();
  const std::uint64_t due = std::max(next_issue_ns_, pause_end_ns_);
  const std::uint64_t wait = due > now ? due - now : 0;
  if (queued_ > 0) {
    take(backend_.reap_for(reaped_, std::chrono::nanoseconds(static_cast<std::int64_t>(wait))));
    return;
  }
  if (wait == 0) return;
  timespec ts{static_cast<time_t>(wait / 1'000'000'000), static_cast<long>(wait % 1'000'000'000)};
  ::nanosleep(&ts, nullptr);
}

void WorkloadLoop::issue(Slot& slot, std::uint64_t now) {
  IoChoice choice{};
  if (!mixed_) {
    choice = generator_.next();
  } else {
    const bool budget = phase_ == Phase::measure && spec_.io_size != 0;
    choice = generator_.next_mixed(budget ? spec_.io_size - issued_bytes_
                                          : std::numeric_limits<std::uint64_t>::max());
    slot.size_index = choice.size_index;
    if (rate_interval_ns_ != 0) next_issue_ns_ += gap(mix_rate_ns_[choice.size_index]);
  }
  const std::uint64_t offset = choice.offset + region_offset_;
  IoRequest& req = slot.req;
  req.direction = choice.direction;
  req.offset = offset;
  req.length = choice.length;
  slot.length = choice.length;
  req.result = 0;
  req.issued_ns = now;
  if (cmd_share_ > 0) {
    slot.prioritized = priority_draws_.uniform() < cmd_share_;
    req.ioprio = slot.prioritized ? cmd_ioprio_ : 0;
  }
  slot.block_offset = offset;
  if (choice.direction == IoDirection::read) {
    req.buffer = slot.read_buffer;
    if (verifier_) slot.ticket = verifier_->read_issued(offset);
  } else {
    req.buffer = slot.write_buffer;
    if (verifier_) {
      slot.generation = verifier_->stamp_write(slot.write_buffer, offset);
    } else {
      stamp_write(slot.write_buffer, offset, choice.length);
    }
    wrote_any_ = true;
  }
  slot.busy = true;
  slot.counted = true;
  slot.retries = 0;
  if (phase_ == Phase::measure && spec_.io_size != 0) {
    issued_bytes_ += choice.length;
    if (issued_bytes_ >= spec_.io_size) issuing_ = false;
  }
}

// The buffer is random data already (worker_set.cpp), which no compressing layer can shrink. Each
// 4 KiB of it then gets its offset and the write's sequence number, so that no two 4 KiB blocks
// written are alike, also within one slot's buffer written again: a deduplicating array, whose
// chunks are commonly 4 KiB, would otherwise keep one copy of a block that recurs. (fio's
// scramble_buffers does the same for every 512 bytes.) 16 bytes a 4 KiB block: a write of 8 KiB
// costs two stores more than a read.
void WorkloadLoop::stamp_write(std::byte* buffer, std::uint64_t offset, std::uint32_t length) {
  constexpr std::uint32_t kEvery = 4096;
  const std::uint64_t sequence = ++write_stamp_;
  std::uint64_t stamp[2] = {offset, sequence};
  for (std::uint32_t at = 0; at + sizeof stamp <= length; at += kEvery) {
    stamp[0] = offset + at;
    std::memcpy(buffer + at, stamp, sizeof stamp);
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
      if (++uncommitted_ >= submit_batch_) commit();
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

void WorkloadLoop::commit() {
  if (uncommitted_ == 0) return;
  backend_.commit();
  uncommitted_ = 0;
}

void WorkloadLoop::reap() { take(backend_.reap(reaped_, 1)); }

void WorkloadLoop::take(std::size_t n) {
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
  if (verifier_) verify_completion(slot);
  slot.busy = false;
  free_.push_back(req.slot);
  if (!slot.counted) return;
  // One record per I/O, in its direction's histogram: the run's is their merge (finish()).
  const std::uint64_t took = now - req.issued_ns;
  const std::uint32_t length = slot.length;
  if (req.direction == IoDirection::read) {
    result_.read_latency.record(took);
    result_.bytes_read += length;
    ++result_.ios_read;
  } else {
    result_.write_latency.record(took);
    result_.bytes_written += length;
    ++result_.ios_written;
  }
  if (cmd_share_ > 0)
    (slot.prioritized ? result_.prioritized_latency : result_.unprioritized_latency).record(took);
  if (mixed_) {
    BlockSizeCount& count = size_counts_[slot.size_index];
    ++count.ios;
    count.bytes += length;
  }
  interval_bytes_ += length;
  ++interval_ios_;
}

void WorkloadLoop::verify_completion(const Slot& slot) const {
  if (slot.req.direction == IoDirection::write) {
    verifier_->write_done(slot.block_offset, slot.generation);
  } else {
    verifier_->check_read(slot.read_buffer, slot.block_offset, slot.ticket, path_);
  }
}

}  // namespace iogate
