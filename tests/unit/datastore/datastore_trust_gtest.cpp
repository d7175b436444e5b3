// The StrictModes rule on a datastore (src/datastore/datastore_trust.hpp; the rule itself is
// tests/unit/common/path_trust_gtest.cpp), the must-exist rule and require_mount
// (src/datastore/datastore_checks_posix.hpp): what a datastore must be before anything is written
// there.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <string>

#include "datastore_checks_posix.hpp"
#include "datastore_trust.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::listing;
using test::TempDir;

// The checks below stat real directories as the euid the rule applies to.
class DatastoreTrustAsRoot : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0) GTEST_SKIP() << "the StrictModes rule applies to root only";
  }
  TempDir tmp;
};

std::string refusal(const fs::path& datastore, const DatastorePolicy& policy = {}) {
  try {
    check_datastore(datastore, policy);
  } catch (const DatastoreError& e) {
    return e.what();
  }
  return "";
}

TEST_F(DatastoreTrustAsRoot, RefusesAWorldWritableDatastoreUnlessAllowed) {
  const fs::path store = tmp.path() / "store";
  fs::create_directory(store);
  ASSERT_EQ(chmod(store.c_str(), 0777), 0);
  const std::string why = refusal(store);
  EXPECT_NE(why.find("datastore " + store.string() + " is world-writable without the sticky bit"),
            std::string::npos)
      << why;
  EXPECT_NE(why.find("--allow-shared-datastore (IOGATE_ALLOW_SHARED_DATASTORE=1)"),
            std::string::npos)
      << why;
  EXPECT_EQ(refusal(store, {.allow_shared = true}), "");
  ASSERT_EQ(chmod(store.c_str(), 01777), 0);
  EXPECT_EQ(refusal(store), "");
  // A ScratchArea refuses the same way, before writing anything.
  ASSERT_EQ(chmod(store.c_str(), 0777), 0);
  EXPECT_THROW(ScratchArea(store, 4096), DatastoreError);
  EXPECT_TRUE(fs::is_empty(store));
}

TEST_F(DatastoreTrustAsRoot, RefusesADatastoreOwnedByAnotherUser) {
  const fs::path store = tmp.path() / "store";
  fs::create_directory(store);
  ASSERT_EQ(chown(store.c_str(), 65534, 65534), 0);
  EXPECT_NE(refusal(store).find("is owned by uid 65534"), std::string::npos) << refusal(store);
  EXPECT_EQ(refusal(store, {.allow_shared = true}), "");
}

TEST_F(DatastoreTrustAsRoot, RefusesAWritableDirectoryOnTheWay) {
  const fs::path shared = tmp.path() / "shared";
  const fs::path store = shared / "store";
  fs::create_directories(store);
  ASSERT_EQ(chmod(shared.c_str(), 0777), 0);
  const std::string why = refusal(store);
  EXPECT_NE(why.find("datastore " + store.string() + ": the directory " + shared.string() +
                     " on the way to it is world-writable"),
            std::string::npos)
      << why;
}

TEST_F(DatastoreTrustAsRoot, RefusesASymlinkThatLivesInAWritableDirectory) {
  // The datastore itself is fine, but the symlink naming it can be replaced by anyone.
  const fs::path real = tmp.path() / "real";
  const fs::path shared = tmp.path() / "shared";
  fs::create_directories(real);
  fs::create_directories(shared);
  ASSERT_EQ(chmod(shared.c_str(), 0777), 0);
  fs::create_directory_symlink(real, shared / "link");
  const std::string why = refusal(shared / "link");
  EXPECT_NE(why.find("the directory " + shared.string() + " on the way to it"), std::string::npos)
      << why;
  EXPECT_EQ(refusal(real), "");
}

