#include <gtest/gtest.h>
#include <stdlib.h>

#include "iogate/runner/check_session.hpp"

namespace iogate {
namespace {

TEST(ResolveDatastore, FlagThenEnvironmentThenDefault) {
  ::unsetenv("IOGATE_DATASTORE");
  EXPECT_EQ(resolve_datastore(std::nullopt, "/build/datastore"), "/build/datastore");
  ::setenv("IOGATE_DATASTORE", "/env/ds", 1);
  EXPECT_EQ(resolve_datastore(std::nullopt, "/build/datastore"), "/env/ds");
  EXPECT_EQ(resolve_datastore(std::string("/flag/ds"), "/build/datastore"), "/flag/ds");
  ::setenv("IOGATE_DATASTORE", "", 1);
  EXPECT_EQ(resolve_datastore(std::nullopt, "/build/datastore"), "/build/datastore");
  ::unsetenv("IOGATE_DATASTORE");
}

}  // namespace
}  // namespace iogate
