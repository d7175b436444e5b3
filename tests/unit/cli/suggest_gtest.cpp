#include "suggest.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace iogate::cli {
namespace {

const std::vector<std::string> kSubcommands{"run",      "check",   "lint",       "report",
                                            "baseline", "compare", "fingerprint"};

TEST(EditDistance, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
  EXPECT_EQ(edit_distance("check", "check"), 0u);
  EXPECT_EQ(edit_distance("chek", "check"), 1u);    // one deleted
  EXPECT_EQ(edit_distance("checkk", "check"), 1u);  // one added
  EXPECT_EQ(edit_distance("chack", "check"), 1u);   // one substituted
  EXPECT_EQ(edit_distance("cehck", "check"), 1u);   // two neighbours swapped
  EXPECT_EQ(edit_distance("", "run"), 3u);
  EXPECT_EQ(edit_distance("abc", "xyz"), 3u);
}

TEST(Closest, SuggestsTheNearestSubcommand) {
  EXPECT_EQ(closest("chek", kSubcommands), "check");
  EXPECT_EQ(closest("lnit", kSubcommands), "lint");
  EXPECT_EQ(closest("rn", kSubcommands), "run");
  EXPECT_EQ(closest("basline", kSubcommands), "baseline");
  EXPECT_EQ(closest("fingerprnt", kSubcommands), "fingerprint");
}

TEST(Closest, TakesAPrefixOfThreeOrMoreCharacters) {
  EXPECT_EQ(closest("fing", kSubcommands), "fingerprint");
  EXPECT_EQ(closest("--data", {"--bs", "--datastore", "--json"}), "--datastore");
}

TEST(Closest, ComparesOptionsWithoutTheirDashes) {
  const std::vector<std::string> options{"--help", "-h", "--datastore", "--json", "--name"};
  EXPECT_EQ(closest("--datastor", options), "--datastore");
  EXPECT_EQ(closest("-datastore", options), "--datastore");
  EXPECT_EQ(closest("--jsno", options), "--json");
}

TEST(Closest, SuggestsNothingFarFetched) {
  EXPECT_EQ(closest("xyz", kSubcommands), std::nullopt);
  EXPECT_EQ(closest("benchmark", kSubcommands), std::nullopt);
  EXPECT_EQ(closest("x", {}), std::nullopt);
}

// The app as main() builds it, reduced to what the messages depend on.
struct ParsedApp {
  CLI::App app{"iogate"};
  std::string datastore;
  std::string file;
  ParsedApp() {
    app.require_subcommand(1);
    app.set_version_flag("--version", "0");
    CLI::App* run = app.add_subcommand("run", "Run");
    run->add_option("--datastore", datastore, "Datastore");
    CLI::App* check = app.add_subcommand("check", "Check");
    check->add_option("file", file, "File")->required();
    check->add_option("--datastore", datastore, "Datastore");
  }
  std::optional<std::string> message_for(std::vector<std::string> args) {
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    try {
      app.parse(args);
    } catch (const CLI::ParseError&) {
      return unknown_argument_message(app);
    }
    ADD_FAILURE() << "parsed";
    return std::nullopt;
  }
};

TEST(UnknownArgumentMessage, NamesAnUnknownSubcommandAndTheClosest) {
  EXPECT_EQ(ParsedApp().message_for({"chek", "x.toml"}),
            "iogate: unknown subcommand \"chek\"; did you mean \"check\"?");
  EXPECT_EQ(ParsedApp().message_for({"xyz"}),
            "iogate: unknown subcommand \"xyz\"; the subcommands are run, check");
}

TEST(UnknownArgumentMessage, NamesAnUnknownOptionOfTheSubcommand) {
  EXPECT_EQ(ParsedApp().message_for({"run", "--datastor", "/d"}),
            "iogate run: unknown option \"--datastor\"; did you mean \"--datastore\"?");
  EXPECT_EQ(ParsedApp().message_for({"check", "x.toml", "--datastor=/d"}),
            "iogate check: unknown option \"--datastor\"; did you mean \"--datastore\"?");
  EXPECT_EQ(ParsedApp().message_for({"run", "--zzzzzz"}),
            "iogate run: unknown option \"--zzzzzz\" (`iogate run --help` lists the options)");
  EXPECT_EQ(ParsedApp().message_for({"--verison"}),
            "iogate: unknown option \"--verison\"; did you mean \"--version\"?");
}

TEST(UnknownArgumentMessage, LeavesOtherParseErrorsToCli11) {
  EXPECT_EQ(ParsedApp().message_for({}), std::nullopt);                // no subcommand
  EXPECT_EQ(ParsedApp().message_for({"check"}), std::nullopt);         // file missing
  EXPECT_EQ(ParsedApp().message_for({"run", "stray"}), std::nullopt);  // a stray positional
}

}  // namespace
}  // namespace iogate::cli
