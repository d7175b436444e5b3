#include "iogate/datastore/scratch_area.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <sstream>
#include <system_error>

#include "cleanup_registry.hpp"
#include "file_allocation.hpp"
#include "iogate/common/units.hpp"
#include "iogate_test/forked_child.hpp"
#include "iogate_test/temp_dir.hpp"
#include "marker.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::listing;
using test::TempDir;

constexpr std::uint64_t kMiB = 1024 * 1024;

struct stat lstat_of(const fs::path& path) {
  struct stat st {};
  EXPECT_EQ(lstat(path.c_str(), &st), 0) << path;
  return st;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(ScratchArea, MakesAPrivateDirectoryWithAMarker) {
  const TempDir tmp;
  const auto before = listing(tmp.path());
  {
    const ScratchArea area(tmp.path(), kMiB);
    EXPECT_EQ(area.datastore(), tmp.path());
    EXPECT_EQ(area.dir().parent_path(), tmp.path());
    const std::string name = area.dir().filename().string();
    EXPECT_TRUE(name.starts_with(ScratchArea::kDirPrefix)) << name;
    EXPECT_EQ(name.size(), std::string(ScratchArea::kDirPrefix).size() + 14) << name;

    const struct stat dir = lstat_of(area.dir());
    EXPECT_TRUE(S_ISDIR(dir.st_mode));
    EXPECT_EQ(dir.st_mode & 07777, 0700u);

    const fs::path marker = area.dir() / ScratchArea::kMarkerName;
    EXPECT_TRUE(S_ISREG(lstat_of(marker).st_mode));
    const std::string text = read_text(marker);
    EXPECT_TRUE(text.starts_with("iogate scratch directory\npid=" + std::to_string(getpid()) +
                                 "\nhost=" + detail::this_host() + "\nstarted="))
        << text;
    EXPECT_TRUE(detail::parse_marker(text));
  }
  EXPECT_EQ(listing(tmp.path()), before);
}

TEST(ScratchArea, PreallocatesAllocatedFilesAndRemovesEverything) {
  const TempDir tmp;
  std::ofstream(tmp.path() / "unrelated") << "stays";
  const auto before = listing(tmp.path());
  ScratchArea area(tmp.path(), 8 * kMiB);
  const std::uint64_t size = 3 * kMiB + 123;
  const fs::path file = area.preallocate("t.dat", size);
  EXPECT_EQ(file, area.dir() / "t.dat");
  const struct stat st = lstat_of(file);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_EQ(static_cast<std::uint64_t>(st.st_size), size);
  EXPECT_GE(static_cast<std::uint64_t>(st.st_blocks) * 512, size);
  EXPECT_EQ(fs::file_size(area.preallocate("empty.dat", 0)), 0u);

  area.remove();
  EXPECT_EQ(listing(tmp.path()), before);
  area.remove();  // idempotent
  EXPECT_EQ(listing(tmp.path()), before);
  EXPECT_EQ(read_text(tmp.path() / "unrelated"), "stays");
  EXPECT_THROW(area.preallocate("late.dat", 1), std::logic_error);
}

TEST(ScratchArea, RemovesEverythingWhenAnExceptionUnwinds) {
  const TempDir tmp;
  const auto before = listing(tmp.path());
  try {
    ScratchArea area(tmp.path(), 4 * kMiB);
    area.preallocate("a.dat", kMiB);
    area.preallocate("b.dat", 2 * kMiB);
    throw std::runtime_error("boom");
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "boom");
  }
  EXPECT_EQ(listing(tmp.path()), before);
}

TEST(ScratchArea, CreatesAMissingDatastoreOnlyWhenAllowed) {
  const TempDir tmp;
  const fs::path datastore = tmp.path() / "a" / "b";
  EXPECT_THROW(ScratchArea(datastore, kMiB), DatastoreError);
  EXPECT_FALSE(fs::exists(tmp.path() / "a"));
  { const ScratchArea area(datastore, kMiB, {.create_if_missing = true}); }
  EXPECT_TRUE(fs::is_directory(datastore));
  EXPECT_TRUE(fs::is_empty(datastore));
}

