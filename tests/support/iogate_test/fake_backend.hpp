// A scriptable IoBackend for tests: transfers nothing, completes requests either at once
// (synchronous, like psync) or on reap (asynchronous, FIFO, like io_uring with `depth` slots),
// and lets a test choose each submit's result to inject short transfers, EINTR or EIO. It counts
// what it was asked to do, so tests can compare that with what the run reports. With a
// `latency`, an asynchronous request completes that long after its submit, and reap waits for
// it as a device's would (reap_for at most its own time).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <thread>
#include <vector>

#include "iogate/engine/io_backend.hpp"
#include "iogate/engine/workload.hpp"

namespace iogate::test {

// What the fake-backend tests drive: `io_size` bytes of buffered 4 KiB writes over a 1 MiB file
// (the fake transfers nothing, so the file only has to exist).
inline WorkloadSpec fake_spec(std::uint64_t io_size) {
  WorkloadSpec s;
  s.block_size = 4096;
  s.file_size = 1 << 20;
  s.io_size = io_size;
  s.direct = false;
  s.seed = 3;
  return s;
}

struct FakeStats {
  std::uint64_t submits = 0;
  std::uint64_t busy_answers = 0;
  std::uint64_t commits = 0;
  std::uint64_t flushes = 0;
  std::uint64_t full_length_submits = 0;  // new I/Os, not retries or remainders
  std::size_t max_queued = 0;
  std::uint64_t reaped = 0;  // async: completions handed back so far
  unsigned setup_depth = 0;
  std::vector<IoRequest> log;  // every submitted request, as submitted (when log_requests)
};

class FakeBackend final : public IoBackend {
 public:
  // Given the request and the submit's ordinal (0-based), returns its result (bytes or -errno).
  using Script = std::function<std::int64_t(const IoRequest&, std::uint64_t call)>;

  FakeBackend(FakeStats& stats, unsigned max_in_flight = 1, bool async = false,
              std::uint32_t block_size = 4096)
      : stats_(stats), max_in_flight_(max_in_flight), async_(async), block_size_(block_size) {}

  Script script;
  bool log_requests = false;
  std::size_t reap_batch = SIZE_MAX;    // at most this many completions per reap
  std::size_t capacity = 0;             // async: answer busy beyond this many queued (0: depth)
  std::chrono::nanoseconds latency{0};  // async: from submit to completion
  bool priorities = false;              // carries_priority(): takes each request's ioprio

  std::string_view name() const override { return async_ ? "fake-async" : "fake"; }
  unsigned max_in_flight(unsigned requested) const override {
    return std::min(requested, max_in_flight_);
  }
  void setup(const BackendSetup& setup) override { stats_.setup_depth = setup.depth; }
  bool carries_priority() const override { return priorities; }

  SubmitStatus submit(IoRequest& req) override {
    if (async_ && queue_.size() >= (capacity ? capacity : stats_.setup_depth)) {
      ++stats_.busy_answers;
      return SubmitStatus::busy;
    }
    const std::uint64_t call = stats_.submits++;
    if (req.length == block_size_) ++stats_.full_length_submits;
    if (log_requests) stats_.log.push_back(req);
    req.result = script ? script(req, call) : static_cast<std::int64_t>(req.length);
    if (!async_) return SubmitStatus::completed;
    queue_.push_back(&req);
    ready_at_.push_back(Clock::now() + latency);
    stats_.max_queued = std::max(stats_.max_queued, queue_.size());
    return SubmitStatus::queued;
  }

  void commit() override { ++stats_.commits; }

  std::size_t reap(std::span<IoRequest*> out, std::size_t /*min*/) override {
    if (!queue_.empty()) std::this_thread::sleep_until(ready_at_.front());
    return take_ready(out);
  }

  std::size_t reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds wait) override {
    if (!queue_.empty())
      std::this_thread::sleep_until(std::min(ready_at_.front(), Clock::now() + wait));
    return take_ready(out);
  }

  void flush() override { ++stats_.flushes; }

 private:
  using Clock = std::chrono::steady_clock;

  std::size_t take_ready(std::span<IoRequest*> out) {
    std::size_t n = 0;
    while (n < out.size() && n < reap_batch && !queue_.empty() &&
           ready_at_.front() <= Clock::now()) {
      out[n++] = queue_.front();
      queue_.pop_front();
      ready_at_.pop_front();
    }
    stats_.reaped += n;
    return n;
  }

  FakeStats& stats_;
  unsigned max_in_flight_;
  bool async_;
  std::uint32_t block_size_;
  std::deque<IoRequest*> queue_;
  std::deque<Clock::time_point> ready_at_;  // each queued request's completion
};

}  // namespace iogate::test
