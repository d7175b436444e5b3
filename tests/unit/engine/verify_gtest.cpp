// Data verification: the checksum, the header, and each fault injected through a backend that
// keeps the file in memory, detected and named (corruption, misdirected write, lost write).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "engine/verify.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate_test/memory_backend.hpp"
#include "iogate_test/temp_dir.hpp"
#include "verify/block_header.hpp"
#include "verify/block_verifier.hpp"
#include "verify/crc32c.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kFile = 64 * kBlock;

TEST(Crc32c, StandardCheckValueInHardwareAndTable) {
  const char* text = "123456789";
  EXPECT_EQ(crc32c(0, text, 9), 0xe3069283u);
  EXPECT_EQ(crc32c_table(0, text, 9), 0xe3069283u);
}

TEST(Crc32c, BothImplementationsAgreeOnAnyLengthAndSplit) {
  std::mt19937 rng(3);
  std::vector<unsigned char> data(5000);
  for (auto& b : data) b = static_cast<unsigned char>(rng());
  for (std::size_t len : {0u, 1u, 7u, 8u, 9u, 63u, 4096u, 5000u}) {
    EXPECT_EQ(crc32c(0, data.data(), len), crc32c_table(0, data.data(), len)) << len;
  }
  const std::uint32_t split = crc32c(crc32c(0, data.data(), 1234), data.data() + 1234, 3766);
  EXPECT_EQ(split, crc32c_table(0, data.data(), 5000));
}

TEST(BlockHeader, RoundTripsAndNamesTheFirstFieldThatDiffers) {
  std::vector<std::byte> block(kBlock, std::byte{0x5a});
  encode_block(block.data(), kBlock, {8192, 77, 3});
  BlockMismatch m{};
  EXPECT_TRUE(check_block(block.data(), kBlock, {8192, 77, 3, 3}, m));
  EXPECT_TRUE(check_block(block.data(), kBlock, {8192, 77, 2, 4}, m));

  EXPECT_FALSE(check_block(block.data(), kBlock, {4096, 77, 3, 3}, m));
  EXPECT_EQ(m.field, VerifyField::offset);
  EXPECT_EQ(m.found, 8192u);
  EXPECT_FALSE(check_block(block.data(), kBlock, {8192, 78, 3, 3}, m));
  EXPECT_EQ(m.field, VerifyField::run_id);
  EXPECT_FALSE(check_block(block.data(), kBlock, {8192, 77, 4, 5}, m));
  EXPECT_EQ(m.field, VerifyField::generation);
  EXPECT_EQ(m.found, 3u);

  block[kBlock - 1] ^= std::byte{1};
  EXPECT_FALSE(check_block(block.data(), kBlock, {8192, 77, 3, 3}, m));
  EXPECT_EQ(m.field, VerifyField::crc32c);

  std::vector<std::byte> zeros(kBlock);
  EXPECT_FALSE(check_block(zeros.data(), kBlock, {0, 77, 1, 1}, m));
  EXPECT_EQ(m.field, VerifyField::magic);
}

// Two overlapping writes may land in either order, whatever order they complete in; a later
// write issued alone settles the block only once it completes.
TEST(BlockVerifier, OverlappingWritesStayUnsettledUntilALoneWriteCompletes) {
  BlockVerifier v(0, 4 * kBlock, kBlock, 5);
  std::vector<std::byte> first(kBlock), second(kBlock), third(kBlock);
  const std::uint32_t g1 = v.stamp_write(first.data(), kBlock);
  const std::uint32_t g2 = v.stamp_write(second.data(), kBlock);  // overlaps g1
  v.write_done(kBlock, g1);
  v.write_done(kBlock, g2);                                      // g1 may still have landed last
  const std::uint32_t g3 = v.stamp_write(third.data(), kBlock);  // alone, still in flight
  const auto racing = v.read_issued(kBlock);
  EXPECT_NO_THROW(v.check_read(first.data(), kBlock, racing, "f"));  // g1 on the device: fine
  v.write_done(kBlock, g3);
  const auto settled = v.read_issued(kBlock);
  EXPECT_NO_THROW(v.check_read(third.data(), kBlock, settled, "f"));
  EXPECT_THROW(v.check_read(first.data(), kBlock, settled, "f"), VerifyError);  // g3 landed last
  EXPECT_THROW(v.check_read(second.data(), kBlock, settled, "f"), VerifyError);
}

class VerifiedRun : public ::testing::Test {
 protected:
  VerifiedRun() : file_(dir_.make_file("data", kFile)), disk_(kFile) {}

  WorkloadSpec spec(std::uint64_t ios, unsigned depth = 1) const {
    WorkloadSpec s;
    s.block_size = kBlock;
    s.file_size = kFile;
    s.io_size = ios * kBlock;
    s.read_pct = 50;
    s.random_pct = 100;
    s.queue_depth = depth;
    s.direct = false;
    s.verify = true;
    s.seed = 9;
    return s;
  }

  RunResult run(const WorkloadSpec& s, std::unique_ptr<test::MemoryBackend> backend) {
    RunOptions options;
    options.backend = std::move(backend);
    return run_workload(s, file_, std::move(options));
  }

