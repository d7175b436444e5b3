// The datastore ctest's resource allocation gives a check, from ctest's variables and the spec
// file IOGATE_RESOURCE_SPEC_FILE names: the mapped directory, or an error naming what is wrong,
// never another datastore.
#include "runner/datastore_allocation.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "iogate_test/scoped_env.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

class DatastoreAllocation : public ::testing::Test {
 protected:
  void SetUp() override {
    clear();
    fs::create_directory(dir_.path() / "a");
    fs::create_directory(dir_.path() / "b");
  }
  void TearDown() override { clear(); }
  static void clear() {
    for (const char* name : {"CTEST_RESOURCE_GROUP_COUNT", "CTEST_RESOURCE_GROUP_0",
                             "CTEST_RESOURCE_GROUP_0_DATASTORES", "IOGATE_RESOURCE_SPEC_FILE"})
      test::unset_env(name);
  }
  // What ctest sets for a test given datastore `id`.
  static void allocate(const std::string& id) {
    test::set_env("CTEST_RESOURCE_GROUP_COUNT", "1");
    test::set_env("CTEST_RESOURCE_GROUP_0", "datastores");
    test::set_env("CTEST_RESOURCE_GROUP_0_DATASTORES", ("id:" + id + ",slots:1").c_str());
  }
  // A spec file with `entries` as its datastores, named to the checks.
  fs::path spec(const std::string& entries) {
    const fs::path file = dir_.path() / "datastores.json";
    std::ofstream(file) << R"({"version": {"major": 1, "minor": 0}, "local": [{"datastores": [)"
                        << entries << "]}]}";
    test::set_env("IOGATE_RESOURCE_SPEC_FILE", file.string().c_str());
    return file;
  }
  std::string entry(const std::string& id, const fs::path& dir) const {
    // Quoted as JSON: a Windows path's backslashes are escapes there.
    return R"({"id": ")" + id + R"(", "slots": 1, "dir": )" + nlohmann::json(dir.string()).dump() +
           "}";
  }
  // The error allocated_datastore() throws, or "" when it throws none.
  static std::string error() {
    try {
      allocated_datastore();
    } catch (const DatastoreError& e) {
      return e.what();
    }
    return "";
  }

  test::TempDir dir_;
};

TEST_F(DatastoreAllocation, WithoutCtestsAllocationNothingChanges) {
  EXPECT_FALSE(allocated_datastore().has_value());
  // ctest sets the count for tests without our RESOURCE_GROUPS too, with other resource types.
  test::set_env("CTEST_RESOURCE_GROUP_COUNT", "1");
  test::set_env("CTEST_RESOURCE_GROUP_0", "gpus");
  EXPECT_FALSE(allocated_datastore().has_value());
}

TEST_F(DatastoreAllocation, TheAllocatedIdIsTheDirectoryTheSpecMapsItTo) {
  const fs::path file =
      spec(entry("ds0", dir_.path() / "a") + "," + entry("ds1", dir_.path() / "b"));
  allocate("ds1");
  const std::optional<AllocatedDatastore> got = allocated_datastore();
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->id, "ds1");
  EXPECT_EQ(got->dir, dir_.path() / "b");
  EXPECT_EQ(got->spec_file, file);
}

TEST_F(DatastoreAllocation, AnIdTheSpecDoesNotListIsAnError) {
  const fs::path file = spec(entry("ds0", dir_.path() / "a"));
  allocate("ds7");
  const std::string what = error();
  EXPECT_NE(what.find(file.string() + ": ctest allocated datastore \"ds7\""), std::string::npos)
      << what;
  EXPECT_NE(what.find("--resource-spec-file"), std::string::npos) << what;
}

TEST_F(DatastoreAllocation, AMappedDirectoryMustExistAndBeADirectory) {
  spec(entry("ds0", dir_.path() / "unmounted"));
  allocate("ds0");
  EXPECT_NE(error().find("datastore \"ds0\": " + (dir_.path() / "unmounted").string() +
                         " does not exist"),
            std::string::npos)
      << error();
  std::ofstream(dir_.path() / "file") << "x";
  spec(entry("ds0", dir_.path() / "file"));
  EXPECT_NE(error().find("is not a directory"), std::string::npos) << error();
  spec(entry("ds0", "relative/dir"));
  EXPECT_NE(error().find("is not an absolute path"), std::string::npos) << error();
}

