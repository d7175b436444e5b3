// The one threshold writer every import goes through: what it comments, how it names checks, and
// how a check's own bounds meet the given ones. Every text it writes lints.
#include "import/threshold_text.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::import_core {
namespace {

using testing::HasSubstr;
using testing::Not;

const ImportedFile kFile{"Made by hand\nfor a test", "a test file", "the tool's default"};
const ImportRequest kRequest{"imported", {{"iops_min", "300"}, {"latency_p99_max", "20ms"}}};

ImportedCheck check_named(const std::string& name) {
  ImportedCheck c;
  c.origin = "test " + name;
  c.check_name = name;
  c.description = "the check " + name;
  c.where = SourceLocation{"in.txt", 3, 1};
  c.workload.file_size = 1 << 20;
  c.workload.duration = std::chrono::seconds(10);
  c.sources["block_size"] = {"in.txt:4: bs 4k"};
  return c;
}

ThresholdFile linted(const std::string& text) { return parse_threshold_text(text, "out.toml"); }

TEST(ImportThresholdText, TheHeaderAndTheSuite) {
  const std::string text = threshold_text(kFile, {check_named("a")}, kRequest);
  EXPECT_THAT(text, testing::StartsWith("# Made by hand\n# for a test\n\n[suite]\n"
                                        "name = \"imported\"\ndescription = \"a test file\"\n"));
  const ThresholdFile f = linted(text);
  EXPECT_EQ(f.suite, "imported");
  ASSERT_EQ(f.checks.size(), 1u);
  EXPECT_EQ(f.checks[0].workload.file_size, 1u << 20);
}

TEST(ImportThresholdText, ChecksOfOneNameAreToldApart) {
  const ThresholdFile f = linted(threshold_text(
      kFile, {check_named("a"), check_named("a"), check_named("a_2"), check_named("a")}, kRequest));
  ASSERT_EQ(f.checks.size(), 4u);
  EXPECT_EQ(f.checks[0].name, "a");
  EXPECT_EQ(f.checks[1].name, "a_2");
  EXPECT_EQ(f.checks[2].name, "a_2_2");
  EXPECT_EQ(f.checks[3].name, "a_3");
}

TEST(ImportThresholdText, EveryKeyFollowsWhereItCameFromOrTheToolsDefault) {
  ImportedCheck c = check_named("a");
  c.sources["queue_depth"] = {"in.txt:5: a depth\nwith a newline", "in.txt:6: and more"};
  const std::string text = threshold_text(kFile, {c}, kRequest);
  EXPECT_THAT(text, HasSubstr("# in.txt:4: bs 4k\nblock_size = \"4KiB\"\n"));
  EXPECT_THAT(text, HasSubstr("# in.txt:5: a depth with a newline\n# in.txt:6: and more\n"
                              "queue_depth = 1\n"));
  EXPECT_THAT(text, HasSubstr("# the tool's default\nworkers = 1\n"));
  EXPECT_THAT(threshold_text(ImportedFile{"h", "d"}, {c}, kRequest),
              HasSubstr("# iogate's default: the file has no such setting\nworkers = 1\n"));
  EXPECT_THAT(text, HasSubstr("\n# test a at in.txt:3\n[[check]]\n"));
  EXPECT_NO_THROW(linted(text));
}

TEST(ImportThresholdText, NotesGoAboveTheCheckAndADescriptionOnlyWhereThereIsOne) {
  ImportedCheck c = check_named("a");
  c.description.clear();
  c.notes = {"in.txt:7: thread: taken as it is"};
  const std::string text = threshold_text(kFile, {c}, kRequest);
  EXPECT_THAT(text, HasSubstr("# note: in.txt:7: thread: taken as it is\n[[check]]\nname = \"a\"\n"
                              "\n[check.workload]\n"));
  EXPECT_THAT(text, Not(HasSubstr("description = \"\"")));
  EXPECT_EQ(linted(text).checks[0].description, "");
}

TEST(ImportThresholdText, GivenExpectationsAreNumbersOrStrings) {
  const std::string text = threshold_text(
      kFile, {check_named("a")}, {"s", {{"iops_min", "90% of baseline"}, {"mbps_min", "2.5"}}});
  EXPECT_THAT(text,
              HasSubstr("\n[check.expect]\niops_min = \"90% of baseline\"\nmbps_min = 2.5\n"));
  EXPECT_NO_THROW(linted(text));
}

TEST(ImportThresholdText, AChecksOwnBoundJoinsTheGivenOnesTheStricterWinning) {
  ImportedCheck c = check_named("a");
  c.own_bounds.push_back({"mbps_min", 20, {"in.txt:8: floor 20"}, "the tool's floor"});

  const std::string added = threshold_text(kFile, {c}, kRequest);
  EXPECT_THAT(added,
              HasSubstr("latency_p99_max = \"20ms\"\n# in.txt:8: floor 20\nmbps_min = 20\n"));
  EXPECT_EQ(linted(added).checks[0].expectations.size(), 3u);

  const std::string looser = threshold_text(kFile, {c}, {"s", {{"mbps_min", "5"}}});
  EXPECT_THAT(looser, HasSubstr("# note: mbps_min: the tool's floor, 20, is kept, stricter than "
                                "the given 5\n"));
  EXPECT_THAT(looser, HasSubstr("\n[check.expect]\n# in.txt:8: floor 20\nmbps_min = 20\n"));

  const std::string stricter = threshold_text(kFile, {c}, {"s", {{"mbps_min", "50"}}});
  EXPECT_THAT(stricter, HasSubstr("# note: mbps_min: the given 50 is kept, stricter than the "
                                  "tool's floor, 20\n"));
  EXPECT_THAT(stricter, HasSubstr("\n[check.expect]\nmbps_min = 50\n"));

  const std::string relative = threshold_text(kFile, {c}, {"s", {{"mbps_min", "90% of baseline"}}});
  EXPECT_THAT(relative, HasSubstr("# note: mbps_min: the given \"90% of baseline\" is kept; the "
                                  "tool's floor, 20, cannot be weighed against it and is left "
                                  "out\n"));
  EXPECT_THAT(relative, HasSubstr("\n[check.expect]\nmbps_min = \"90% of baseline\"\n"));
  for (const std::string& text : {looser, stricter, relative}) EXPECT_NO_THROW(linted(text));
}

}  // namespace
}  // namespace iogate::import_core
