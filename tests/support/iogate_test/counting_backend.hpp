// A decorator around a real IoBackend that records what the loop asked of it: every submit (as
// submitted), how many requests were in flight at most (accepted as queued, not yet reaped), and
// how many queued requests each commit carried.
// Tests run real backends through it to see ordering and depth from outside the loop. It can
// also hand the backend a different file handle, to make the kernel itself fail the I/O.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "iogate/engine/io_backend.hpp"

namespace iogate::test {

struct CountingLog {
  std::vector<IoRequest> submits;
  std::size_t in_flight = 0;
  std::size_t max_in_flight = 0;
  unsigned setup_depth = 0;
  std::vector<std::size_t> commit_sizes;  // queued requests each commit carried (0 not logged)
  std::size_t uncommitted = 0;
};

class CountingBackend final : public IoBackend {
 public:
  CountingBackend(std::unique_ptr<IoBackend> inner, CountingLog& log)
      : inner_(std::move(inner)), log_(log) {}

  std::optional<NativeHandle> replace_file;  // set: the inner backend gets this handle instead

  std::string_view name() const override { return inner_->name(); }
  unsigned max_in_flight(unsigned requested) const override {
    return inner_->max_in_flight(requested);
  }
  void setup(const BackendSetup& setup) override {
    log_.setup_depth = setup.depth;
    BackendSetup inner = setup;
    inner.file = replace_file.value_or(setup.file);
    inner_->setup(inner);
  }
  SubmitStatus submit(IoRequest& req) override {
    const SubmitStatus status = inner_->submit(req);
    if (status == SubmitStatus::busy) return status;
    log_.submits.push_back(req);
    if (status == SubmitStatus::queued) {
      log_.max_in_flight = std::max(log_.max_in_flight, ++log_.in_flight);
      ++log_.uncommitted;
    } else {
      log_.max_in_flight = std::max<std::size_t>(log_.max_in_flight, 1);
    }
    return status;
  }
  void commit() override {
    if (log_.uncommitted != 0) log_.commit_sizes.push_back(log_.uncommitted);
    log_.uncommitted = 0;
    inner_->commit();
  }
  std::size_t reap(std::span<IoRequest*> out, std::size_t min) override {
    const std::size_t n = inner_->reap(out, min);
    log_.in_flight -= n;
    return n;
  }
  std::size_t reap_for(std::span<IoRequest*> out, std::chrono::nanoseconds wait) override {
    const std::size_t n = inner_->reap_for(out, wait);
    log_.in_flight -= n;
    return n;
  }
  std::string setup_note() const override { return inner_->setup_note(); }
  void release() noexcept override { inner_->release(); }
  void flush() override { inner_->flush(); }

 private:
  std::unique_ptr<IoBackend> inner_;
  CountingLog& log_;
};

}  // namespace iogate::test
