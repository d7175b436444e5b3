// One datastore, however it was named: the recorded path is absolute and plain, and two
// recordings of one directory compare equal.
#include "datastore/datastore_path.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace iogate {
namespace {

namespace fs = std::filesystem;

TEST(DatastorePath, ARelativeNameIsRecordedFromTheWorkingDirectory) {
  const fs::path here = fs::current_path();
  EXPECT_EQ(recorded_datastore("ds"), here / "ds");
  EXPECT_EQ(recorded_datastore("./ds/"), here / "ds");
  EXPECT_EQ(recorded_datastore("ds/sub/.."), here / "ds");
  EXPECT_TRUE(recorded_datastore("ds").is_absolute());
  EXPECT_EQ(recorded_datastore(""), fs::path());
}

TEST(DatastorePath, OneDirectoryNamedTwoWaysIsOneSpelling) {
  const std::string relative = recorded_datastore("ds").string();
  const std::string absolute = (fs::current_path() / "ds" / "").string();
  EXPECT_EQ(datastore_spelling(relative), datastore_spelling(absolute));
  EXPECT_EQ(datastore_spelling("/mnt/array/"), "/mnt/array");
  EXPECT_EQ(datastore_spelling("/mnt/./array"), "/mnt/array");
  EXPECT_NE(datastore_spelling("/mnt/array"), datastore_spelling("/mnt/array2"));
}

}  // namespace
}  // namespace iogate
