// A datastore unmounted (umount -l) or moved while its scratch area exists: the removal must
// happen where iogate made things, and never at what the old path names afterwards. A rename
// stands in for the unmount here (both leave the old path naming another directory), so this
// runs without root.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_text(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

TEST(ScratchAreaMoved, RemovesItsOwnEntriesAndNothingAtTheOldPath) {
  const TempDir tmp;
  const fs::path datastore = tmp.path() / "datastore";
  const fs::path moved = tmp.path() / "moved";
  fs::create_directories(datastore);
  ScratchArea area(datastore, 1 << 20);
  area.preallocate("test.dat", 4096);
  const fs::path name = area.dir().filename();

  fs::rename(datastore, moved);
  // Look-alikes at the old path: the same names as iogate's, none of them iogate's.
  fs::create_directories(datastore / name);
  write_text(datastore / name / "test.dat", "not iogate's");
  write_text(datastore / name / ScratchArea::kMarkerName, "not iogate's either");

  ::testing::internal::CaptureStderr();
  area.remove();
  const std::string said = ::testing::internal::GetCapturedStderr();

  EXPECT_FALSE(fs::exists(moved / name)) << "its own scratch directory, where it now is";
  EXPECT_TRUE(fs::is_empty(moved));
  EXPECT_EQ(read_text(datastore / name / "test.dat"), "not iogate's");
  EXPECT_EQ(read_text(datastore / name / ScratchArea::kMarkerName), "not iogate's either");
  EXPECT_NE(said.find("datastore " + datastore.string() + " is no longer the directory " +
                      (datastore / name).string() + " was made in"),
            std::string::npos)
      << said;
}

TEST(ScratchAreaMoved, SaysNothingWhenTheDatastoreStayedPut) {
  const TempDir tmp;
  ::testing::internal::CaptureStderr();
  {
    ScratchArea area(tmp.path(), 1 << 20);
    area.preallocate("test.dat", 4096);
  }
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

}  // namespace
}  // namespace iogate
