#include "mountinfo.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <system_error>

#include "iogate_test/temp_dir.hpp"

namespace iogate::detail {
namespace {

const std::filesystem::path kMountinfo = IOGATE_TEST_DATA_DIR "/sysfs/mountinfo";

TEST(Mountinfo, UnescapesOctalEscapes) {
  EXPECT_EQ(unescape_mount_field("/mnt/my\\040data"), "/mnt/my data");
  EXPECT_EQ(unescape_mount_field("a\\011b\\012c\\134d"), "a\tb\nc\\d");
  EXPECT_EQ(unescape_mount_field("/plain"), "/plain");
  // Not escapes: too short, not octal, out of byte range.
  EXPECT_EQ(unescape_mount_field("end\\04"), "end\\04");
  EXPECT_EQ(unescape_mount_field("x\\089"), "x\\089");
  EXPECT_EQ(unescape_mount_field("x\\777"), "x\\777");
}

TEST(Mountinfo, ParsesALineWithOptionalFields) {
  const MountEntry m = parse_mountinfo_line(
      "30 22 8:1 / /mnt/my\\040data rw,noatime shared:5 master:2 - xfs /dev/sda1 rw,attr2");
  EXPECT_EQ(m.major, 8u);
  EXPECT_EQ(m.minor, 1u);
  EXPECT_EQ(m.root, "/");
  EXPECT_EQ(m.mount_point, "/mnt/my data");
  EXPECT_EQ(m.options, "rw,noatime");
  EXPECT_EQ(m.fstype, "xfs");
  EXPECT_EQ(m.source, "/dev/sda1");
  EXPECT_EQ(m.super_options, "rw,attr2");
}

TEST(Mountinfo, RejectsMalformedLines) {
  EXPECT_THROW(parse_mountinfo_line(""), std::invalid_argument);
  EXPECT_THROW(parse_mountinfo_line("22 1 254:0 / / rw,relatime ext4 /dev/vda rw"),
               std::invalid_argument);  // no "-"
  EXPECT_THROW(parse_mountinfo_line("22 1 254:0 / / rw - ext4"), std::invalid_argument);
  EXPECT_THROW(parse_mountinfo_line("22 1 2540 / / rw - ext4 /dev/vda rw"), std::invalid_argument);
  EXPECT_THROW(parse_mountinfo_line("22 1 a:0 / / rw - ext4 /dev/vda rw"), std::invalid_argument);
}

TEST(Mountinfo, MalformedFileNamesFileAndLine) {
  const test::TempDir tmp;
  const auto file = tmp.path() / "mountinfo";
  std::ofstream(file) << "22 1 254:0 / / rw - ext4 /dev/vda rw\nnot a mount line\n";
  try {
    read_mountinfo(file);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(file.string() + ":2: "), std::string::npos) << e.what();
  }
}

TEST(Mountinfo, MissingFileIsASystemErrorNamingIt) {
  const test::TempDir tmp;
  const auto file = tmp.path() / "absent";
  try {
    read_mountinfo(file);
    FAIL() << "expected an error";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), ENOENT);
    EXPECT_NE(std::string(e.what()).find(file.string()), std::string::npos) << e.what();
  }
}

TEST(Mountinfo, FindsTheLongestContainingMountPoint) {
  const std::vector<MountEntry> mounts = read_mountinfo(kMountinfo);
  ASSERT_EQ(mounts.size(), 7u);
  auto source_of = [&](const std::string& path) {
    const MountEntry* m = find_mount(mounts, path);
    return m ? m->source : std::string("(none)");
  };
  EXPECT_EQ(source_of("/"), "/dev/vda");
  EXPECT_EQ(source_of("/home/ci"), "/dev/vda");
  EXPECT_EQ(source_of("/mnt/my data"), "/dev/sda1");
  EXPECT_EQ(source_of("/mnt/my data/run"), "/dev/sda1");
  EXPECT_EQ(source_of("/mnt/my datastore"), "/dev/vda");  // a prefix, but not a parent
  EXPECT_EQ(source_of("/mnt/my data/loop/f"), "/dev/loop3");
  EXPECT_EQ(source_of("/work/x"), "/dev/nvme0n1");
  EXPECT_EQ(source_of("/workspace/x"), "overlay");
  EXPECT_EQ(source_of("/tmp/x"), "scratch");  // mounted over the first /tmp: the last one wins
  EXPECT_EQ(find_mount({}, "/x"), nullptr);
}

TEST(Mountinfo, MergesSuperblockOptionsAfterPerMountOnes) {
  EXPECT_EQ(merge_options("rw,relatime", "rw,discard,errors=remount-ro"),
            "rw,relatime,discard,errors=remount-ro");
  EXPECT_EQ(merge_options("ro", ""), "ro");
  EXPECT_EQ(merge_options("", "rw"), "rw");
}

}  // namespace
}  // namespace iogate::detail
