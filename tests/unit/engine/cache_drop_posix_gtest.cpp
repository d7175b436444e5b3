// The O_DIRECT fallback's cache drop, seen or not (workload_file.hpp's CacheDrop, engine.cpp's
// rule): a file written through the page cache shows its pages gone after the drop; with
// posix_fadvise answering 0 without acting (a seccomp filter in a forked child, as fio's ESX
// build takes ESXi to be) they are still there and said so, and with O_DIRECT refused too a run
// that reads is refused while one of whole-page writes runs and says the drop was not shown. The
// build tree holds the files: where /tmp is tmpfs, its pages are the file and never drop.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/platform_fallbacks.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate_test/deny_syscalls.hpp"
#include "iogate_test/forked_child.hpp"
#include "iogate_test/temp_dir.hpp"
#include "run_workload_helpers.hpp"
#include "workload_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;

constexpr std::uint64_t kFileSize = kMiB;

// A file of kFileSize written through the page cache and on disk, its pages still cached.
std::filesystem::path cached_file(const test::TempDir& dir) {
  const auto path = dir.path() / "cached.dat";
  {
    std::ofstream out(path, std::ios::binary);
    const std::vector<char> bytes(kFileSize, 'x');
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  const WorkloadFile file(path, {.direct = false});
  ::fsync(file.handle());
  return path;
}

// In the child: posix_fadvise made a no-op (and O_DIRECT refused when asked), or a report saying
// why not (a kernel without seccomp).
void ignore_fadvise_or_report(int report_fd, bool refuse_direct) {
  if (!test::deny_syscalls({}, refuse_direct) || !test::ignore_syscalls({SYS_fadvise64})) {
    test::write_all(report_fd, "no seccomp\n");
    _exit(0);
  }
}

TEST(CacheDrop, PagesWrittenThroughTheCacheAreSeenGone) {
  const test::TempDir dir(IOGATE_TEST_SCRATCH_DIR);
  const WorkloadFile file(cached_file(dir), {.direct = false});
  const CacheDrop drop = file.drop_cached_pages_verified();
  EXPECT_TRUE(drop.verified) << drop.seen;
  EXPECT_EQ(drop.seen,
            "mincore: none of its " + std::to_string(kFileSize / drop.page_size) + " pages cached");
}

TEST(CacheDrop, AnIgnoredAdviceLeavesThePagesAndSaysHowMany) {
  const test::TempDir dir(IOGATE_TEST_SCRATCH_DIR);
  const auto path = cached_file(dir);
  const test::ChildOutcome out = test::run_forked([&](int report) {
    ignore_fadvise_or_report(report, false);
    const WorkloadFile file(path, {.direct = false});
    const CacheDrop drop = file.drop_cached_pages_verified();
    test::write_all(report, (drop.verified ? "verified: " : "not verified: ") + drop.seen + "\n");
    _exit(0);
  });
  if (out.report == "no seccomp") GTEST_SKIP() << "this kernel refuses a seccomp filter";
  const std::string pages = std::to_string(kFileSize / static_cast<std::uint64_t>(getpagesize()));
  EXPECT_EQ(out.report, "not verified: mincore: " + pages + " of its " + pages +
                            " pages still cached after posix_fadvise(DONTNEED)");
}

// With O_DIRECT refused as well: the run that reads is an error naming the way out, the run of
// whole-page writes goes on and its fallback says the drop was not shown.
TEST(CacheDrop, WithoutADropSeenReadsAreRefusedAndWholePageWritesSaySo) {
  const test::TempDir dir(IOGATE_TEST_SCRATCH_DIR);
  const auto path = cached_file(dir);
  const test::ChildOutcome out = test::run_forked([&](int report) {
    ignore_fadvise_or_report(report, true);
    WorkloadSpec reads = buffered(kFileSize, kFileSize);
    reads.direct = true;
    reads.read_pct = 100;
    std::string said;
    try {
      (void)run_workload(reads, path);
      said = "reads ran";
    } catch (const std::runtime_error& e) {
      said = std::string("reads refused: ") + e.what();
    }
    WorkloadSpec writes = reads;
    writes.read_pct = 0;
    const detail::FallbackWindow window;
    const RunResult written = run_workload(writes, path);
    said += " | writes: " + std::to_string(written.bytes()) + " bytes";
    for (const std::string& note : window.noted()) said += "; noted: " + note;
    test::write_all(report, said + "\n");
    _exit(0);
  });
  if (out.report == "no seccomp") GTEST_SKIP() << "this kernel refuses a seccomp filter";
  EXPECT_THAT(out.report,
              HasSubstr("reads refused: O_DIRECT: Invalid argument on " + path.string() +
                        ", and a buffered run instead cannot be shown to reach the "
                        "device (mincore: "));
  EXPECT_THAT(out.report, HasSubstr("Set direct = false to accept a figure through the page "
                                    "cache | writes: " +
                                    std::to_string(kFileSize) + " bytes"));
  EXPECT_THAT(out.report,
              MatchesRegex(".*; noted: O_DIRECT: Invalid argument; buffered I/O, the writes "
                           "flushed \\(fdatasync\\) inside the clock; the file's cached pages not "
                           "shown dropped \\(mincore: [0-9]+ of its [0-9]+ pages still cached "
                           "after posix_fadvise\\(DONTNEED\\)\\), which writes of whole pages do "
                           "not read"));
}

}  // namespace
}  // namespace iogate
