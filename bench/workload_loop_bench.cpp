// The loop's own cost per I/O: run_workload against a backend that completes every request at
// once without touching the file, so what is left is offset choice, clocks, accounting and the
// histogram. Synchronous (psync's shape) and asynchronous (io_uring's shape, depth 32).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <deque>
#include <filesystem>
#include <string>

#include "iogate/engine/engine.hpp"

namespace {

class NullBackend final : public iogate::IoBackend {
 public:
  explicit NullBackend(bool async) : async_(async) {}
  std::string_view name() const override { return async_ ? "null-async" : "null"; }
  unsigned max_in_flight(unsigned requested) const override { return async_ ? requested : 1; }
  void setup(int, unsigned) override {}
  iogate::SubmitStatus submit(iogate::IoRequest& req) override {
    req.result = req.length;
    if (!async_) return iogate::SubmitStatus::completed;
    queue_.push_back(&req);
    return iogate::SubmitStatus::queued;
  }
  std::size_t reap(std::span<iogate::IoRequest*> out, std::size_t) override {
    std::size_t n = 0;
    while (n < out.size() && !queue_.empty()) {
      out[n++] = queue_.front();
      queue_.pop_front();
    }
    return n;
  }
  void flush() override {}

 private:
  bool async_;
  std::deque<iogate::IoRequest*> queue_;
};

// A sparse scratch file the loop can open and fstat; removed at exit.
const std::filesystem::path& scratch_file() {
  static const std::filesystem::path path = [] {
    std::string templ = (std::filesystem::temp_directory_path() / "iogate-bench-XXXXXX").string();
    const int fd = ::mkstemp(templ.data());
    if (fd < 0 || ::ftruncate(fd, 1 << 30) != 0) std::abort();
    ::close(fd);
    std::atexit([] { std::filesystem::remove(scratch_file()); });
    return std::filesystem::path(templ);
  }();
  return path;
}

// Arguments: queue depth (1: synchronous backend), read %, random %.
void BM_WorkloadLoopPerIo(benchmark::State& state) {
  constexpr std::uint64_t kIosPerRun = 1 << 16;
  iogate::WorkloadSpec spec;
  spec.block_size = 4096;
  spec.file_size = 1 << 30;
  spec.io_size = kIosPerRun * spec.block_size;
  spec.queue_depth = static_cast<unsigned>(state.range(0));
  spec.read_pct = static_cast<double>(state.range(1));
  spec.random_pct = static_cast<double>(state.range(2));
  spec.direct = false;
  spec.flush = iogate::FlushPolicy::none;
  spec.seed = 1;
  std::uint64_t ios = 0;
  for (auto _ : state) {
    iogate::RunOptions options;
    options.backend = std::make_unique<NullBackend>(spec.queue_depth > 1);
    ios += iogate::run_workload(spec, scratch_file(), std::move(options)).ios();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(ios));
  state.counters["ns_per_io"] = benchmark::Counter(
      static_cast<double>(ios), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_WorkloadLoopPerIo)
    ->Args({1, 100, 0})
    ->Args({1, 70, 60})
    ->Args({32, 70, 60})
    ->Unit(benchmark::kMillisecond);

}  // namespace
