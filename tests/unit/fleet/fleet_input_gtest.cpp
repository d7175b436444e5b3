// Reading a host's results for `iogate fleet` (fleet_input.cpp): a result directory, one check's
// document, and what is no host's results refused with the path and what was expected.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "fleet/fleet.hpp"
#include "iogate_test/fleet_sample.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/result_json.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class FleetInputFiles : public ::testing::Test {
 protected:
  test::TempDir tmp_;
  const fs::path dir_ = tmp_.path();
};

TEST_F(FleetInputFiles, ReadsADirectoryAFileAndRefusesWhatIsNoResults) {
  std::vector<FleetInput> in = test::fleet({390, 402});
  write_json_file(dir_ / "vm01" / "Random_8k_70_Read.json",
                  check_to_json(in[0].run.checks[0], in[0].run.context));
  const FleetInput from_dir = load_fleet_input(dir_ / "vm01");
  EXPECT_EQ(from_dir.run.context.identity(), "vm01");
  EXPECT_EQ(from_dir.run.checks.size(), 1u);
  EXPECT_NEAR(from_dir.run.checks[0].result.iops(), 390, 1e-9);
  write_json_file(dir_ / "vm02.json", check_to_json(in[1].run.checks[0], in[1].run.context));
  EXPECT_EQ(load_fleet_input(dir_ / "vm02.json").run.context.host_label, "vm02");
  fs::create_directories(dir_ / "empty");
  const auto error_of = [](const fs::path& p) {
    try {
      load_fleet_input(p);
    } catch (const FleetInputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_THAT(error_of(dir_ / "empty"), HasSubstr("expected one host's result directory"));
  std::ofstream(dir_ / "junk.json") << "{\"nope\": 1}";
  EXPECT_THAT(error_of(dir_ / "junk.json"), HasSubstr("junk.json"));
  EXPECT_THAT(error_of(dir_ / "missing.json"), HasSubstr("missing.json"));
}

// Once exit 0: a host with no check was compared on nothing.
TEST(FleetInput, AResultsDocumentWithoutChecksIsRefused) {
  const fs::path file = fs::temp_directory_path() / "iogate-fleet-empty-results.json";
  const std::vector<FleetInput> in = test::fleet({390, 402});
  std::ofstream(file) << nlohmann::json{{"version", 1},
                                        {"context", {{"host", "h3"}}},
                                        {"checks", nlohmann::json::array()}}
                             .dump();
  try {
    load_fleet_input(file);
    ADD_FAILURE() << "a results document without checks was read as a host";
  } catch (const FleetInputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("checks: expected one host's results, got none"));
  }
  fs::remove(file);
}

}  // namespace
}  // namespace iogate
