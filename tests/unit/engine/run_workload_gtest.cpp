// Real runs through psync on a temporary file (page cache, so any filesystem works).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "iogate/engine/engine.hpp"
#include "iogate_test/temp_dir.hpp"
#include "run_workload_helpers.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;

TEST(RunWorkload, SizeBasedSequentialWriteCountsEveryByteAndFillsTheFile) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", 8 * kMiB);
  const RunResult r = run_workload(buffered(8 * kMiB, 8 * kMiB), file);

  EXPECT_EQ(r.engine, "psync");
  EXPECT_TRUE(r.completed);
  EXPECT_EQ(r.bytes_written, 8 * kMiB);
  EXPECT_EQ(r.ios_written, 2048u);
  EXPECT_EQ(r.bytes_read, 0u);
  EXPECT_EQ(r.ios_read, 0u);
  EXPECT_EQ(r.latency.count(), 2048u);
  EXPECT_GT(r.elapsed_s, 0.0);
  EXPECT_GE(r.elapsed_s, r.flush_s);
  EXPECT_EQ(r.seed, 1u);

  // Sequential from 0 over exactly the file: every block written once, none left zero, and
  // each block stamped with its own offset so no two are alike.
  const std::vector<char> content = slurp(file);
  ASSERT_EQ(content.size(), 8 * kMiB);
  const std::vector<char> zeros(4096, 0);
  for (std::uint64_t off = 0; off < content.size(); off += 4096) {
    ASSERT_NE(std::memcmp(content.data() + off, zeros.data(), 4096), 0) << "block at " << off;
    std::uint64_t stamped = 0;
    std::memcpy(&stamped, content.data() + off, sizeof stamped);
    EXPECT_EQ(stamped, off);
  }
}

// Writes larger than 4 KiB, each slot's buffer written again and again (psync has one): every
// 4 KiB block of the file still differs from every other, as a deduplicating array sees them.
TEST(RunWorkload, EveryWritten4KiBBlockIsUnlikeEveryOther) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", 8 * kMiB);
  WorkloadSpec spec = buffered(8 * kMiB, 24 * kMiB);  // the file written three times over
  spec.block_size = 64 * 1024;
  const RunResult r = run_workload(spec, file);
  ASSERT_EQ(r.ios_written, 384u);

  const std::vector<char> content = slurp(file);
  ASSERT_EQ(content.size(), 8 * kMiB);
  std::set<std::string> blocks;
  for (std::uint64_t off = 0; off < content.size(); off += 4096) {
    std::uint64_t stamped = 0;
    std::memcpy(&stamped, content.data() + off, sizeof stamped);
    EXPECT_EQ(stamped, off) << "block at " << off;
    blocks.emplace(content.data() + off, 4096);
  }
  EXPECT_EQ(blocks.size(), content.size() / 4096) << "some 4 KiB blocks are alike";
}

TEST(RunWorkload, MixedReadWriteCountsAddUp) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", 16 * kMiB);
  WorkloadSpec spec = buffered(16 * kMiB, 4 * kMiB);
  spec.read_pct = 50;
  spec.random_pct = 50;
  spec.queue_depth = 8;  // psync keeps one in flight and says so
  const RunResult r = run_workload(spec, file);

  EXPECT_EQ(r.queue_depth, 1u);
  EXPECT_EQ(r.ios(), 1024u);
  EXPECT_EQ(r.bytes(), 4 * kMiB);
  EXPECT_EQ(r.bytes_read, r.ios_read * 4096);
  EXPECT_EQ(r.bytes_written, r.ios_written * 4096);
  EXPECT_GT(r.ios_read, 0u);
  EXPECT_GT(r.ios_written, 0u);
  EXPECT_EQ(r.latency.count(), r.ios());
  std::uint64_t interval_bytes = 0;
  for (const auto& i : r.intervals) interval_bytes += i.bytes;
  EXPECT_EQ(interval_bytes, r.bytes());
}

