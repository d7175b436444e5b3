// The fleet's formats (reports/fleet/): what each holds, and the files written all or none.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "iogate_test/fleet_sample.hpp"
#include "iogate_test/temp_dir.hpp"
#include "reports/fleet/fleet_files.hpp"
#include "reports/fleet/fleet_formats.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

FleetRecord sample() { return test::buslogic_fleet(); }

std::string render(std::unique_ptr<FleetWriter> (*make)(std::ostream&)) {
  std::ostringstream out;
  make(out)->write(sample());
  return out.str();
}

class FleetFiles : public ::testing::Test {
 protected:
  test::TempDir tmp_;
  const fs::path dir_ = tmp_.path();
};

TEST(FleetWriters, OneSentenceStatesTheOutlierRuleWithTheCriteriaGiven) {
  FleetRecord record;
  record.settings.criteria = {.min_ratio = 0.8, .max_z = 3};
  record.settings.latency_floor_ms = 2;
  record.family_size = 50;
  record.sessions_to_persist = 3;
  EXPECT_EQ(outlier_criteria(record),
            "its runs' interval wholly below 80% of its peer median (latency: above 125% and by "
            "2 ms or more, and above the check's own bound), at a 1% false-alarm rate for the "
            "whole fleet (Bonferroni); with a cause in its fingerprint, seen in 3 sessions (the "
            "fewest in which a neighbour's burst, one session in 20, would leave a healthy host "
            "of 50 host figures so in under 1% of fleets), or below 40% (judged without runs: "
            "with 4 peers or more, a robust z above 3 too). Undecided (rerun the host): an "
            "interval across the threshold, or a shortfall with no cause seen in fewer sessions");
}

TEST(FleetWriters, JunitHasATestcasePerHostOutliersFailNotComparedSkip) {
  const std::string xml = render(make_fleet_junit_writer);
  EXPECT_THAT(xml, HasSubstr("tests=\"8\" failures=\"1\""));
  EXPECT_THAT(xml, HasSubstr("<testcase classname=\"fleet.vmware.Random_8k_70_Read\" "
                             "name=\"vm07\""));
  EXPECT_THAT(xml, HasSubstr("<failure type=\"fleet-outlier\" message=\"vm07 Random_8k_70_Read: "
                             "75 IOPS, 19% of the peer median"));
  EXPECT_THAT(xml, HasSubstr("in host_driver: BusLogic (peers: mptspi)"));
  EXPECT_THAT(xml, HasSubstr("<skipped message=\"skipped: Random_8k_70_Read: skipped: no "
                             "baseline\"/>"));
  const auto testcases = [&] {
    int n = 0;
    for (std::size_t at = xml.find("<testcase "); at != std::string::npos;
         at = xml.find("<testcase ", at + 1))
      ++n;
    return n;
  }();
  EXPECT_EQ(testcases, 8);
}

TEST(FleetWriters, MarkdownMarksTheOutlierInItsChecksTable) {
  const std::string md = render(make_fleet_markdown_writer);
  EXPECT_THAT(md, HasSubstr("## iogate fleet: 8 hosts, 1 outliers"));
  EXPECT_THAT(md, HasSubstr("### vmware Random_8k_70_Read"));
  EXPECT_THAT(md, HasSubstr("| vm07 | **75 (19%)** |"));
  EXPECT_THAT(md, HasSubstr("| **OUTLIER**: vm07 Random_8k_70_Read: 75 IOPS"));
  EXPECT_THAT(md, HasSubstr("| vm02 | | | not compared: skipped:"));
  EXPECT_THAT(md, HasSubstr("| vm01 | 390 (101%) |"));
}