TEST(ScratchArea, RelativeDatastoreIsMadeAbsolute) {
  const TempDir tmp;
  const fs::path cwd = fs::current_path();
  fs::current_path(tmp.path());
  {
    const ScratchArea area("store", kMiB, {.create_if_missing = true});
    EXPECT_EQ(area.datastore(), tmp.path() / "store");
    EXPECT_TRUE(area.dir().is_absolute());
  }
  fs::current_path(cwd);
  EXPECT_TRUE(fs::is_empty(tmp.path() / "store"));
}

TEST(ScratchArea, EmptyDatastorePathIsRefused) {
  EXPECT_THROW(ScratchArea("", kMiB), std::invalid_argument);
}

TEST(ScratchArea, TooManyAreasAtOnceIsAClearErrorThatLeavesNothing) {
  const TempDir tmp;
  std::vector<std::unique_ptr<ScratchArea>> areas;
  for (int i = 0; i < detail::kMaxAreas; ++i)
    areas.push_back(std::make_unique<ScratchArea>(tmp.path(), 1024));
  const auto before = listing(tmp.path());
  try {
    const ScratchArea one_too_many(tmp.path(), 1024);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("scratch areas at once"), std::string::npos);
  }
  EXPECT_EQ(listing(tmp.path()), before);
  areas.clear();
  EXPECT_TRUE(fs::is_empty(tmp.path()));
  const ScratchArea again(tmp.path(), 1024);  // the slots were given back
}

TEST(ScratchArea, TooManyFilesIsAClearErrorThatLeavesNothing) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), kMiB);
  for (int i = 0; i < detail::kMaxFiles; ++i) area.preallocate("f" + std::to_string(i), 0);
  const auto before = listing(tmp.path());
  EXPECT_THROW(area.preallocate("one-too-many", 0), std::runtime_error);
  EXPECT_EQ(listing(tmp.path()), before);
  area.remove();
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(ScratchArea, DatastoreThatIsAFileIsRefused) {
  const TempDir tmp;
  std::ofstream(tmp.path() / "file") << "x";
  try {
    const ScratchArea area(tmp.path() / "file", kMiB);
    FAIL() << "expected an error";
  } catch (const DatastoreError& e) {
    EXPECT_EQ(std::string(e.what()),
              "datastore " + (tmp.path() / "file").string() + " is not a directory");
  }
}

TEST(ScratchArea, SpaceRequiredAddsTenPercentRoundedUp) {
  EXPECT_EQ(space_required(0), 0u);
  EXPECT_EQ(space_required(1000), 1100u);
  EXPECT_EQ(space_required(1001), 1102u);
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(space_required(max - 5), max);
}

TEST(ScratchArea, InsufficientSpaceGivesBothFigures) {
  const InsufficientSpace e("/x", 1024 * kMiB, 300 * kMiB);
  EXPECT_EQ(e.needed(), 1024 * kMiB);
  EXPECT_EQ(e.available(), 300 * kMiB);
  EXPECT_EQ(e.required(), space_required(1024 * kMiB));
  EXPECT_EQ(std::string(e.what()), "datastore /x: needs " + format_size(e.required()) +
                                       " free (1 GiB for the test files + 10%), has 300 MiB");
}

TEST(ScratchArea, RefusesWithoutRoomAndWritesNothing) {
  const TempDir tmp;
  const auto before = listing(tmp.path());
  const std::uint64_t huge = std::numeric_limits<std::uint64_t>::max() / 4;
  try {
    const ScratchArea area(tmp.path(), huge);
    FAIL() << "expected InsufficientSpace";
  } catch (const InsufficientSpace& e) {
    EXPECT_EQ(e.needed(), huge);
    EXPECT_LT(e.available(), e.required());
    const std::string what = e.what();
    EXPECT_NE(what.find("datastore " + tmp.path().string() + ": needs " +
                        format_size(e.required()) + " free (" + format_size(huge) +
                        " for the test files + 10%), has " + format_size(e.available())),
              std::string::npos)
        << what;
  }
  EXPECT_EQ(listing(tmp.path()), before);

  // A missing build-tree default is not even created.
  EXPECT_THROW(ScratchArea(tmp.path() / "new" / "store", huge, {.create_if_missing = true}),
               InsufficientSpace);
  EXPECT_FALSE(fs::exists(tmp.path() / "new"));
}

