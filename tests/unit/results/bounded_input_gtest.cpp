// Results from others, read through the one bounded parse (common/json_input.hpp): a check whose
// intervals nest 100,000 or 1,000,000 deep crashed `report FILE`, `report --from-dir`, `fleet`
// and `propose`; a results file that is a secret must not be echoed.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "common/json_input.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/result_reader.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using testing::HasSubstr;
using testing::Not;
using testing::StartsWith;

// A check's document whose result.intervals is an array `depth` deep (215 KB for 100,000).
std::string deep_check(std::size_t depth) {
  return R"({"format": "iogate-check", "version": 1, "suite": "s", "check": "c", "status": "pass",
  "host": "h1", "workload": {}, "result": {"iops": 1, "intervals": )" +
         std::string(depth, '[') + std::string(depth, ']') + "}}\n";
}

fs::path write(const fs::path& file, const std::string& text) {
  std::ofstream(file) << text;
  return file;
}

// The message of what `read` throws, or "no error"; anything but an Error fails the test.
template <typename Error = JsonInputError, typename Read>
std::string refusal(Read read) {
  try {
    read();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(BoundedResults, ACheckNestedAHundredThousandOrAMillionDeepIsRefused) {
  const test::TempDir dir;
  for (const std::size_t depth : {100'000, 1'000'000}) {
    const fs::path file = write(dir.path() / "c.json", deep_check(depth));
    const std::string expected =
        file.string() + ": not JSON: nests deeper than 64 levels at line 2, column ";
    EXPECT_THAT(refusal([&] { read_results(file); }), StartsWith(expected));
    EXPECT_THAT(refusal([&] { read_report_dir(dir.path()); }), StartsWith(expected));
    EXPECT_THAT(refusal([&] { is_check_result_file(file); }), StartsWith(expected));
    EXPECT_THAT(refusal([&] { read_results_text(deep_check(depth), "text.json"); }),
                StartsWith("text.json: not JSON: nests deeper than 64 levels at line 2"));
  }
}

TEST(BoundedResults, FourMebibytesOfOpeningBracketsAreRefused) {
  const test::TempDir dir;
  const fs::path file = write(dir.path() / "brackets.json", std::string(4U << 20, '['));
  EXPECT_EQ(
      refusal([&] { read_results(file); }),
      file.string() + ": not JSON: nests deeper than 64 levels at line 1, column 65 (byte 65)");
}

TEST(BoundedResults, ASecretReadAsResultsIsNotEchoed) {
  const test::TempDir dir;
  const fs::path secret = write(dir.path() / "token", "\"sk-LIVE-SECRET-TOKEN-0123456789\n");
  const fs::path link = dir.path() / "results.json";
  std::error_code ec;
  fs::create_symlink(secret, link, ec);
  if (ec) GTEST_SKIP() << "cannot make a symbolic link here: " << ec.message();
  // Whatever refuses it (a reader that will not follow the link is as good), nothing is quoted.
  const std::string message = refusal<std::exception>([&] { read_results(link); });
  EXPECT_THAT(message, StartsWith(link.string() + ": "));
  EXPECT_THAT(message, Not(HasSubstr("sk-LIVE")));
}

// Found by results_reader_fuzz: a workload's file_size of 1073741E24 was converted to an unsigned
// count (undefined behaviour, which UBSan reports); it is refused as out of range. The keys the
// reader takes before it are given, so the refusal is file_size's.
TEST(BoundedResults, AFileSizeBeyondACountIsRefused) {
  const std::string check = R"({"format": "iogate-check", "version": 1, "suite": "s", "check": "c",
    "status": "pass", "host": "h1", "workload": {"block_size": 4096, "read_pct": 100,
    "random_pct": 100, "queue_depth": 1, "file_size": 1073741E24},
    "result": {}})";
  EXPECT_THAT(refusal<std::runtime_error>([&] { read_results_text(check, "c.json"); }),
              StartsWith("c.json: workload.file_size: expected "));
}

}  // namespace
}  // namespace iogate
