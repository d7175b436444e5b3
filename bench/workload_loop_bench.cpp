// The loop's own cost per I/O: run_workload against the tests' fake backend, which completes
// every request without touching the file, so what is left is offset choice, clocks, accounting
// and the histogram. Synchronous (psync's shape) and asynchronous (io_uring's shape, depth 32).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>

#include "iogate/engine/engine.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"

namespace {

// A sparse scratch file the loop can open and fstat, in a directory removed at exit.
const std::filesystem::path& scratch_file() {
  static const iogate::test::TempDir dir;
  static const std::filesystem::path path = dir.make_file("loop.dat", 1 << 30);
  return path;
}

constexpr std::uint64_t kIosPerRun = 1 << 16;

// The loop's cost per I/O for `spec` with the arguments queue depth (1: synchronous backend),
// read %, random %; each run holds about kIosPerRun I/Os whatever its block sizes.
void run_per_io(benchmark::State& state, iogate::WorkloadSpec spec, double mean_block_size) {
  spec.file_size = 1 << 30;
  spec.io_size =
      static_cast<std::uint64_t>(kIosPerRun * mean_block_size) / spec.block_size * spec.block_size;
  spec.queue_depth = static_cast<unsigned>(state.range(0));
  spec.read_pct = static_cast<double>(state.range(1));
  spec.random_pct = static_cast<double>(state.range(2));
  spec.direct = false;
  spec.flush = iogate::FlushPolicy::none;
  spec.seed = 1;
  std::uint64_t ios = 0;
  iogate::test::FakeStats stats;
  for (auto _ : state) {
    iogate::RunOptions options;
    // Depth 1 answers each submit at once (psync's shape); deeper ones complete on reap.
    options.backend =
        std::make_unique<iogate::test::FakeBackend>(stats, spec.queue_depth, spec.queue_depth > 1);
    ios += iogate::run_workload(spec, scratch_file(), std::move(options)).ios();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(ios));
  state.counters["ns_per_io"] = benchmark::Counter(
      static_cast<double>(ios), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_WorkloadLoopPerIo(benchmark::State& state) {
  iogate::WorkloadSpec spec;
  spec.block_size = 4096;
  run_per_io(state, spec, 4096);
}
// Reads and writes apart at depth 32 (all random): what a write costs the loop beyond a read.
BENCHMARK(BM_WorkloadLoopPerIo)
    ->Args({1, 100, 0})
    ->Args({1, 70, 60})
    ->Args({32, 70, 60})
    ->Args({32, 100, 100})
    ->Args({32, 0, 100})
    ->Args({32, 70, 100})
    ->Unit(benchmark::kMillisecond);

// The same with fio's bssplit=4k/60:64k/40 (the fake transfers nothing, so only the size draw
// and the per-size counts are added).
void BM_WorkloadLoopPerIoMixed(benchmark::State& state) {
  iogate::WorkloadSpec spec;
  spec.block_mix = {{4096, 60}, {65536, 40}};
  spec.block_size = 4096;
  run_per_io(state, spec, 0.6 * 4096 + 0.4 * 65536);
}
BENCHMARK(BM_WorkloadLoopPerIoMixed)
    ->Args({1, 70, 60})
    ->Args({32, 70, 60})
    ->Unit(benchmark::kMillisecond);

}  // namespace