TEST(ScratchArea, PreallocateRefusesNamesThatAreNotPlain) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), kMiB);
  const auto before = listing(area.dir());
  const std::string names[] = {
      "a/b", "/etc/passwd", "", ".", "..", ".iogate-scratch", std::string("nul\0byte", 8)};
  for (const std::string& name : names) {
    EXPECT_THROW(area.preallocate(name, 1), std::invalid_argument) << name;
  }
  EXPECT_EQ(listing(area.dir()), before);
}

TEST(ScratchArea, PreallocateRefusesAPlantedSymlinkWithoutFollowingIt) {
  const TempDir tmp;
  const fs::path victim = tmp.path() / "victim";
  std::ofstream(victim) << "keep me";
  const fs::path datastore = tmp.path() / "store";
  fs::create_directory(datastore);
  ScratchArea area(datastore, kMiB);
  fs::create_symlink(victim, area.dir() / "t.dat");
  try {
    area.preallocate("t.dat", kMiB);
    FAIL() << "expected an error";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), EEXIST);
    EXPECT_NE(std::string(e.what()).find((area.dir() / "t.dat").string()), std::string::npos);
  }
  EXPECT_EQ(read_text(victim), "keep me");
  EXPECT_TRUE(fs::is_symlink(area.dir() / "t.dat"));

  // The same for an existing regular file: refused, left as it was.
  std::ofstream(area.dir() / "u.dat") << "theirs";
  EXPECT_THROW(area.preallocate("u.dat", kMiB), std::system_error);
  EXPECT_EQ(read_text(area.dir() / "u.dat"), "theirs");

  // remove() takes only its own marker; the planted entries keep the directory in place.
  area.remove();
  EXPECT_EQ(listing(area.dir()), (std::vector<std::string>{"t.dat", "u.dat"}));
  EXPECT_EQ(read_text(victim), "keep me");
}

TEST(ScratchArea, FailedAllocationRemovesThePartialFileAndNamesIt) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), kMiB);
  const auto before = listing(area.dir());
  // Beyond the maximum file size (ext4: 16 TiB, xfs/tmpfs: more; off_t: 8 EiB) fallocate fails.
  const std::uint64_t too_big = std::uint64_t{1} << 62;
  try {
    area.preallocate("big.dat", too_big);
    FAIL() << "expected an error";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find("fallocate " + (area.dir() / "big.dat").string()),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(listing(area.dir()), before);
  area.remove();
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(ScratchArea, WriteThroughFillsTheFileWithNonZeroBlocks) {
  const TempDir tmp;
  const fs::path path = tmp.path() / "w.dat";
  const int fd = open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
  ASSERT_GE(fd, 0);
  const std::uint64_t size = 2 * kMiB + kMiB / 2 + 7;
  detail::write_through(fd, size, path);
  ASSERT_EQ(close(fd), 0);
  const struct stat st = lstat_of(path);
  EXPECT_EQ(static_cast<std::uint64_t>(st.st_size), size);
  EXPECT_GE(static_cast<std::uint64_t>(st.st_blocks) * 512, size);
  const std::string data = read_text(path);
  EXPECT_EQ(data.find('\0'), std::string::npos);
  // Every 4 KiB block differs from its neighbour (a dedup layer cannot fold them).
  for (std::size_t at = 4096; at + 4096 <= data.size(); at += 4096)
    ASSERT_NE(data.compare(at, 4096, data, at - 4096, 4096), 0) << "block at " << at;
}

// A device that fails mid-file must be named with the offset, as the engine names its I/O
// errors. RLIMIT_FSIZE makes the write past 1 MiB fail (EFBIG), in a child so the limit and the
// ignored SIGXFSZ stay there.
TEST(ScratchArea, WriteThroughErrorNamesLengthOffsetAndPath) {
  const TempDir tmp;
  const fs::path path = tmp.path() / "w.dat";
  const test::ChildOutcome out = test::run_forked([&](int report) {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{kMiB, kMiB};
    if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(4);
    const int fd = open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0) _exit(5);
    try {
      detail::write_through(fd, 3 * kMiB, path);
      test::write_all(report, "no error\n");
    } catch (const std::system_error& e) {
      test::write_all(report, std::to_string(e.code().value()) + " " + e.what() + "\n");
    }
    _exit(0);
  });
  EXPECT_EQ(out.report, std::to_string(EFBIG) + " write of 1048576 bytes at offset 1048576 of " +
                            path.string() + ": " + std::strerror(EFBIG));
}

