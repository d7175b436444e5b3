#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "iogate/engine/histogram.hpp"

namespace {

// Latencies spread like a real device's: lognormal around 100 us, from ~1 us to ~10 ms.
std::vector<std::uint64_t> latencies() {
  std::mt19937_64 rng(1);
  std::lognormal_distribution<double> dist(std::log(1e5), 1.0);
  std::vector<std::uint64_t> values(1 << 16);
  for (auto& v : values) v = static_cast<std::uint64_t>(dist(rng));
  return values;
}

void BM_HistogramRecord(benchmark::State& state) {
  const auto values = latencies();
  iogate::LatencyHistogram h;
  std::size_t i = 0;
  for (auto _ : state) {
    h.record(values[i++ & (values.size() - 1)]);
  }
  benchmark::DoNotOptimize(h.count());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HistogramRecord);

void BM_HistogramPercentile(benchmark::State& state) {
  iogate::LatencyHistogram h;
  for (const auto v : latencies()) h.record(v);
  for (auto _ : state) benchmark::DoNotOptimize(h.percentile_ns(99.9));
}
BENCHMARK(BM_HistogramPercentile);

}  // namespace
