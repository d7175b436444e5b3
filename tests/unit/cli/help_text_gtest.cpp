#include "help_text.hpp"

#include <gtest/gtest.h>

#include <regex>

#include "workload_flags.hpp"

namespace iogate::cli {
namespace {

TEST(ValueName, TheUsersWordsForTheParsersTypes) {
  EXPECT_EQ(value_name("repeat", "INT:INT in [1 - 100]"), "N (1..100)");
  EXPECT_EQ(value_name("qd", "UINT:INT in [1 - 4096]"), "N (1..4096)");
  EXPECT_EQ(value_name("precision", "FLOAT:FLOAT in [0.1 - 100]"), "NUMBER (0.1..100)");
  EXPECT_EQ(value_name("budget", "FLOAT:POSITIVE"), "NUMBER (> 0)");
  EXPECT_EQ(value_name("rate-iops", "FLOAT:NONNEGATIVE"), "NUMBER (>= 0)");
  EXPECT_EQ(value_name("flush", "TEXT:{end,none}"), "end|none");
  EXPECT_EQ(value_name("datastore", "TEXT"), "DIR");
  EXPECT_EQ(value_name("junit", "TEXT"), "FILE");
  EXPECT_EQ(value_name("bs", "TEXT"), "SIZE");
  EXPECT_EQ(value_name("engine", "TEXT"), "ENGINE") << "the option's own name when no word fits";
  EXPECT_EQ(value_name("peer-key", "TEXT"), "FIELD");
}

// The whole help of a command with ranged, chosen and free values: no parser type is left.
TEST(HelpText, NoParserTypeReachesTheHelp) {
  CLI::App app{"iogate"};
  CLI::App* run = app.add_subcommand("run", "Run one ad-hoc workload");
  WorkloadFlags flags;
  flags.add_to(*run);
  run->add_option("--repeat", flags.qd, "runs")->check(CLI::Range(1, 100));
  add_help_text(app);
  const std::string help = run->help();
  const std::regex parser_type(R"(\b(INT|UINT|FLOAT|TEXT|POSITIVE|NONNEGATIVE)\b| in \[)");
  EXPECT_FALSE(std::regex_search(help, parser_type)) << help;
  EXPECT_NE(help.find("--repeat N (1..100)"), std::string::npos) << help;
  EXPECT_NE(help.find("Exit status:\n  0  the workload ran"), std::string::npos) << help;
  EXPECT_NE(help.find("Environment:\n  IOGATE_DATASTORE"), std::string::npos) << help;
  EXPECT_NE(help.find("Examples:\n  $ iogate run"), std::string::npos) << help;
  EXPECT_NE(app.help().find("  3  iogate fleet:"), std::string::npos) << app.help();
}

}  // namespace
}  // namespace iogate::cli
