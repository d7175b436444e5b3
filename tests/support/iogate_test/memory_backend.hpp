// A backend that keeps the "file" in memory, so verification faults can be injected exactly:
// writes land in `disk` (unless `drop_write` says to lose one), reads copy out of it, then
// `on_read` may tamper with what the reader got (flip a byte, hand over another block). With
// `async`, requests complete on reap in submission order, up to the depth given to setup().
#pragma once

#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <vector>

#include "iogate/engine/io_backend.hpp"

namespace iogate::test {

class MemoryBackend final : public IoBackend {
 public:
  MemoryBackend(std::vector<std::byte>& disk, bool async = false) : disk_(disk), async_(async) {}

  // Return true to lose this write (it "completes" without reaching the disk).
  std::function<bool(const IoRequest&, std::uint64_t write_number)> drop_write;
  // Called after a read copied its bytes into req.buffer.
  std::function<void(IoRequest&, const std::vector<std::byte>& disk)> on_read;

  std::string_view name() const override { return async_ ? "memory-async" : "memory"; }
  unsigned max_in_flight(unsigned requested) const override { return async_ ? requested : 1; }
  void setup(const BackendSetup& setup) override { depth_ = setup.depth; }
  SubmitStatus submit(IoRequest& req) override {
    if (async_ && queue_.size() >= depth_) return SubmitStatus::busy;
    auto* buffer = static_cast<std::byte*>(req.buffer);
    if (req.direction == IoDirection::write) {
      if (!(drop_write && drop_write(req, writes_++))) {
        std::memcpy(disk_.data() + req.offset, buffer, req.length);
      }
    } else {
      std::memcpy(buffer, disk_.data() + req.offset, req.length);
      if (on_read) on_read(req, disk_);
    }
    req.result = req.length;
    if (!async_) return SubmitStatus::completed;
    queue_.push_back(&req);
    return SubmitStatus::queued;
  }
  std::size_t reap(std::span<IoRequest*> out, std::size_t) override {
    std::size_t n = 0;
    while (n < out.size() && !queue_.empty()) {
      out[n++] = queue_.front();
      queue_.pop_front();
    }
    return n;
  }
  void flush() override {}

 private:
  std::vector<std::byte>& disk_;
  bool async_;
  unsigned depth_ = 1;
  std::uint64_t writes_ = 0;
  std::deque<IoRequest*> queue_;
};

}  // namespace iogate::test