TEST_F(DatastoreAllocation, AnEntryWithoutADirOrWithMoreSlotsIsAnError) {
  spec(R"({"id": "ds0", "slots": 1})");
  allocate("ds0");
  EXPECT_NE(error().find("datastore \"ds0\": no \"dir\""), std::string::npos) << error();
  spec(R"({"id": "ds0", "slots": 2, "dir": )" +
       nlohmann::json((dir_.path() / "a").string()).dump() + "}");
  EXPECT_NE(error().find("\"slots\": expected 1 (one check at a time on a datastore), got a "
                         "number (value not shown)"),
            std::string::npos)
      << error();
  EXPECT_EQ(error().find(" 2"), std::string::npos) << "the spec's value was printed: " << error();
}

TEST_F(DatastoreAllocation, TwoIdsForOneDirectoryAreAnError) {
  spec(entry("ds0", dir_.path() / "a") + "," + entry("ds1", dir_.path() / "b" / ".." / "a"));
  allocate("ds0");
  EXPECT_NE(error().find("datastore \"ds0\" and another entry of \"datastores\" are one directory"),
            std::string::npos)
      << error();
  EXPECT_EQ(error().find("ds1"), std::string::npos)
      << "another entry's id was printed: " << error();
}

TEST_F(DatastoreAllocation, AnAllocationWithoutTheSpecFileIsAnError) {
  allocate("ds0");
  const std::string what = error();
  EXPECT_NE(what.find("ctest allocated datastore \"ds0\""), std::string::npos) << what;
  EXPECT_NE(what.find("IOGATE_RESOURCE_SPEC_FILE is not set"), std::string::npos) << what;
}

TEST_F(DatastoreAllocation, TheSpecFileWithoutAnAllocationIsAnError) {
  const fs::path file = spec(entry("ds0", dir_.path() / "a"));
  const std::string what = error();
  EXPECT_NE(what.find("ctest allocated no datastore"), std::string::npos) << what;
  EXPECT_NE(what.find("--resource-spec-file " + file.string()), std::string::npos) << what;
}

TEST_F(DatastoreAllocation, AnUnreadableOrMalformedSpecIsAnError) {
  allocate("ds0");
  test::set_env("IOGATE_RESOURCE_SPEC_FILE", (dir_.path() / "missing.json").string().c_str());
  EXPECT_NE(error().find("missing.json"), std::string::npos) << error();
  std::ofstream(dir_.path() / "broken.json") << "{";
  test::set_env("IOGATE_RESOURCE_SPEC_FILE", (dir_.path() / "broken.json").string().c_str());
  EXPECT_NE(error().find("broken.json: not JSON"), std::string::npos) << error();
  std::ofstream(dir_.path() / "other.json") << R"({"local": [{"gpus": []}]})";
  test::set_env("IOGATE_RESOURCE_SPEC_FILE", (dir_.path() / "other.json").string().c_str());
  EXPECT_NE(error().find("expected a ctest resource spec"), std::string::npos) << error();
}

TEST_F(DatastoreAllocation, MoreThanOneSlotAllocatedIsAnError) {
  spec(entry("ds0", dir_.path() / "a") + "," + entry("ds1", dir_.path() / "b"));
  test::set_env("CTEST_RESOURCE_GROUP_COUNT", "1");
  test::set_env("CTEST_RESOURCE_GROUP_0", "datastores");
  test::set_env("CTEST_RESOURCE_GROUP_0_DATASTORES", "id:ds0,slots:1;id:ds1,slots:1");
  EXPECT_NE(error().find("expected one slot of one datastore"), std::string::npos) << error();
}

TEST_F(DatastoreAllocation, TheAllocationWinsOverDefaultsAndConflictsWithAnotherFlag) {
  const AllocatedDatastore allocated{"ds1", dir_.path() / "b", dir_.path() / "datastores.json"};
  test::set_env("IOGATE_DATASTORE", (dir_.path() / "a").string().c_str());
  EXPECT_EQ(resolve_datastore(with_allocated_datastore({}, allocated), "/build/datastore").dir,
            dir_.path() / "b");
  test::unset_env("IOGATE_DATASTORE");
  // The same directory, however spelled, is no conflict.
  const std::string same = (dir_.path() / "a" / ".." / "b").string();
  EXPECT_EQ(with_allocated_datastore({.dir = same}, allocated).dir, (dir_.path() / "b").string());
  try {
    with_allocated_datastore({.dir = (dir_.path() / "a").string()}, allocated);
    FAIL() << "a --datastore other than the allocated one was accepted";
  } catch (const DatastoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(
        what.find("--datastore " + (dir_.path() / "a").string() + " and ctest's datastore \"ds1\""),
        std::string::npos)
        << what;
  }
}

}  // namespace
}  // namespace iogate
