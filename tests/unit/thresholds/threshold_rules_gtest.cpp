// The finer rules of the format, on inline text: each refused input names its key and position.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

// Parses a file whose line 1 is [suite], line 2 its name, line 3 [[check]], line 4 the check's
// name, then `body`, starting on line 5.
ThresholdError check_error(const std::string& body) {
  const std::string text = "[suite]\nname = \"s\"\n[[check]]\nname = \"c\"\n" + body;
  try {
    parse_threshold_text(text, "r.toml");
  } catch (const ThresholdError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted:\n" << text;
  return ThresholdError({}, "", "");
}

ThresholdError file_error(const std::string& text) {
  try {
    parse_threshold_text(text, "r.toml");
  } catch (const ThresholdError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted:\n" << text;
  return ThresholdError({}, "", "");
}

struct Rule {
  const char* what;
  std::string body;
  int line;
  int column;
  const char* key;
  const char* phrase;
};

const std::string kWorkload = "workload = { block_size = \"8k\", size = \"8MiB\" }\n";
const std::string kExpect = "expect = { mbps_min = 1 }\n";

TEST(ThresholdRules, RefusedChecks) {
  const Rule rules[] = {
      {"unknown expectation key", kWorkload + "expect = { iops = 3 }\n", 6, 12,
       R"(check "c": expect.iops)", "valid keys here are iops_min, iops_max"},
      {"p100 is not a percentile", kWorkload + "expect = { latency_p100_max = \"1s\" }\n", 6, 12,
       R"(check "c": expect.latency_p100_max)", "latency_pNN_max"},
      {"latency without a unit", kWorkload + "expect = { latency_avg_max = 200 }\n", 6, 30,
       R"(check "c": expect.latency_avg_max)", R"(a latency with its unit, like "200ms")"},
      {"latency with a bad unit", kWorkload + "expect = { latency_max = \"2 sec\" }\n", 6, 26,
       R"(check "c": expect.latency_max)", "expected a duration like"},
      {"zero floor", kWorkload + "expect = { iops_min = 0 }\n", 6, 23,
       R"(check "c": expect.iops_min)", "expected a value greater than 0"},
      {"rate as a string", kWorkload + "expect = { mbps_min = \"40MB/s\" }\n", 6, 23,
       R"(check "c": expect.mbps_min)", "expected a rate in MiB/s, like 40"},
      {"empty expect", kWorkload + "expect = {}\n", 6, 10, R"(check "c": expect)",
       "at least one expectation"},
      {"unknown check key", "timeut = \"5m\"\n" + kWorkload + kExpect, 5, 1, R"(check "c": timeut)",
       "unknown key"},
      {"no workload", kExpect, 3, 1, R"(check "c": workload)", "missing required table"},
      {"neither size nor duration", "workload = { block_size = \"8k\" }\n" + kExpect, 5, 12,
       R"(check "c": workload.size)", "give size (bytes to transfer) or duration"},
      {"time-based without file_size",
       "workload = { block_size = \"8k\", duration = \"10s\" }\n" + kExpect, 5, 12,
       R"(check "c": workload.file_size)", "missing required key for a time-based workload"},
      {"O_DIRECT alignment", "workload = { block_size = 1000, size = 8000 }\n" + kExpect, 5, 27,
       R"(check "c": workload.block_size)", "positive multiple of 512 bytes"},
      {"file smaller than a block",
       "workload = { block_size = \"8k\", file_size = \"4k\", duration = \"1s\" }\n" + kExpect, 5,
       45, R"(check "c": workload.file_size)", "must hold at least one block (8 KiB), got 4 KiB"},
      {"zero size", "workload = { block_size = \"8k\", size = 0 }\n" + kExpect, 5, 40,
       R"(check "c": workload.size)", "greater than 0"},
      {"negative size", "workload = { block_size = \"8k\", size = -8192 }\n" + kExpect, 5, 40,
       R"(check "c": workload.size)", "0 bytes or more"},
      {"zero duration", "workload = { block_size = \"8k\", duration = \"0s\" }\n" + kExpect, 5, 44,
       R"(check "c": workload.duration)", "longer than 0"},
      {"queue depth as a float",
       "workload = { block_size = \"8k\", size = \"8k\", queue_depth = 2.5 }\n" + kExpect, 5, 60,
       R"(check "c": workload.queue_depth)", "expected a whole number, got a number (2.5)"},
      {"queue depth too deep",
       "workload = { block_size = \"8k\", size = \"8k\", queue_depth = 5000 }\n" + kExpect, 5, 60,
       R"(check "c": workload.queue_depth)", "from 1 to 4096"},
      {"bad flush",
       "workload = { block_size = \"8k\", size = \"8k\", flush = \"always\" }\n" + kExpect, 5, 54,
       R"(check "c": workload.flush)", R"(expected "end" or "none", got "always")"},
      {"unknown engine",
       "workload = { block_size = \"8k\", size = \"8k\", engine = \"spdk\" }\n" + kExpect, 5, 55,
       R"(check "c": workload.engine)", "expected one of auto, psync, io_uring, libaio, iocp"},
      {"huge block", "workload = { block_size = \"1GiB\", size = \"1GiB\" }\n" + kExpect, 5, 27,
       R"(check "c": workload.block_size)", "at most 64 MiB"},
      {"zero timeout", "timeout = \"0s\"\n" + kWorkload + kExpect, 5, 11, R"(check "c": timeout)",
       "at least 1s"},
      {"workload not a table", "workload = \"8k\"\n" + kExpect, 5, 12, R"(check "c": workload)",
       R"(expected a table, got a string ("8k"))"},
      {"description not a string", "description = 3\n" + kWorkload + kExpect, 5, 15,
       R"(check "c": description)", "expected a string, got an integer (3)"},
  };
  for (const Rule& r : rules) {
    SCOPED_TRACE(r.what);
    const ThresholdError e = check_error(r.body);
    EXPECT_EQ(e.where().line, r.line);
    EXPECT_EQ(e.where().column, r.column);
    EXPECT_EQ(e.key(), r.key);
    EXPECT_THAT(e.problem(), HasSubstr(r.phrase));
  }
}

TEST(ThresholdRules, CrossRuleBrokenByADefaultNamesTheCheckAndTheDefault) {
  const ThresholdError e = file_error(R"([suite]
name = "s"
[defaults]
size = "12k"
[[check]]
name = "c"
workload = { block_size = "8k" }
expect = { mbps_min = 1 }
)");
  EXPECT_EQ(e.where().line, 4);
  EXPECT_EQ(e.where().column, 8);
  EXPECT_EQ(e.key(), R"(check "c": defaults.size)");
  EXPECT_THAT(e.problem(), HasSubstr("multiple of block_size"));
}

TEST(ThresholdRules, RefusedFiles) {
  const Rule rules[] = {
      {"unknown top-level key", "[suite]\nname = \"s\"\n[checks]\n", 3, 2, "checks",
       "valid keys here are suite, defaults, check"},
      {"no suite at all", "[[check]]\nname = \"c\"\n", 1, 1, "suite.name", "add a [suite] table"},
      {"unknown suite key", "[suite]\nname = \"s\"\nlabel = \"x\"\n", 3, 1, "suite.label",
       "valid keys here are name, profile, description"},
      {"profile not an identifier", "[suite]\nname = \"s\"\nprofile = \"quick run\"\n", 3, 11,
       "suite.profile", "identifier"},
      {"no checks", "[suite]\nname = \"s\"\n", 1, 1, "check", "at least one [[check]]"},
      {"[check] instead of [[check]]", "[suite]\nname = \"s\"\n[check]\nname = \"c\"\n", 3, 1,
       "check", "expected [[check]] tables (an array of tables), got a table"},
      {"unknown key in defaults", "[suite]\nname = \"s\"\n[defaults]\nblock = \"8k\"\n", 4, 1,
       "defaults.block", "unknown key"},
      {"check without a name", "[suite]\nname = \"s\"\n[[check]]\ndescription = \"x\"\n", 3, 1,
       "check[1]: name", "missing required key"},
      {"duplicate TOML key", "[suite]\nname = \"s\"\nname = \"t\"\n", 3, 8, "",
       "TOML syntax error"},
  };
  for (const Rule& r : rules) {
    SCOPED_TRACE(r.what);
    const ThresholdError e = file_error(r.body);
    EXPECT_EQ(e.where().line, r.line);
    EXPECT_EQ(e.where().column, r.column);
    EXPECT_EQ(e.key(), r.key);
    EXPECT_THAT(e.problem(), HasSubstr(r.phrase));
  }
}

}  // namespace
}  // namespace iogate
