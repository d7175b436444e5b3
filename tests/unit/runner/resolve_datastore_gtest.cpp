#include <gtest/gtest.h>

#include "iogate/runner/run_settings.hpp"
#include "iogate_test/scoped_env.hpp"

namespace iogate {
namespace {

TEST(ResolveDatastore, FlagThenEnvironmentThenDefault) {
  test::unset_env("IOGATE_DATASTORE");
  EXPECT_EQ(resolve_datastore({}, "/build/datastore").dir, "/build/datastore");
  test::set_env("IOGATE_DATASTORE", "/env/ds");
  EXPECT_EQ(resolve_datastore({}, "/build/datastore").dir, "/env/ds");
  EXPECT_EQ(resolve_datastore({.dir = "/flag/ds"}, "/build/datastore").dir, "/flag/ds");
  test::set_env("IOGATE_DATASTORE", "");
  EXPECT_EQ(resolve_datastore({}, "/build/datastore").dir, "/build/datastore");
  test::unset_env("IOGATE_DATASTORE");
}

TEST(ResolveDatastore, OnlyTheBuildTreeDefaultIsCreated) {
  test::unset_env("IOGATE_DATASTORE");
  EXPECT_TRUE(resolve_datastore({}, "/build/datastore", true).policy.create_if_missing);
  EXPECT_FALSE(resolve_datastore({}, "/mnt/array", false).policy.create_if_missing);
  EXPECT_FALSE(
      resolve_datastore({.dir = "/flag/ds"}, "/build/datastore", true).policy.create_if_missing);
  test::set_env("IOGATE_DATASTORE", "/env/ds");
  EXPECT_FALSE(resolve_datastore({}, "/build/datastore", true).policy.create_if_missing);
  test::unset_env("IOGATE_DATASTORE");
}

TEST(ResolveDatastore, WithoutAnyDatastoreItSaysHowToNameOne) {
  test::unset_env("IOGATE_DATASTORE");
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
  test::unset_env("IOGATE_ALLOW_SHARED_DATASTORE");
  test::unset_env("IOGATE_REQUIRE_MOUNT");
  const DatastorePolicy none = resolve_datastore({.dir = "/ds"}).policy;
  EXPECT_FALSE(none.allow_shared);
  EXPECT_FALSE(none.require_mount);
  EXPECT_TRUE(resolve_datastore({.dir = "/ds", .allow_shared = true}).policy.allow_shared);
  EXPECT_TRUE(resolve_datastore({.dir = "/ds", .require_mount = true}).policy.require_mount);
  test::set_env("IOGATE_ALLOW_SHARED_DATASTORE", "1");
  test::set_env("IOGATE_REQUIRE_MOUNT", "1");
  EXPECT_TRUE(resolve_datastore({.dir = "/ds"}).policy.allow_shared);
  EXPECT_TRUE(resolve_datastore({.dir = "/ds"}).policy.require_mount);
  test::set_env("IOGATE_ALLOW_SHARED_DATASTORE", "0");
  EXPECT_FALSE(resolve_datastore({.dir = "/ds"}).policy.allow_shared);
  test::unset_env("IOGATE_ALLOW_SHARED_DATASTORE");
  test::unset_env("IOGATE_REQUIRE_MOUNT");
}

TEST(ResolveDatastore, TheOperatorsFilesystemAndDeviceWinOverTheFiles) {
  test::unset_env("IOGATE_REQUIRE_FILESYSTEM");
  test::unset_env("IOGATE_REQUIRE_DEVICE");
  ThresholdFile file;
  file.require_mount = true;
  file.require_filesystem = "xfs";
  file.require_device = "/dev/sdb1";
  const DatastorePolicy from_file =
      with_file_demands(resolve_datastore({.dir = "/d"}).policy, file);
  EXPECT_TRUE(from_file.require_mount);
  EXPECT_EQ(from_file.require_filesystem, "xfs");
  EXPECT_EQ(from_file.require_device, "/dev/sdb1");
  test::set_env("IOGATE_REQUIRE_FILESYSTEM", "ext4");
  const DatastorePolicy env = with_file_demands(
      resolve_datastore({.dir = "/d", .require_device = "/dev/nvme0n1p1"}).policy, file);
  EXPECT_EQ(env.require_filesystem, "ext4");
  EXPECT_EQ(env.require_device, "/dev/nvme0n1p1");
  test::unset_env("IOGATE_REQUIRE_FILESYSTEM");
}

}  // namespace
}  // namespace iogate
