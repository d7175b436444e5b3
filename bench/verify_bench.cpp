// The cost verification adds per I/O: stamping a block before a write (header + crc32c of the
// whole block) and checking one after a read, at common block sizes; and the checksum alone.
#include <benchmark/benchmark.h>

#include <vector>

#include "verify/block_header.hpp"
#include "verify/crc32c.hpp"

namespace {

void BM_VerifyEncode(benchmark::State& state) {
  const auto size = static_cast<std::uint32_t>(state.range(0));
  std::vector<std::byte> block(size, std::byte{0x3c});
  std::uint64_t generation = 0;
  for (auto _ : state) {
    iogate::encode_block(block.data(), size, {8192, 42, ++generation});
    benchmark::DoNotOptimize(block.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * size);
}
BENCHMARK(BM_VerifyEncode)->Arg(4096)->Arg(8192)->Arg(32768);

void BM_VerifyCheck(benchmark::State& state) {
  const auto size = static_cast<std::uint32_t>(state.range(0));
  std::vector<std::byte> block(size, std::byte{0x3c});
  iogate::encode_block(block.data(), size, {8192, 42, 7});
  iogate::BlockMismatch mismatch{};
  for (auto _ : state) {
    benchmark::DoNotOptimize(iogate::check_block(block.data(), size, {8192, 42, 7, 7}, mismatch));
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * size);
}
BENCHMARK(BM_VerifyCheck)->Arg(4096)->Arg(8192)->Arg(32768);

// Arguments: block size, 1 for the SSE4.2 path (when the CPU has it), 0 for the table.
void BM_Crc32c(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  std::vector<unsigned char> data(size, 0xa5);
  const bool hardware = state.range(1) != 0;
  if (hardware && !iogate::crc32c_uses_hardware()) {
    state.SkipWithError("no SSE4.2 on this CPU");
    return;
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(hardware ? iogate::crc32c(0, data.data(), size)
                                      : iogate::crc32c_table(0, data.data(), size));
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}
BENCHMARK(BM_Crc32c)->Args({8192, 1})->Args({8192, 0});

}  // namespace