TEST(ScratchArea, FillWriteWritesTheFileSoReadsReachTheDevice) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), 4 * kMiB);
  const fs::path path = area.preallocate("r.dat", 4 * kMiB, FileLayout::written);
  const std::string data = read_text(path);
  ASSERT_EQ(data.size(), 4 * kMiB);
  EXPECT_EQ(data.find('\0'), std::string::npos);
}

TEST(ScratchArea, FillEmptyCreatesAnEmptyFileTheRunGrowsAndRemovesIt) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), 4 * kMiB);
  const fs::path path = area.preallocate("g.dat", 4 * kMiB, FileLayout::grown);
  EXPECT_EQ(path, area.dir() / "g.dat");
  struct stat st {};
  ASSERT_EQ(lstat(path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_size, 0);
  EXPECT_EQ(st.st_blocks, 0);  // nothing allocated either
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  area.remove();
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(area.dir()));
}

TEST(ScratchArea, FillEmptyStillRefusesAPlantedName) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), kMiB);
  fs::create_symlink(tmp.path() / "elsewhere", area.dir() / "g.dat");
  try {
    area.preallocate("g.dat", kMiB, FileLayout::grown);
    ADD_FAILURE() << "a planted symlink was accepted";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), EEXIST);
  }
  EXPECT_FALSE(fs::exists(tmp.path() / "elsewhere"));
  fs::remove(area.dir() / "g.dat");
}

TEST(ScratchArea, RestoreGivesAFileItsLayoutBack) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), 8 * kMiB);
  const fs::path grown = area.preallocate("g.dat", 2 * kMiB, FileLayout::grown);
  const fs::path reserved = area.preallocate("a.dat", 2 * kMiB, FileLayout::preallocated);
  const fs::path written = area.preallocate("w.dat", 2 * kMiB, FileLayout::written);
  const std::string data = read_text(written);
  for (const fs::path& p : {grown, reserved})  // what a run leaves: its own blocks
    std::ofstream(p, std::ios::binary | std::ios::trunc) << std::string(3 * kMiB, 'x');

  area.restore("g.dat", 2 * kMiB, FileLayout::grown);
  EXPECT_EQ(fs::file_size(grown), 0u);
  area.restore("a.dat", 2 * kMiB, FileLayout::preallocated);
  EXPECT_EQ(read_text(reserved), std::string(2 * kMiB, '\0'));  // reserved, unwritten again
  EXPECT_GE(static_cast<std::uint64_t>(lstat_of(reserved).st_blocks) * 512, 2 * kMiB);
  area.restore("w.dat", 2 * kMiB, FileLayout::written);
  EXPECT_EQ(read_text(written), data);  // still written: nothing to do

  EXPECT_THROW(area.restore("other.dat", kMiB, FileLayout::grown), std::logic_error);
  EXPECT_FALSE(fs::exists(area.dir() / "other.dat"));
}

TEST(ScratchArea, RemoveLeavesADirectoryThatHoldsForeignEntries) {
  const TempDir tmp;
  ScratchArea area(tmp.path(), kMiB);
  area.preallocate("t.dat", kMiB);
  std::ofstream(area.dir() / "theirs") << "x";
  ::testing::internal::CaptureStderr();
  area.remove();
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(listing(area.dir()), std::vector<std::string>{"theirs"});
  EXPECT_NE(err.find(area.dir().string()), std::string::npos) << err;
}

}  // namespace
}  // namespace iogate
