// A baseline from others is read through the one bounded parse (common/json_input.hpp): too deep
// or not JSON is a BaselineError naming the file, and never quotes it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "iogate/baseline/baseline.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

using testing::HasSubstr;
using testing::Not;
using testing::StartsWith;

std::string load_error(const std::filesystem::path& file) {
  try {
    load_baseline(file);
  } catch (const BaselineError& e) {
    return e.what();
  }
  return "no error";
}

TEST(BaselineInput, SamplesNestedAHundredThousandDeepAreRefused) {
  const std::string deep = std::string(100'000, '[') + std::string(100'000, ']');
  const std::string text = R"({"format": "iogate-baseline", "version": 1, "checks": {"c": {
    "workload": {}, "completed": true, "metrics": {"iops": {"samples": )" +
                           deep + "}}}}}\n";
  const test::TempDir dir;
  const std::filesystem::path file = dir.path() / "b.json";
  std::ofstream(file) << text;
  EXPECT_THAT(load_error(file),
              StartsWith(file.string() + ": not JSON: nests deeper than 64 levels at line 2"));
  try {
    parse_baseline_text(text, "text.json");
    ADD_FAILURE() << "no error";
  } catch (const BaselineError& e) {
    EXPECT_THAT(e.what(), StartsWith("text.json: not JSON: nests deeper than 64 levels"));
  }
}

TEST(BaselineInput, ASecretGivenAsABaselineIsNotEchoed) {
  const test::TempDir dir;
  const std::filesystem::path file = dir.path() / "token";
  std::ofstream(file) << "sk-LIVE-SECRET-TOKEN-0123456789\n";
  const std::string message = load_error(file);
  EXPECT_EQ(message, file.string() + ": not JSON: syntax error at line 1, column 1 (byte 1)");
  EXPECT_THAT(message, Not(HasSubstr("sk-LIVE")));
}

// Found by baseline_fuzz: a recorded workload's file_size of 1.07e69 was converted to an unsigned
// count while comparing it with the check's (undefined behaviour, which UBSan reports); the
// value the codec refuses is compared as written.
TEST(BaselineInput, AFileSizeBeyondACountIsComparedAsWritten) {
  BaselineCheck recorded;
  recorded.name = "c";
  recorded.workload = compared_workload(WorkloadSpec{});
  recorded.workload["file_size"] = 1.0722e69;
  EXPECT_THAT(workload_difference(recorded, WorkloadSpec{}),
              HasSubstr("file_size 1.0722e+69 (baseline) vs "));
}

}  // namespace
}  // namespace iogate
