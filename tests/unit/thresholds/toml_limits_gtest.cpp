// The limits a threshold file's TOML is held to before toml++ reads it (toml_limits.hpp): what
// they refuse, where they say it is, and that no TOML they let through is read differently.
#include "toml_limits.hpp"

#include <toml++/toml.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "threshold_text.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::error_of;
using testing::HasSubstr;
using thresholds_detail::check_toml_limits;

std::string dotted(int parts) {
  std::string key = "a";
  for (int i = 1; i < parts; ++i) key += ".a";
  return key;
}

TEST(TomlLimits, AKeyOfFiftyThousandPartsIsRefusedAtItsLine) {
  // ~100 KB: toml++ builds a table per part and crashed `iogate lint` freeing them.
  EXPECT_EQ(error_of("[suite]\nname = \"s\"\n" + dotted(50'000) + " = 1\n"),
            "t.toml:3:1: a key has more than 32 dotted parts (iogate's keys have at most 3, as "
            "check.workload.block_size)");
  EXPECT_THAT(error_of("# header\n[" + dotted(50'000) + "]\n"),
              HasSubstr("t.toml:2:2: a key has more than 32 dotted parts"));
  EXPECT_THAT(error_of("\n\n[[" + dotted(50'000) + "]]\n"),
              HasSubstr("t.toml:3:3: a key has more than 32 dotted parts"));
  EXPECT_THAT(error_of("x = { y = 1, " + dotted(50'000) + " = 2 }\n"),
              HasSubstr("t.toml:1:14: a key has more than 32 dotted parts"));
  EXPECT_THAT(error_of("a . \"b\" . 'c' ." + dotted(31) + " = 1\n"),
              HasSubstr("t.toml:1:1: a key has more than 32 dotted parts"));
}

TEST(TomlLimits, KeysUpToTheLimitAreLeftToTheParser) {
  // 32 parts pass the scan; the threshold reader then names the unknown key.
  const std::string error = error_of(dotted(32) + " = 1\n");
  EXPECT_THAT(error, HasSubstr("t.toml:1:"));
  EXPECT_THAT(error, testing::Not(HasSubstr("dotted parts")));
}

TEST(TomlLimits, ALongKeyIsRefused) {
  EXPECT_EQ(error_of("[suite]\n" + std::string(257, 'k') + " = 1\n"),
            "t.toml:2:1: a key is longer than 256 characters (iogate's keys are words like "
            "block_size)");
  EXPECT_THAT(error_of("\"" + std::string(300, 'k') + "\" = 1\n"),
              HasSubstr("t.toml:1:1: a key is longer than 256 characters"));
}

TEST(TomlLimits, DeepArraysAndInlineTablesAreRefused) {
  EXPECT_EQ(error_of("[suite]\nname = \"s\"\nx = " + std::string(10'000, '[') + "\n"),
            "t.toml:3:37: arrays and inline tables nest deeper than 32 levels (iogate's values "
            "nest at most 2)");
  std::string tables = "x = ";
  for (int i = 0; i < 1000; ++i) tables += "{ a = ";
  EXPECT_THAT(error_of(tables), HasSubstr("t.toml:1:" + std::to_string(5 + 32 * 6) +
                                          ": arrays and inline tables nest deeper than 32"));
  EXPECT_THAT(error_of("x = [\n [ # a comment [[[[\n  { a = [ ] }, " + std::string(40, '[')),
              HasSubstr("t.toml:3:"));
}

// What looks like structure inside strings and comments is not structure.
TEST(TomlLimits, StringsAndCommentsAreNotStructure) {
  const std::string dots(200, '.');
  const std::string brackets(200, '[');
  for (const std::string& text : std::vector<std::string>{
           "a = \"" + dots + brackets + "#\"\n",
           "a = '" + dots + brackets + "\\'\n",
           "a = \"\"\"\n" + dots + "\n" + brackets + "\\\"\"\"\\\n\"\"\"\n",
           "a = '''\n" + brackets + "\n''''' # two quotes inside the closing three\n",
           "a = \"\"\"\"\"\" # an empty multi-line string\n"
           "b = \"\"\"\"x\"\"\"\"\n",
           "# " + dots + brackets + "\n[t] # " + brackets + "\n",
           "\"" + dots + "\" = 1\n'" + brackets + "' = 2\n",
           "a = [ # " + brackets + "\n  1.5, 2.5, \"" + brackets + "\", # comment\n]\n",
           "a = 1979-05-27 07:32:00.999999Z # " + dots + "\n",
           "a = { b = 1, \"c.d\" = [ { e = '[' } ] }\r\nb.c.d = 1\r\n",
           "\xEF\xBB\xBF[x]\n",
           "",
           "   \n\t\n",
       }) {
    EXPECT_TRUE(check_toml_limits(text, "t.toml")) << text;
    EXPECT_NO_THROW((void)toml::parse(text)) << text;
  }
}

// The scan stops at what is not TOML, having checked everything before it; toml++ reports it.
TEST(TomlLimits, NotTomlIsLeftToTheParser) {
  EXPECT_FALSE(check_toml_limits("a = \"open\n" + dotted(50'000) + " = 1\n", "t.toml"));
  EXPECT_THAT(error_of("a = \"open\n" + dotted(50'000) + " = 1\n"), HasSubstr("TOML syntax error"));
  EXPECT_FALSE(check_toml_limits("a = ]\n", "t.toml"));
  EXPECT_FALSE(check_toml_limits("[a\n", "t.toml"));
  EXPECT_FALSE(check_toml_limits("a = 1 b = 2\n", "t.toml"));
}

// Every threshold file in the tree, good and bad, shipped and fuzzed: where toml++ reads a file,
// the scan read all of it and refused nothing.
TEST(TomlLimits, EveryTomlFileInTheTreeIsReadToItsEnd) {
  int read = 0;
  for (const char* dir : {"thresholds", "tests", "fleet", "docs", "fuzz/corpus", "suites"}) {
    const fs::path root = fs::path(IOGATE_SOURCE_DIR) / dir;
    if (!fs::exists(root)) continue;
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
         ++it) {
      const fs::directory_entry& entry = *it;
      // Captured sysfs trees hold no TOML, and their links loop where a platform follows them.
      if (entry.path().filename() == "sysfs") {
        it.disable_recursion_pending();
        continue;
      }
      const bool toml_file = entry.path().extension() == ".toml" ||
                             entry.path().parent_path().filename() == "threshold_file";
      if (!entry.is_regular_file() || !toml_file) continue;
      std::ostringstream text;
      text << std::ifstream(entry.path(), std::ios::binary).rdbuf();
      bool toml_reads = true;
      try {
        (void)toml::parse(text.str());
      } catch (const toml::parse_error&) {
        toml_reads = false;
      }
      if (!toml_reads) continue;
      ++read;
      EXPECT_TRUE(check_toml_limits(text.str(), entry.path())) << entry.path();
    }
  }
  EXPECT_GT(read, 20);
}

}  // namespace
}  // namespace iogate
