#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/runner/check_runner.hpp"
#include "iogate/runner/run_settings.hpp"
#include "iogate_test/scoped_env.hpp"
#include "runner/outcome_records.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

std::string refusal(const std::optional<std::string>& flag) {
  try {
    resolve_host_label(flag);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(HostLabel, FlagThenEnvironmentThenNone) {
  test::unset_env("IOGATE_HOST_LABEL");
  EXPECT_EQ(resolve_host_label(std::nullopt), "");
  test::set_env("IOGATE_HOST_LABEL", "vm07");
  EXPECT_EQ(resolve_host_label(std::nullopt), "vm07");
  EXPECT_EQ(resolve_host_label("vm08"), "vm08");
  test::set_env("IOGATE_HOST_LABEL", "");  // set but empty, as CI templates leave it: not given
  EXPECT_EQ(resolve_host_label(std::nullopt), "");
  test::unset_env("IOGATE_HOST_LABEL");
}

TEST(HostLabel, MalformedLabelsNameTheirSourceAndWhatIsExpected) {
  test::unset_env("IOGATE_HOST_LABEL");
  EXPECT_THAT(refusal(""), HasSubstr("--host-label: expected a host label"));
  EXPECT_THAT(refusal("rack1/vm07"), HasSubstr("a '/'"));
  EXPECT_THAT(refusal("vm 07"), HasSubstr("character 0x20"));
  EXPECT_THAT(refusal("vm\x07"), HasSubstr("character 0x07"));
  EXPECT_THAT(refusal(std::string(kMaxHostLabelLength + 1, 'a')), HasSubstr("65 characters"));
  EXPECT_EQ(refusal(std::string(kMaxHostLabelLength, 'a')), "");
  EXPECT_EQ(refusal("esx-03.vm07_b"), "");
  test::set_env("IOGATE_HOST_LABEL", "a/b");
  EXPECT_THAT(refusal(std::nullopt), HasSubstr("IOGATE_HOST_LABEL: expected"));
  test::unset_env("IOGATE_HOST_LABEL");
}

TEST(HostLabel, TheRunContextCarriesItAndNamesTheHostByIt) {
  RunContext labelled = describe_run("quick", "/tmp", "vm07");
  EXPECT_EQ(labelled.host_label, "vm07");
  EXPECT_EQ(labelled.identity(), "vm07");
  EXPECT_THAT(labelled.host_shown(), HasSubstr("vm07 (hostname "));
  const RunContext plain = describe_run("quick", "/tmp", "");
  EXPECT_EQ(plain.identity(), plain.host);
  EXPECT_EQ(plain.host_shown(), plain.host);
}

// A suite under ctest gets its label from the environment through its runner: a bad one stops the
// suite before any check runs (suite_main exits 2 on what the runner's constructor throws).
TEST(HostLabel, TheRunnerTakesTheEnvironmentsLabelAndRefusesABadOne) {
  RunnerSettings settings;
  settings.datastore.dir = "/tmp";
  test::set_env("IOGATE_HOST_LABEL", "a/b");
  EXPECT_THROW(CheckRunner{settings}, std::invalid_argument);
  settings.host_label = "vm07";  // the flag wins over the environment
  EXPECT_NO_THROW(CheckRunner{settings});
  test::unset_env("IOGATE_HOST_LABEL");
}

}  // namespace
}  // namespace iogate