TEST(FleetWriters, JsonCarriesGroupsPeersFiguresRatiosAndVerdicts) {
  const nlohmann::json j = fleet_to_json(sample());
  EXPECT_EQ(j["format"], "iogate-fleet");
  EXPECT_EQ(j["outliers"], 1);
  EXPECT_EQ(j["settings"]["min_ratio"], kDefaultMinRatio);
  const nlohmann::json& g = j["groups"][0];
  EXPECT_EQ(g["check"], "Random_8k_70_Read");
  EXPECT_EQ(g["workload"]["queue_depth"], 64);
  EXPECT_FALSE(g["workload"].contains("seed"));
  const nlohmann::json& vm07 = g["hosts"][6];
  EXPECT_EQ(vm07["host"], "vm07");
  EXPECT_EQ(vm07["verdict"], "outlier");
  EXPECT_EQ(vm07["figures"]["iops"]["peers"], 6);  // vm02 skipped: 6 peers left
  EXPECT_TRUE(vm07["figures"]["iops"]["robust_z"].is_number());
  EXPECT_EQ(vm07["differences"][0]["key"], "host_driver");
  EXPECT_EQ(g["hosts"][1]["verdict"], "not_compared");
  EXPECT_EQ(g["hosts"][0]["verdict"], "ok");
}

TEST(FleetWriters, ConsoleNamesTheOutlierAndTheCount) {
  const std::string text = render(make_fleet_console_writer);
  EXPECT_THAT(text, HasSubstr("  OUTLIER vm07 Random_8k_70_Read: 75 IOPS"));
  EXPECT_THAT(text, HasSubstr("not compared: vm02: skipped:"));
  EXPECT_THAT(text, HasSubstr("\n1 outliers"));
}

TEST_F(FleetFiles, WritesTheFiveFiles) {
  write_fleet_reports(dir_ / "out", sample());
  for (const char* name : {"fleet.md", "fleet-junit.xml", "fleet.json", "fleet.html"})
    EXPECT_GT(fs::file_size(dir_ / "out" / name), 100u) << name;
  EXPECT_EQ(fs::file_size(dir_ / "out" / "rerun.txt"), 0u);  // no host undecided
  std::vector<FleetInput> undecided = test::fleet({390, 402, 385, 377, 398, 410, 200, 391});
  write_fleet_reports(dir_ / "again", compare_fleet(undecided, {}));
  std::ifstream rerun(dir_ / "again" / "rerun.txt");
  // The undecided host and the three peers to rerun beside it.
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(rerun), {}), "vm01\nvm03\nvm07\nvm08\n");
  std::ifstream in(dir_ / "out" / "fleet.json");
  EXPECT_EQ(nlohmann::json::parse(in)["outliers"], 1);
  std::ifstream html(dir_ / "out" / "fleet.html");
  const std::string page{std::istreambuf_iterator<char>(html), {}};
  EXPECT_THAT(page, HasSubstr("<tr class=\"outlier\" data-host=\"vm07\">"));
  EXPECT_FALSE(fs::exists(dir_ / "out" / "fleet.html.tmp"));
}

TEST_F(FleetFiles, ADirectoryThatCannotBeWrittenThrowsAndLeavesNothing) {
  fs::create_directories(dir_ / "ro");
  fs::permissions(dir_ / "ro", fs::perms::owner_read | fs::perms::owner_exec);
  std::ofstream(dir_ / "file") << "x";
  EXPECT_THROW(write_fleet_reports(dir_ / "file", sample()), std::system_error);
  // Probed, not assumed: root writes there anyway, and Windows ignores a directory's read-only
  // attribute.
  const bool ro_refuses_writes = !std::ofstream(dir_ / "ro" / "probe");
  fs::remove(dir_ / "ro" / "probe");
  if (ro_refuses_writes) {
    EXPECT_THROW(write_fleet_reports(dir_ / "ro", sample()), std::system_error);
    EXPECT_TRUE(fs::is_empty(dir_ / "ro"));
  }
  // A directory where one file should go: refused before the first file is written.
  fs::create_directories(dir_ / "clash" / "fleet-junit.xml");
  EXPECT_THROW(write_fleet_reports(dir_ / "clash", sample()), std::system_error);
  EXPECT_FALSE(fs::exists(dir_ / "clash" / "fleet.md"));
}
}  // namespace
}  // namespace iogate
