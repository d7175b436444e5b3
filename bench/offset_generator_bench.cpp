#include <benchmark/benchmark.h>

#include <cstdint>

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

// A block-size mix (next_mixed): fio's bssplit=4k/60:64k/40 (argument 2) or IOMeter's "File
// Server" spec of 8 sizes (argument 8), at read 70%, random 60%.
void BM_OffsetGeneratorNextMixed(benchmark::State& state) {
  iogate::WorkloadSpec spec;
  spec.file_size = std::uint64_t{8} << 30;
  spec.read_pct = 70;
  spec.random_pct = 60;
  if (state.range(0) == 2) {
    spec.block_mix = {{4096, 60}, {65536, 40}};
  } else {
    spec.block_mix = {{512, 10}, {1024, 5},  {2048, 5},  {4096, 60},
                      {8192, 2}, {16384, 4}, {32768, 4}, {65536, 10}};
  }
  spec.block_size = iogate::block_size_of_mix(spec.block_mix);
  spec.io_size = spec.block_size;
  iogate::OffsetGenerator gen(spec, 1);
  for (auto _ : state) {
    const iogate::IoChoice c = gen.next_mixed(~std::uint64_t{0});
    benchmark::DoNotOptimize(c);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OffsetGeneratorNextMixed)->Arg(2)->Arg(8);

}  // namespace