TEST(DatastoreMustExist, ANamedDatastoreThatIsMissingIsAnErrorAndNothingIsCreated) {
  const TempDir tmp;
  const fs::path missing = tmp.path() / "array" / "iogate";
  try {
    check_datastore(missing, {});
    FAIL() << "a missing datastore passed";
  } catch (const DatastoreError& e) {
    EXPECT_NE(std::string(e.what()).find("datastore " + missing.string() + " does not exist"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(ScratchArea(missing, 4096), DatastoreError);
  EXPECT_TRUE(fs::is_empty(tmp.path()));
  // The build tree's default may be created, and only by the ScratchArea, not by the check.
  EXPECT_NO_THROW(check_datastore(missing, {.create_if_missing = true}));
  EXPECT_TRUE(fs::is_empty(tmp.path()));
  {
    const ScratchArea area(missing, 4096, {.create_if_missing = true});
    EXPECT_TRUE(fs::is_directory(missing));
  }
  EXPECT_TRUE(fs::is_empty(missing));
}

TEST(DatastoreMustExist, AFileIsNotADatastore) {
  const TempDir tmp;
  std::ofstream(tmp.path() / "file") << "x";
  EXPECT_THROW(check_datastore(tmp.path() / "file", {.create_if_missing = true}), DatastoreError);
}

TEST(RequireMount, APlainDirectoryIsRefusedAMountPointPasses) {
  const TempDir tmp;
  try {
    check_datastore(tmp.path(), {.allow_shared = true, .require_mount = true});
    FAIL() << "a plain directory passed require_mount";
  } catch (const DatastoreError& e) {
    EXPECT_NE(std::string(e.what()).find("is not a mount point (require_mount)"), std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(check_datastore("/proc", {.allow_shared = true, .require_mount = true}));
  EXPECT_NO_THROW(check_datastore("/", {.allow_shared = true, .require_mount = true}));
}

// The filesystem type of `dir` as mountinfo names it, by the storage stack's own reading.
std::string filesystem_of(const fs::path& dir) { return read_storage_stack(dir).filesystem; }

TEST(RequireFilesystem, TheDatastoresOwnTypePassesAnotherIsRefusedWithWhatItIs) {
  const TempDir tmp;
  const std::string type = filesystem_of(tmp.path());
  ASSERT_FALSE(type.empty());
  EXPECT_NO_THROW(check_datastore(tmp.path(), {.allow_shared = true, .require_filesystem = type}));
  try {
    check_datastore(tmp.path(), {.allow_shared = true, .require_filesystem = "nosuchfs"});
    FAIL() << "a datastore on " << type << " passed require_filesystem = nosuchfs";
  } catch (const DatastoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("is on " + type + " (mounted at "), std::string::npos) << what;
    EXPECT_NE(what.find("not nosuchfs (require_filesystem)"), std::string::npos) << what;
  }
}

TEST(RequireDevice, TheDatastoresOwnDevicePassesAnotherIsRefused) {
  const TempDir tmp;
  struct stat st {};
  ASSERT_EQ(::stat(tmp.path().c_str(), &st), 0);
  // The node in /dev of the device the datastore is on, if it has one (tmpfs, overlay have none).
  std::string own;
  for (const fs::directory_entry& e : fs::directory_iterator("/dev")) {
    struct stat dev {};
    if (::stat(e.path().c_str(), &dev) == 0 && S_ISBLK(dev.st_mode) && dev.st_rdev == st.st_dev)
      own = e.path().string();
  }
  if (!own.empty()) {
    EXPECT_NO_THROW(check_datastore(tmp.path(), {.allow_shared = true, .require_device = own}));
  } else {
    std::cout << "no node in /dev for device " << major(st.st_dev) << ":" << minor(st.st_dev)
              << " of " << tmp.path() << ": the matching case is not tried here\n";
  }
  try {
    check_datastore(tmp.path(), {.allow_shared = true, .require_device = "/dev/null"});
    FAIL() << "/dev/null passed as a block device";
  } catch (const DatastoreError& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/null: not a block device"), std::string::npos)
        << e.what();
  }
  try {
    check_datastore(tmp.path(), {.allow_shared = true, .require_device = "/dev/iogate-nodisk"});
    FAIL() << "a missing device passed";
  } catch (const DatastoreError& e) {
    EXPECT_NE(std::string(e.what()).find("require_device /dev/iogate-nodisk: No such file"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace iogate
