// What makes a datastore's filesystem no place for test files, from the values statfs, statvfs and
// the mount table give (as on Linux, whatever the platform the test runs on), and the room
// iogate's own scratch directories hold.
#include "datastore/volume_facts.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Optional;

constexpr std::uint64_t kTmpfsMagic = 0x01021994;
constexpr std::uint64_t kExt4Magic = 0xef53;

VolumeFacts facts(std::uint64_t magic, const std::string& type, bool read_only = false) {
  return VolumeFacts{magic, type, read_only, 1 << 30};
}

TEST(VolumeRefusal, APseudoFilesystemIsKnownByItsMagicAndNamed) {
  // The mount table unread ("" type): statfs's f_type alone tells them.
  const std::vector<std::pair<std::uint64_t, std::string>> pseudo = {
      {0x9fa0, "proc"},        {0x62656572, "sysfs"},      {0x1cd1, "devpts"},
      {0x27e0eb, "cgroup"},    {0x63677270, "cgroup2"},    {0x64626720, "debugfs"},
      {0x74726163, "tracefs"}, {0x73636673, "securityfs"}, {0x62656570, "configfs"}};
  for (const auto& [magic, name] : pseudo)
    EXPECT_THAT(volume_refusal("/x", facts(magic, "")),
                Optional(HasSubstr("datastore /x is on " + name + ", a pseudo filesystem")))
        << name;
}

TEST(VolumeRefusal, DevtmpfsIsKnownByItsNameSinceItReportsTmpfsMagic) {
  EXPECT_THAT(volume_refusal("/dev", facts(kTmpfsMagic, "devtmpfs")),
              Optional(HasSubstr("datastore /dev is on devtmpfs, a pseudo filesystem")));
  EXPECT_THAT(volume_refusal("/y", facts(0, "proc")), Optional(HasSubstr("is on proc")));
}

TEST(VolumeRefusal, TmpfsRamfsAndDiskFilesystemsHoldTestFiles) {
  EXPECT_EQ(volume_refusal("/t", facts(kTmpfsMagic, "tmpfs")), std::nullopt);
  EXPECT_EQ(volume_refusal("/t", facts(0x858458f6, "ramfs")), std::nullopt);
  EXPECT_EQ(volume_refusal("/t", facts(kExt4Magic, "ext4")), std::nullopt);
  EXPECT_EQ(volume_refusal("/t", facts(kExt4Magic, "")), std::nullopt);
  EXPECT_EQ(volume_refusal("D:\\", facts(0, "NTFS")), std::nullopt);  // Windows: no magic
}

TEST(VolumeRefusal, AReadOnlyMountIsSaidSo) {
  EXPECT_THAT(volume_refusal("/ro", facts(kExt4Magic, "ext4", true)),
              Optional(HasSubstr("datastore /ro is mounted read-only")));
  EXPECT_THAT(volume_refusal("E:\\", facts(0, "NTFS", true)),
              Optional(HasSubstr("is mounted read-only")));
  // A pseudo filesystem mounted read-only (sysfs in a container) is named for what it is.
  EXPECT_THAT(volume_refusal("/sys", facts(0x62656572, "sysfs", true)),
              Optional(HasSubstr("is on sysfs, a pseudo filesystem")));
}

void write_file(const fs::path& path, std::size_t bytes) {
  std::ofstream(path, std::ios::binary) << std::string(bytes, 'x');
}

TEST(ScratchBytes, CountsTheFilesOfIogatesScratchDirectoriesOnly) {
  const test::TempDir store;
  EXPECT_EQ(scratch_bytes(store.path()), 0U);
  fs::create_directory(store.path() / "iogate-scratch-aaaa");
  write_file(store.path() / "iogate-scratch-aaaa" / ".iogate-scratch", 10);
  write_file(store.path() / "iogate-scratch-aaaa" / "layout.dat", 1000);
  fs::create_directory(store.path() / "iogate-scratch-bbbb");
  write_file(store.path() / "iogate-scratch-bbbb" / "t.dat", 3000);
  fs::create_directory(store.path() / "iogate-scratch-bbbb" / "sub");  // not iogate's: not read
  write_file(store.path() / "iogate-scratch-bbbb" / "sub" / "deep", 7000);
  fs::create_directory(store.path() / "other");
  write_file(store.path() / "other" / "big", 50000);
  write_file(store.path() / "iogate-scratch-file", 9000);  // a file, not a scratch directory
  std::error_code no_links;  // where links cannot be made, that case is left out
  fs::create_directory_symlink(store.path() / "other", store.path() / "iogate-scratch-link",
                               no_links);
  EXPECT_EQ(scratch_bytes(store.path()), 4010U);
  EXPECT_EQ(scratch_bytes(store.path() / "missing"), 0U);
}

TEST(ReadDatastoreVolume, ExaminesTheDatastoreOrWhereItWouldBeMade) {
  const test::TempDir store;
  const std::optional<VolumeFacts> here = read_datastore_volume(store.path(), false);
  ASSERT_TRUE(here.has_value());
  EXPECT_FALSE(here->read_only);
  EXPECT_EQ(volume_refusal(store.path(), *here), std::nullopt);
  // Missing: nothing to examine, unless it is to be made (then its nearest existing ancestor).
  EXPECT_EQ(read_datastore_volume(store.path() / "a" / "b", false), std::nullopt);
  EXPECT_TRUE(read_datastore_volume(store.path() / "a" / "b", true).has_value());
  write_file(store.path() / "plain", 1);  // not a directory: the datastore's own check says so
  EXPECT_EQ(read_datastore_volume(store.path() / "plain", true), std::nullopt);
}

}  // namespace
}  // namespace iogate