// Read and write figures apart (IOMeter's, DiskSpd's and fio's): a 70/30 mix counts each
// direction in proportion, each I/O lands in its direction's histogram once, and the run's
// histogram is the two merged.
TEST(RunWorkload, MixedRunKeepsReadAndWriteFiguresApart) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", 16 * kMiB);
  WorkloadSpec spec = buffered(16 * kMiB, 16 * kMiB);
  spec.read_pct = 70;
  spec.random_pct = 100;
  spec.workers = 2;
  const RunResult r = run_workload(spec, file);

  ASSERT_EQ(r.ios(), 4096u);
  const double read_share = static_cast<double>(r.ios_read) / static_cast<double>(r.ios());
  EXPECT_NEAR(read_share, 0.70, 0.03);  // 4096 draws of a 70% coin: sd 0.7%
  EXPECT_EQ(r.read_latency.count(), r.ios_read);
  EXPECT_EQ(r.write_latency.count(), r.ios_written);
  EXPECT_EQ(r.latency.count(), r.ios());
  EXPECT_EQ(r.latency.max_ns(), std::max(r.read_latency.max_ns(), r.write_latency.max_ns()));
  EXPECT_EQ(r.latency.min_ns(), std::min(r.read_latency.min_ns(), r.write_latency.min_ns()));
  EXPECT_TRUE(r.has_direction(IoDirection::read));
  EXPECT_TRUE(r.has_direction(IoDirection::write));
  EXPECT_EQ(r.bytes_of(IoDirection::read), r.ios_read * 4096);
  EXPECT_DOUBLE_EQ(r.iops_of(IoDirection::read) + r.iops_of(IoDirection::write), r.iops());
  EXPECT_NEAR(r.iops_of(IoDirection::read) / r.iops(), read_share, 1e-12);
}

TEST(RunWorkload, PureReadRunHasNoWriteFigures) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", 4 * kMiB);
  WorkloadSpec spec = buffered(4 * kMiB, 4 * kMiB);
  spec.read_pct = 100;
  const RunResult r = run_workload(spec, file);

  EXPECT_TRUE(r.has_direction(IoDirection::read));
  EXPECT_FALSE(r.has_direction(IoDirection::write));
  EXPECT_EQ(r.read_latency.count(), r.ios());
  EXPECT_EQ(r.write_latency.count(), 0u);
}

TEST(RunWorkload, TimeBasedRunEndsCompleteWithIntervals) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", 4 * kMiB);
  WorkloadSpec spec = buffered(4 * kMiB, 0);
  spec.duration = 300ms;
  spec.read_pct = 100;
  spec.random_pct = 100;
  const RunResult r = run_workload(spec, file);

  EXPECT_TRUE(r.completed);
  EXPECT_GE(r.elapsed_s, 0.3);  // issuing stops only once the duration has passed
  EXPECT_EQ(r.flush_s, 0.0);    // nothing written, nothing to flush
  ASSERT_FALSE(r.intervals.empty());
  std::uint64_t ios = 0;
  double length = 0;
  for (const auto& i : r.intervals) {
    ios += i.ios;
    length += i.length_s;
  }
  EXPECT_EQ(ios, r.ios());
  EXPECT_LE(length, r.elapsed_s + 1e-9);
  EXPECT_GT(r.ios_read, 0u);
  EXPECT_GT(r.iops(), 0.0);
  EXPECT_DOUBLE_EQ(r.mbps(), static_cast<double>(r.bytes()) / kMiB / r.elapsed_s);
}

TEST(RunWorkload, DirectIoWhereTheFilesystemSupportsIt) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", 2 * kMiB);
  WorkloadSpec spec = buffered(2 * kMiB, 2 * kMiB);
  spec.direct = true;
  spec.read_pct = 30;
  try {
    const RunResult r = run_workload(spec, file);
    EXPECT_EQ(r.bytes(), 2 * kMiB);
  } catch (const DirectIoUnsupported& e) {
    GTEST_SKIP() << e.what();
  }
}

