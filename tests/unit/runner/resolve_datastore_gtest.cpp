#include <gtest/gtest.h>
#include <stdlib.h>

#include "iogate/runner/run_settings.hpp"

namespace iogate {
namespace {

TEST(ResolveDatastore, FlagThenEnvironmentThenDefault) {
  ::unsetenv("IOGATE_DATASTORE");
  EXPECT_EQ(resolve_datastore({}, "/build/datastore").dir, "/build/datastore");
  ::setenv("IOGATE_DATASTORE", "/env/ds", 1);
  EXPECT_EQ(resolve_datastore({}, "/build/datastore").dir, "/env/ds");
  EXPECT_EQ(resolve_datastore({.dir = "/flag/ds"}, "/build/datastore").dir, "/flag/ds");
  ::setenv("IOGATE_DATASTORE", "", 1);
  EXPECT_EQ(resolve_datastore({}, "/build/datastore").dir, "/build/datastore");
  ::unsetenv("IOGATE_DATASTORE");
}

TEST(ResolveDatastore, OnlyTheBuildTreeDefaultIsCreated) {
  ::unsetenv("IOGATE_DATASTORE");
  EXPECT_TRUE(resolve_datastore({}, "/build/datastore", true).policy.create_if_missing);
  EXPECT_FALSE(resolve_datastore({}, "/mnt/array", false).policy.create_if_missing);
  EXPECT_FALSE(
      resolve_datastore({.dir = "/flag/ds"}, "/build/datastore", true).policy.create_if_missing);
  ::setenv("IOGATE_DATASTORE", "/env/ds", 1);
  EXPECT_FALSE(resolve_datastore({}, "/build/datastore", true).policy.create_if_missing);
  ::unsetenv("IOGATE_DATASTORE");
}

TEST(ResolveDatastore, WithoutAnyDatastoreItSaysHowToNameOne) {
  ::unsetenv("IOGATE_DATASTORE");
  try {
    resolve_datastore({});
    FAIL() << "no datastore accepted";
  } catch (const DatastoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("--datastore DIR"), std::string::npos) << what;
    EXPECT_NE(what.find("IOGATE_DATASTORE"), std::string::npos) << what;
  }
}

TEST(ResolveDatastore, OptInsComeFromFlagsOrTheEnvironment) {
  ::unsetenv("IOGATE_ALLOW_SHARED_DATASTORE");
  ::unsetenv("IOGATE_REQUIRE_MOUNT");
  const DatastorePolicy none = resolve_datastore({.dir = "/ds"}).policy;
  EXPECT_FALSE(none.allow_shared);
  EXPECT_FALSE(none.require_mount);
  EXPECT_TRUE(resolve_datastore({.dir = "/ds", .allow_shared = true}).policy.allow_shared);
  EXPECT_TRUE(resolve_datastore({.dir = "/ds", .require_mount = true}).policy.require_mount);
  ::setenv("IOGATE_ALLOW_SHARED_DATASTORE", "1", 1);
  ::setenv("IOGATE_REQUIRE_MOUNT", "1", 1);
  EXPECT_TRUE(resolve_datastore({.dir = "/ds"}).policy.allow_shared);
  EXPECT_TRUE(resolve_datastore({.dir = "/ds"}).policy.require_mount);
  ::setenv("IOGATE_ALLOW_SHARED_DATASTORE", "0", 1);
  EXPECT_FALSE(resolve_datastore({.dir = "/ds"}).policy.allow_shared);
  ::unsetenv("IOGATE_ALLOW_SHARED_DATASTORE");
  ::unsetenv("IOGATE_REQUIRE_MOUNT");
}

TEST(ResolveDatastore, TheOperatorsFilesystemAndDeviceWinOverTheFiles) {
  ::unsetenv("IOGATE_REQUIRE_FILESYSTEM");
  ::unsetenv("IOGATE_REQUIRE_DEVICE");
  ThresholdFile file;
  file.require_mount = true;
  file.require_filesystem = "xfs";
  file.require_device = "/dev/sdb1";
  const DatastorePolicy from_file =
      with_file_demands(resolve_datastore({.dir = "/d"}).policy, file);
  EXPECT_TRUE(from_file.require_mount);
  EXPECT_EQ(from_file.require_filesystem, "xfs");
  EXPECT_EQ(from_file.require_device, "/dev/sdb1");
  ::setenv("IOGATE_REQUIRE_FILESYSTEM", "ext4", 1);
  const DatastorePolicy env = with_file_demands(
      resolve_datastore({.dir = "/d", .require_device = "/dev/nvme0n1p1"}).policy, file);
  EXPECT_EQ(env.require_filesystem, "ext4");
  EXPECT_EQ(env.require_device, "/dev/nvme0n1p1");
  ::unsetenv("IOGATE_REQUIRE_FILESYSTEM");
}

}  // namespace
}  // namespace iogate
