#include <benchmark/benchmark.h>

#include "offset_generator.hpp"

namespace {

// Arguments: read %, random %.
void BM_OffsetGeneratorNext(benchmark::State& state) {
  iogate::WorkloadSpec spec;
  spec.block_size = 4096;
  spec.file_size = std::uint64_t{8} << 30;
  spec.io_size = 4096;
  spec.read_pct = static_cast<double>(state.range(0));
  spec.random_pct = static_cast<double>(state.range(1));
  iogate::OffsetGenerator gen(spec, 1);
  for (auto _ : state) {
    const iogate::IoChoice c = gen.next();
    benchmark::DoNotOptimize(c);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OffsetGeneratorNext)->Args({100, 0})->Args({70, 60})->Args({0, 100});

}  // namespace
