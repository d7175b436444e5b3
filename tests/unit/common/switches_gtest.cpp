// Every boolean environment variable read one way (switches.hpp): the eight spellings in any case,
// unset or empty as off, and anything else refused with the variable's name, not read as off.
#include "common/switches.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(ParseSwitch, EightSpellingsInAnyCase) {
  for (const char* on : {"1", "true", "TRUE", "True", "yes", "YES", "on", "On"})
    EXPECT_EQ(parse_switch(on), true) << on;
  for (const char* off : {"0", "false", "FALSE", "no", "No", "off", "OFF"})
    EXPECT_EQ(parse_switch(off), false) << off;
  for (const char* neither : {"", "2", "y", "n", "enable", "yes ", " 1", "ja", "truee"})
    EXPECT_EQ(parse_switch(neither), std::nullopt) << neither;
}

class EnvSwitch : public ::testing::Test {
 protected:
  static constexpr const char* kName = "IOGATE_TEST_SWITCH";
  void TearDown() override { ::unsetenv(kName); }
};

TEST_F(EnvSwitch, UnsetOrEmptyIsOff) {
  ::unsetenv(kName);
  EXPECT_FALSE(env_switch(kName));
  ::setenv(kName, "", 1);
  EXPECT_FALSE(env_switch(kName));
}

TEST_F(EnvSwitch, YesIsOn) {
  ::setenv(kName, "yes", 1);
  EXPECT_TRUE(env_switch(kName));
  ::setenv(kName, "Off", 1);
  EXPECT_FALSE(env_switch(kName));
}

// The careless operator's spelling is an error naming the variable; the value itself, which may
// hold anything, is not echoed.
TEST_F(EnvSwitch, AnythingElseIsRefusedByName) {
  ::setenv(kName, "sure\x1b[2J", 1);
  try {
    env_switch(kName);
    ADD_FAILURE() << "no SwitchError";
  } catch (const SwitchError& e) {
    EXPECT_THAT(e.what(), HasSubstr("IOGATE_TEST_SWITCH: expected 1, true, yes or on"));
    EXPECT_THAT(e.what(), Not(HasSubstr("sure")));
  }
}

}  // namespace
}  // namespace iogate
