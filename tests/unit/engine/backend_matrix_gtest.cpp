// The same behaviour proved once per engine: every test runs for each engine of the platform
// (psync, io_uring and libaio on Linux; psync and iocp on Windows), and skips (saying why) for an
// engine not built in or not usable on this machine. Real I/O, on a file under the build tree (a
// real disk, as O_DIRECT needs; /tmp may be tmpfs).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <system_error>
#include <vector>

#include "iogate/engine/engine.hpp"
#include "iogate_test/counting_backend.hpp"
#include "iogate_test/native_file.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kMiB = 1 << 20;

void expect_binomial(std::uint64_t observed, std::uint64_t n, double p, const char* what) {
  const double mean = static_cast<double>(n) * p;
  const double sigma = std::sqrt(static_cast<double>(n) * p * (1 - p));
  EXPECT_LE(std::abs(static_cast<double>(observed) - mean), 5 * sigma)
      << what << ": " << observed << " of " << n << ", expected " << mean;
}

class EveryBackend : public ::testing::TestWithParam<std::string_view> {
 protected:
  EveryBackend() : dir_(IOGATE_TEST_SCRATCH_DIR) {}

  void SetUp() override {
    if (const auto why = backend_unavailable(GetParam())) {
      GTEST_SKIP() << GetParam() << " is not usable here: " << *why;
    }
  }

  bool async() const { return std::string_view(GetParam()) != "psync"; }

  WorkloadSpec spec(std::uint64_t file_size, std::uint64_t io_size, unsigned depth) const {
    WorkloadSpec s;
    s.block_size = kBlock;
    s.file_size = file_size;
    s.io_size = io_size;
    s.queue_depth = depth;
    s.engine = std::string(GetParam());
    s.seed = 11;
    return s;
  }

  // Runs through the counting decorator; a filesystem without O_DIRECT skips the test.
  RunResult run(const WorkloadSpec& s, const std::filesystem::path& file,
                std::optional<NativeHandle> replace_file = {}) {
    auto backend = std::make_unique<test::CountingBackend>(make_backend(GetParam()), log_);
    backend->replace_file = replace_file;
    RunOptions options;
    options.backend = std::move(backend);
    return run_workload(s, file, std::move(options));
  }

  test::TempDir dir_;
  test::CountingLog log_;
};

TEST_P(EveryBackend, SequentialDirectWriteIsExactInOrderAndOnDisk) {
  const auto file = dir_.make_file("data", 4 * kMiB);
  RunResult r;
  try {
    r = run(spec(4 * kMiB, 4 * kMiB, 8), file);
  } catch (const DirectIoUnsupported& e) {
    GTEST_SKIP() << e.what();
  }
  EXPECT_EQ(r.engine, GetParam());
  EXPECT_EQ(r.bytes_written, 4 * kMiB);
  EXPECT_EQ(r.ios_written, 1024u);
  EXPECT_EQ(r.ios_read, 0u);
  EXPECT_EQ(r.latency.count(), 1024u);
  EXPECT_EQ(r.queue_depth, async() ? 8u : 1u);

  std::vector<std::uint64_t> offsets;
  for (const IoRequest& req : log_.submits) {
    if (req.length == kBlock) offsets.push_back(req.offset);
  }
  ASSERT_EQ(offsets.size(), 1024u);
  for (std::size_t i = 0; i < offsets.size(); ++i) ASSERT_EQ(offsets[i], i * kBlock) << i;

  std::ifstream in(file, std::ios::binary);
  std::vector<char> block(kBlock);
  for (std::uint64_t off = 0; off < 4 * kMiB; off += kBlock) {
    ASSERT_TRUE(in.read(block.data(), kBlock));
    std::uint64_t stamped = 0;
    std::memcpy(&stamped, block.data(), sizeof stamped);
    ASSERT_EQ(stamped, off) << "block at " << off << " was not written";
  }
}

TEST_P(EveryBackend, ReadWriteMixAndRandomShareFollowTheSpec) {
  const auto file = dir_.make_file("data", 64 * kMiB);
  WorkloadSpec s = spec(64 * kMiB, 4000 * kBlock, 16);
  s.direct = false;
  s.read_pct = 70;
  s.random_pct = 60;
  const RunResult r = run(s, file);
  EXPECT_EQ(r.ios(), 4000u);
  EXPECT_EQ(r.bytes(), 4000 * kBlock);
  EXPECT_EQ(r.bytes_read, r.ios_read * kBlock);
  EXPECT_EQ(r.bytes_written, r.ios_written * kBlock);
  expect_binomial(r.ios_read, 4000, 0.70, "reads");

  // Sequential I/Os continue from the previously issued one (16384 blocks: chance hits rare).
  std::uint64_t sequential = 0;
  for (std::size_t i = 1; i < log_.submits.size(); ++i) {
    if (log_.submits[i].offset == log_.submits[i - 1].offset + kBlock) ++sequential;
  }
  ASSERT_EQ(log_.submits.size(), 4000u);
  expect_binomial(sequential, 3999, 0.40, "sequential");
}

TEST_P(EveryBackend, KeepsExactlyTheQueueDepthInFlight) {
  const auto file = dir_.make_file("data", 16 * kMiB);
  WorkloadSpec s = spec(16 * kMiB, 0, 32);
  s.duration = 200ms;
  s.read_pct = 100;
  s.random_pct = 100;
  s.direct = false;
  const RunResult r = run(s, file);
  const std::size_t expected = async() ? 32 : 1;
  EXPECT_EQ(log_.setup_depth, expected);
  EXPECT_EQ(log_.max_in_flight, expected);
  EXPECT_EQ(r.queue_depth, expected);
  EXPECT_EQ(log_.in_flight, 0u) << "requests left in flight after the run";
}

