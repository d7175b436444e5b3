// Other tools' names as the identifiers a threshold file holds.
#include "import/check_name.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/identifier.hpp"
#include "iogate/common/name_limits.hpp"

namespace iogate::import_core {
namespace {

TEST(ImportCheckName, EveryOtherCharacterBecomesAnUnderscore) {
  EXPECT_EQ(identifier_of("seq-read"), "seq_read");
  EXPECT_EQ(identifier_of("Max Throughput-100%Read"), "Max_Throughput_100_Read");
  EXPECT_EQ(identifier_of("a_b9"), "a_b9");
  EXPECT_EQ(identifier_of("\xc3\xa9t\xc3\xa9"), "__t__");  // each byte of a UTF-8 letter
}

TEST(ImportCheckName, NothingLeftIsJobAndALongNameIsCut) {
  EXPECT_EQ(identifier_of(""), "job");
  const std::string cut = identifier_of(std::string(kMaxCheckNameLength + 10, 'x'));
  EXPECT_EQ(cut.size(), kMaxCheckNameLength);
  for (const std::string& name : std::vector<std::string>{"", "a b", "-", std::string(300, '.')})
    EXPECT_TRUE(is_identifier(identifier_of(name))) << name;
}

}  // namespace
}  // namespace iogate::import_core
