// Golden-output comparison: the expected text lives in tests/data/reports/<name>. Run a test with
// IOGATE_UPDATE_GOLDEN=1 to rewrite the file from the current output (then review the diff).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace iogate::test {

inline std::string golden_path(const std::string& name) {
  return std::string(IOGATE_TEST_DATA_DIR) + "/reports/" + name;
}

inline void expect_golden(const std::string& name, const std::string& actual) {
  const std::string path = golden_path(name);
  if (const char* update = std::getenv("IOGATE_UPDATE_GOLDEN"); update && *update == '1') {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << actual;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path << " missing: run with IOGATE_UPDATE_GOLDEN=1 to create it";
  std::ostringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(actual, expected.str()) << "differs from " << path;
}

}  // namespace iogate::test
