// Every class of mistake in a threshold file: the error must point at the file, line, column and
// key a user has to fix, and say what was expected. The files are in tests/data/thresholds/bad/.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

const std::string kBadDir = std::string(IOGATE_TEST_DATA_DIR) + "/thresholds/bad/";

template <class Fn>
ThresholdError error_of(Fn fn) {
  try {
    fn();
  } catch (const ThresholdError& e) {
    return e;
  }
  ADD_FAILURE() << "no ThresholdError was thrown";
  return ThresholdError({}, "", "");
}

ThresholdError load_error(const std::string& name) {
  return error_of([&] { load_threshold_file(kBadDir + name); });
}

// Asserts the location, the key, a phrase of the problem and the assembled message.
void expect_error(const ThresholdError& e, const std::string& file, int line, int column,
                  const std::string& key, const std::string& phrase) {
  EXPECT_EQ(e.where().file, file);
  EXPECT_EQ(e.where().line, line);
  EXPECT_EQ(e.where().column, column);
  EXPECT_EQ(e.key(), key);
  EXPECT_THAT(e.problem(), HasSubstr(phrase));
  const std::string prefix =
      file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
  EXPECT_EQ(std::string(e.what()), prefix + (key.empty() ? "" : key + ": ") + e.problem());
}

void expect_bad_file(const std::string& name, int line, int column, const std::string& key,
                     const std::string& phrase) {
  SCOPED_TRACE(name);
  expect_error(load_error(name), kBadDir + name, line, column, key, phrase);
}

TEST(ThresholdErrors, TomlSyntaxErrorUsesTheParsersPosition) {
  expect_bad_file("syntax_error.toml", 8, 17, "", "TOML syntax error: ");
}

TEST(ThresholdErrors, UnknownKeyListsTheValidOnes) {
  expect_bad_file("unknown_key.toml", 9, 1, R"(check "seq_write_8k": workload.blocksize)",
                  "unknown key; valid keys here are block_size, read, random, random_distribution, "
                  "block_align, queue_depth, "
                  "file_size, size, duration, ramp, direct, flush, write_through, engine");
}

TEST(ThresholdErrors, BadUnit) {
  expect_bad_file("bad_unit.toml", 7, 14, R"(check "seq_write_8k": workload.block_size)",
                  R"(expected a size like "8k", "8KiB" or "8GiB", got "8q")");
}

TEST(ThresholdErrors, PercentAboveHundred) {
  expect_bad_file("percent_out_of_range.toml", 8, 8, R"(check "mixed": workload.read)",
                  R"(expected a percentage from 0 to 100, got "150%")");
}

TEST(ThresholdErrors, QueueDepthZero) {
  expect_bad_file("queue_depth_zero.toml", 9, 15, R"(check "rand_read": workload.queue_depth)",
                  "expected a queue depth from 1 to 4096, got 0");
}

TEST(ThresholdErrors, SizeNotAMultipleOfBlockSize) {
  expect_bad_file("size_not_multiple.toml", 8, 8, R"(check "seq_write_8k": workload.size)",
                  "must be a multiple of block_size (8 KiB), got 12 KiB (12288 bytes)");
}

TEST(ThresholdErrors, WrongType) {
  expect_bad_file("wrong_type.toml", 9, 10, R"(check "seq_write_8k": workload.direct)",
                  R"(expected true or false, got a string ("yes"))");
}

TEST(ThresholdErrors, MissingRequiredKeyPointsAtItsTable) {
  expect_bad_file("missing_block_size.toml", 6, 3, R"(check "seq_write_8k": workload.block_size)",
                  "missing required key");
}

TEST(ThresholdErrors, DuplicateCheckNamePointsAtTheSecond) {
  expect_bad_file("duplicate_name.toml", 10, 8, R"(check "seq_write_8k": name)",
                  R"(duplicate check name; the first check named "seq_write_8k" is on line 5)");
}

TEST(ThresholdErrors, MissingSuiteName) {
  expect_bad_file("missing_suite_name.toml", 1, 1, "suite.name", "missing required key");
}

TEST(ThresholdErrors, BadIdentifier) {
  expect_bad_file("bad_identifier.toml", 5, 8, "check[1]: name",
                  R"(expected an identifier of letters, digits and underscores)");
}

TEST(ThresholdErrors, MalformedRelativeBoundIsNotSilentlyAccepted) {
  expect_bad_file("relative_bound.toml", 13, 12, R"(check "rand_read_8k": expect.iops_min)",
                  R"(expected a share of the baseline from 1% to 1000%, like "90% of baseline")");
}

TEST(ThresholdErrors, CheckWithoutExpectations) {
  expect_bad_file("no_expectations.toml", 4, 1, R"(check "cannot_fail": expect)",
                  "a check that cannot fail is a defect");
}

TEST(ThresholdErrors, BadValueInDefaults) {
  expect_bad_file("defaults_bad_unit.toml", 6, 8, "defaults.ramp",
                  R"(expected a duration like "200ms", "20s", "2m30s" or "1h", got "2 seconds")");
}

TEST(ThresholdErrors, MissingFileHasLineZeroAndTheOsError) {
  const std::string path = kBadDir + "does_not_exist.toml";
  const ThresholdError e = load_error("does_not_exist.toml");
  EXPECT_EQ(e.where().file, path);
  EXPECT_EQ(e.where().line, 0);
  EXPECT_EQ(e.key(), "");
  // ENOENT and ERROR_FILE_NOT_FOUND are both 2: the system's own words for it.
  EXPECT_EQ(std::string(e.what()), path + ": cannot open: " + std::system_category().message(2));
}

TEST(ThresholdErrors, DirectoryIsUnreadable) {
  const ThresholdError e = error_of([] { load_threshold_file(IOGATE_TEST_DATA_DIR); });
  EXPECT_EQ(e.where().line, 0);
  EXPECT_EQ(std::string(e.what()), std::string(IOGATE_TEST_DATA_DIR) +
                                       ": is a directory, expected a threshold file (TOML)");
}

TEST(ThresholdErrors, HugeFileIsRefusedBeforeReading) {
  const std::string big = ::testing::TempDir() + "iogate_threshold_huge.toml";
  { std::ofstream out(big, std::ios::trunc); }
  std::filesystem::resize_file(big, 1ULL << 30);  // sparse: costs no space
  const ThresholdError e = error_of([&] { load_threshold_file(big); });
  std::filesystem::remove(big);
  EXPECT_EQ(e.where().line, 0);
  EXPECT_THAT(e.problem(), StartsWith("is 1073741824 bytes, larger than a threshold file (TOML) "
                                      "can be"));
}

}  // namespace
}  // namespace iogate
