// The test file's layout (FileLayout) as a CheckSession makes it, and made again before every
// run of a repeated check, so that each run measures the same file.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <vector>

#include "iogate_test/temp_dir.hpp"
#include "runner/check_session.hpp"

namespace iogate {
namespace {

constexpr std::uint64_t kMiB = 1 << 20;

Check write_check(FileLayout layout) {
  Check c;
  c.name = "layout";
  c.workload.block_size = 4096;
  c.workload.file_size = c.workload.io_size = 4 * kMiB;
  c.workload.direct = false;  // the page cache: any filesystem will do
  c.workload.engine = "psync";
  c.workload.layout = layout;
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{1}}};
  c.repeat = 3;
  return c;
}

struct stat stat_of(const CheckSession& session) {
  struct stat st {};
  EXPECT_EQ(fstatat(session.test_file().dir(), session.test_file().name().c_str(), &st,
                    AT_SYMLINK_NOFOLLOW),
            0);
  return st;
}

// The file's size as each run starts: seen where each run gets its backend.
std::vector<off_t> sizes_at_each_run(const Check& check, const CheckSession& session) {
  std::vector<off_t> sizes;
  JudgeOptions options;
  options.make_backend = [&] {
    sizes.push_back(stat_of(session).st_size);
    return make_backend("psync");
  };
  const CheckOutcome outcome = session.judge(options);
  EXPECT_EQ(outcome.runs.size(), 3u);
  for (const RunResult& r : outcome.runs) EXPECT_EQ(r.bytes_written, check.workload.io_size);
  return sizes;
}

TEST(FileLayout, AGrownFileStartsEmptyForEveryRun) {
  const test::TempDir store;
  const Check check = write_check(FileLayout::grown);
  const CheckSession session(check, store.path());
  EXPECT_EQ(stat_of(session).st_size, 0);
  EXPECT_EQ(sizes_at_each_run(check, session), (std::vector<off_t>{0, 0, 0}));
  EXPECT_EQ(stat_of(session).st_size, static_cast<off_t>(4 * kMiB));  // the last run grew it
}

TEST(FileLayout, APreallocatedFileIsReservedAgainForEveryRun) {
  const test::TempDir store;
  const Check check = write_check(FileLayout::preallocated);
  const CheckSession session(check, store.path());
  const std::vector<off_t> full(3, static_cast<off_t>(4 * kMiB));
  EXPECT_EQ(sizes_at_each_run(check, session), full);
  EXPECT_GE(static_cast<std::uint64_t>(stat_of(session).st_blocks) * 512, 4 * kMiB);
}

TEST(FileLayout, AWrittenFileIsWrittenBeforeTheFirstRunAndLeftSo) {
  const test::TempDir store;
  const Check check = write_check(FileLayout::written);
  const CheckSession session(check, store.path());
  const struct stat before = stat_of(session);
  EXPECT_EQ(before.st_size, static_cast<off_t>(4 * kMiB));
  EXPECT_GE(static_cast<std::uint64_t>(before.st_blocks) * 512, 4 * kMiB);
  const std::vector<off_t> full(3, static_cast<off_t>(4 * kMiB));
  EXPECT_EQ(sizes_at_each_run(check, session), full);
  EXPECT_EQ(stat_of(session).st_ino, before.st_ino);
}

}  // namespace
}  // namespace iogate