TEST_P(EveryBackend, DirectIoGoesToTheKernelOneAtATimeBufferedIoInBatches) {
  if (!async()) GTEST_SKIP() << "psync completes each I/O at submission";
  const auto file = dir_.make_file("data", kMiB);
  WorkloadSpec s = spec(kMiB, kMiB, 8);
  s.read_pct = 100;
  try {
    (void)run(s, file);
  } catch (const DirectIoUnsupported& e) {
    GTEST_SKIP() << e.what();
  }
  ASSERT_FALSE(log_.commit_sizes.empty());
  EXPECT_EQ(*std::max_element(log_.commit_sizes.begin(), log_.commit_sizes.end()), 1u);
  EXPECT_EQ(log_.commit_sizes.size(), kMiB / kBlock);

  log_ = {};
  s.direct = false;
  (void)run(s, file);
  ASSERT_FALSE(log_.commit_sizes.empty());
  EXPECT_EQ(log_.commit_sizes.front(), 8u);  // the first fill: every slot in one call
  EXPECT_LT(log_.commit_sizes.size(), kMiB / kBlock);
}

TEST_P(EveryBackend, KernelErrorCarriesErrnoOperationOffsetAndPath) {
  const auto file = dir_.make_file("data", kMiB);
  const test::NativeFile read_only(file, test::Access::read_only);
  WorkloadSpec s = spec(kMiB, kMiB, 4);
  s.direct = false;
  try {
    (void)run(s, file, read_only.get());
    ADD_FAILURE() << "a write through a read-only descriptor succeeded";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), test::kWriteToReadOnlyErrno) << e.what();
    EXPECT_THAT(e.what(), HasSubstr("write of 4096 bytes at offset 0 of " + file.string()));
  }
}

TEST_P(EveryBackend, ReadingPastTheEndOfAShrunkFileIsAnError) {
  const auto file = dir_.make_file("data", kMiB);
  const auto empty = dir_.make_file("empty", 0);
  const test::NativeFile shrunk(empty, test::Access::read_write);
  WorkloadSpec s = spec(kMiB, kMiB, 4);
  s.direct = false;
  s.read_pct = 100;
  try {
    (void)run(s, file, shrunk.get());
    ADD_FAILURE() << "reads past the end of the file succeeded";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), EIO);
    EXPECT_THAT(e.what(), HasSubstr("read of 4096 bytes at offset"));
    EXPECT_THAT(e.what(), HasSubstr("transferred nothing"));
  }
}

TEST_P(EveryBackend, DestroyingItWithIoInFlightWaitsForThatIo) {
  const auto file = dir_.make_file("data", kMiB);
  const test::NativeFile native(file, test::Access::read_write);
  std::vector<std::vector<char>> buffers(16, std::vector<char>(kBlock));
  std::vector<IoRequest> reqs(16);
  {
    auto backend = make_backend(GetParam());
    const unsigned depth = backend->max_in_flight(16);
    backend->setup({.file = native.get(),
                    .depth = depth,
                    .direct = false,
                    .read_buffers = {},
                    .write_buffers = {}});
    for (std::uint32_t i = 0; i < depth; ++i) {
      reqs[i] = IoRequest{IoDirection::read, i * kBlock, kBlock, buffers[i].data()};
      reqs[i].slot = i;
      ASSERT_NE(backend->submit(reqs[i]), SubmitStatus::busy);
    }
    backend->commit();
  }  // destroyed unreaped: must not return while the kernel still writes into `buffers`
}

TEST_P(EveryBackend, VerifiedRandomMixAtDepthRaisesNoFalseAlarm) {
  // 32 blocks and 16 in flight: reads race writes to the same block, writes race each other.
  const auto file = dir_.make_file("data", 32 * kBlock);
  WorkloadSpec s = spec(32 * kBlock, 3000 * kBlock, 16);
  s.read_pct = 50;
  s.random_pct = 100;
  s.verify = true;
  RunResult r;
  try {
    r = run(s, file);
  } catch (const DirectIoUnsupported& e) {
    GTEST_SKIP() << e.what();
  }
  EXPECT_EQ(r.ios(), 3000u);
  EXPECT_GT(r.blocks_verified, 0u);
}

TEST_P(EveryBackend, IntegrityPassWritesFlushesAndVerifiesEveryBlock) {
  const auto file = dir_.make_file("data", 2 * kMiB);
  WorkloadSpec s = spec(2 * kMiB, 0, 8);
  s.kind = WorkloadKind::integrity;
  s.direct = false;  // the read pass still goes past the page cache (O_DIRECT)
  s.workers = 2;
  const RunResult r = run_workload(s, file);
  EXPECT_EQ(r.engine, GetParam());
  EXPECT_EQ(r.bytes_written, 2 * kMiB);
  EXPECT_EQ(r.bytes_read, 2 * kMiB);
  EXPECT_EQ(r.blocks_verified, 2 * kMiB / kBlock);
  EXPECT_GT(r.flush_s, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Engines, EveryBackend, ::testing::ValuesIn(engine_names()),
                         [](const auto& param_info) { return std::string(param_info.param); });

}  // namespace
}  // namespace iogate