TEST(RunWorkload, RejectsAFileSmallerThanTheWorkload) {
  const test::TempDir dir;
  const auto file = dir.make_file("small", kMiB);
  try {
    (void)run_workload(buffered(2 * kMiB, kMiB), file);
    FAIL() << "a 1 MiB file ran a 2 MiB workload";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr(file.string()));
    EXPECT_THAT(e.what(), HasSubstr("file_size of 2097152"));
  }
}

TEST(RunWorkload, AGrownLayoutStartsFromAnEmptyFileAndEndsWithWhatWasWritten) {
  const test::TempDir dir;
  const auto file = dir.make_file("grown", 0);
  WorkloadSpec spec = buffered(8 * kMiB, 8 * kMiB);
  spec.layout = FileLayout::grown;
  const RunResult r = run_workload(spec, file);
  EXPECT_EQ(r.bytes_written, 8 * kMiB);
  const std::vector<char> content = slurp(file);
  ASSERT_EQ(content.size(), 8 * kMiB);  // grown by the run's own writes, like dd's new file
  for (std::uint64_t off = 0; off < content.size(); off += 4096) {
    std::uint64_t stamped = 0;
    std::memcpy(&stamped, content.data() + off, sizeof stamped);
    ASSERT_EQ(stamped, off) << "block at " << off;
  }
}

TEST(RunWorkload, AGrownLayoutWithWorkersEndsAtTheLastRegionsEnd) {
  const test::TempDir dir;
  const auto file = dir.make_file("grown", 0);
  WorkloadSpec spec = buffered(8 * kMiB, 8 * kMiB);
  spec.layout = FileLayout::grown;
  spec.workers = 2;
  const RunResult r = run_workload(spec, file);
  EXPECT_EQ(r.bytes_written, 8 * kMiB);
  EXPECT_EQ(std::filesystem::file_size(file), 8 * kMiB);
}

TEST(RunWorkload, AnIntegrityRunOnAGrownFileReadsBackWhatItsWritePassWrote) {
  const test::TempDir dir;
  const auto file = dir.make_file("grown", 0);
  WorkloadSpec spec = buffered(4 * kMiB, 0);
  spec.kind = WorkloadKind::integrity;
  spec.verify = true;
  spec.layout = FileLayout::grown;
  const RunResult r = run_workload(spec, file);
  EXPECT_EQ(r.bytes_written, 4 * kMiB);
  EXPECT_EQ(r.bytes_read, 4 * kMiB);
  EXPECT_EQ(r.blocks_verified, 1024u);
  EXPECT_EQ(std::filesystem::file_size(file), 4 * kMiB);
}

TEST(RunWorkload, APreallocatedLayoutStillNeedsTheWholeFile) {
  const test::TempDir dir;
  const auto file = dir.make_file("small", kMiB);
  WorkloadSpec spec = buffered(2 * kMiB, kMiB);
  spec.layout = FileLayout::preallocated;
  EXPECT_THROW((void)run_workload(spec, file), std::invalid_argument);
}

TEST(RunWorkload, MissingFileIsASystemErrorNamingIt) {
  const test::TempDir dir;
  const auto missing = dir.path() / "missing";
  try {
    (void)run_workload(buffered(kMiB, kMiB), missing);
    FAIL() << "ran on a missing file";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code(), std::errc::no_such_file_or_directory);
    EXPECT_THAT(e.what(), HasSubstr("open " + missing.string()));
  }
}

TEST(RunWorkload, InvalidSpecIsRejectedBeforeTheFileIsTouched) {
  WorkloadSpec spec = buffered(kMiB, kMiB);
  spec.queue_depth = 0;
  EXPECT_THROW((void)run_workload(spec, "/nonexistent/file"), std::invalid_argument);
}

TEST(RunWorkload, UnknownEngineIsRejected) {
  const test::TempDir dir;
  const auto file = dir.make_file("data", kMiB);
  WorkloadSpec spec = buffered(kMiB, kMiB);
  spec.engine = "posixaio";
  EXPECT_THROW((void)run_workload(spec, file), std::invalid_argument);
}

}  // namespace
}  // namespace iogate
