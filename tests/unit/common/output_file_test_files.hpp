// What the output writer's tests share: a scratch directory per test, and whole files read and
// written in it.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "iogate_test/temp_dir.hpp"

namespace iogate::test {

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void put(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

class OutputFileFixture : public ::testing::Test {
 protected:
  TempDir tmp_;
  const std::filesystem::path& dir() const { return tmp_.path(); }
};

}  // namespace iogate::test
