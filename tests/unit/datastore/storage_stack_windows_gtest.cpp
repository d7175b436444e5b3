// read_storage_stack on the running Windows (under wine in CI): whatever the system answers is
// recorded, nothing is invented, and a missing directory is an error as on Linux.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "iogate/datastore/storage_stack.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate {
namespace {

TEST(StorageStackWindows, ThisMachine) {
  const test::TempDir dir;
  const StorageStack s = read_storage_stack(dir.path());
  const std::string canonical = std::filesystem::canonical(dir.path()).string();
  ASSERT_FALSE(s.mount_point.empty());
  EXPECT_EQ(canonical.rfind(s.mount_point, 0), 0u) << canonical << " under " << s.mount_point;
  EXPECT_EQ(s.kernel.rfind("Windows ", 0), 0u) << s.kernel;
  for (const auto& [key, value] : s.fields()) std::printf("%s = %s\n", key.c_str(), value.c_str());
}

TEST(StorageStackWindows, MissingDirectoryIsAnError) {
  const test::TempDir dir;
  EXPECT_THROW(read_storage_stack(dir.path() / "missing"), std::filesystem::filesystem_error);
}

}  // namespace
}  // namespace iogate