  // The VerifyError of a run that must fail.
  VerifyError failure(const WorkloadSpec& s, std::unique_ptr<test::MemoryBackend> backend) {
    try {
      (void)run(s, std::move(backend));
    } catch (const VerifyError& e) {
      return e;
    }
    ADD_FAILURE() << "the fault was not detected";
    return VerifyError("", 0, VerifyField::magic, 0, 0);
  }

  std::unique_ptr<test::MemoryBackend> memory(bool async = false) {
    return std::make_unique<test::MemoryBackend>(disk_, async);
  }

  test::TempDir dir_;
  std::filesystem::path file_;
  std::vector<std::byte> disk_;
};

TEST_F(VerifiedRun, CleanRunsPassAndCheckTheirReads) {
  const RunResult sync = run(spec(2000), memory());
  EXPECT_GT(sync.blocks_verified, 500u);
  EXPECT_EQ(sync.ios(), 2000u);
  // At depth 16 reads race writes to the same block and writes race each other: no false alarm.
  const RunResult async = run(spec(4000, 16), memory(true));
  EXPECT_GT(async.blocks_verified, 1000u);
}

TEST_F(VerifiedRun, BlocksNeverWrittenInThisRunAreNotChecked) {
  WorkloadSpec s = spec(500);
  s.read_pct = 100;
  const RunResult r = run(s, memory());
  EXPECT_EQ(r.blocks_verified, 0u);
  EXPECT_EQ(r.ios_read, 500u);
}

TEST_F(VerifiedRun, AFlippedByteIsCorruption) {
  auto backend = memory();
  backend->on_read = [](IoRequest& req, const std::vector<std::byte>& disk) {
    std::uint32_t magic = 0;
    std::memcpy(&magic, disk.data() + req.offset, sizeof magic);
    if (magic == kVerifyMagic) static_cast<std::byte*>(req.buffer)[1000] ^= std::byte{0x10};
  };
  const VerifyError e = failure(spec(2000), std::move(backend));
  EXPECT_EQ(e.field(), VerifyField::crc32c);
  EXPECT_THAT(e.what(), HasSubstr("of " + file_.string() + ": crc32c expected"));
  EXPECT_THAT(e.what(), HasSubstr("(corruption)"));
  EXPECT_EQ(e.offset() % kBlock, 0u);
}

TEST_F(VerifiedRun, ABlockWrittenForAnotherOffsetIsAMisdirectedWrite) {
  auto backend = memory();
  backend->on_read = [](IoRequest& req, const std::vector<std::byte>& disk) {
    // Hand over the block written for the next offset, when it has been written.
    const std::uint64_t other = (req.offset + kBlock) % kFile;
    std::uint32_t magic = 0;
    std::memcpy(&magic, disk.data() + other, sizeof magic);
    if (magic == kVerifyMagic) std::memcpy(req.buffer, disk.data() + other, req.length);
  };
  const VerifyError e = failure(spec(2000), std::move(backend));
  EXPECT_EQ(e.field(), VerifyField::offset);
  EXPECT_EQ(e.found(), (e.offset() + kBlock) % kFile);
  EXPECT_THAT(e.what(), HasSubstr("misdirected write"));
  EXPECT_THAT(e.what(), HasSubstr("offset expected " + std::to_string(e.offset())));
}

TEST_F(VerifiedRun, AnOlderVersionOfTheBlockIsALostWrite) {
  auto backend = memory();
  std::vector<int> writes_per_block(kFile / kBlock);
  backend->drop_write = [&](const IoRequest& req, std::uint64_t) {
    return ++writes_per_block[req.offset / kBlock] == 2;  // every block's second write is lost
  };
  const VerifyError e = failure(spec(2000), std::move(backend));
  EXPECT_EQ(e.field(), VerifyField::generation);
  EXPECT_EQ(e.found(), 1u);
  EXPECT_GE(e.expected(), 2u);
  EXPECT_THAT(e.what(), HasSubstr("generation expected"));
  EXPECT_THAT(e.what(), HasSubstr("older version of itself (lost write)"));
}

TEST_F(VerifiedRun, IntegrityWritesEverythingThenReadsItAllBack) {
  WorkloadSpec s = spec(0);
  s.io_size = 0;
  s.kind = WorkloadKind::integrity;
  s.workers = 2;
  RunOptions options;
  options.backend_factory = [&](unsigned) -> std::unique_ptr<IoBackend> {
    return std::make_unique<test::MemoryBackend>(disk_);
  };
  const RunResult r = run_workload(s, file_, std::move(options));
  EXPECT_EQ(r.ios_written, kFile / kBlock);
  EXPECT_EQ(r.ios_read, kFile / kBlock);
  EXPECT_EQ(r.blocks_verified, kFile / kBlock);
  EXPECT_EQ(r.workers, 2u);
}

TEST_F(VerifiedRun, IntegrityCatchesAWriteThatCompletedWithoutItsData) {
  WorkloadSpec s = spec(0);
  s.io_size = 0;
  s.kind = WorkloadKind::integrity;
  auto backend = memory();
  backend->drop_write = [](const IoRequest& req, std::uint64_t) {
    return req.offset == 5 * kBlock;
  };
  const VerifyError e = failure(s, std::move(backend));
  EXPECT_EQ(e.field(), VerifyField::magic);
  EXPECT_EQ(e.offset(), 5 * kBlock);
  EXPECT_THAT(e.what(), HasSubstr("never reached the file (lost write)"));
}

}  // namespace
}  // namespace iogate
