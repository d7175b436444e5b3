// What another host's names and notes may do to fleet.md and the console: nothing. The readers
// refuse such labels (read_back_gtest.cpp); the writers escape whatever reaches them anyway.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "iogate_test/fleet_sample.hpp"
#include "reports/fleet/fleet_formats.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The fleet: vm07 is the outlier, and a peer's label opens an HTML comment after a CR.
FleetRecord hostile() {
  std::vector<FleetInput> in = test::fleet({390, 402, 385, 377, 398, 410, 75, 391});
  in[7].run.context.host_label = "ok\r<!--";
  in[1].run.context.host_label = "a|b\x1b[2J`x`";
  return compare_fleet(in, {});
}

TEST(FleetText, MarkdownCannotBeMadeToHideTheOutlierRows) {
  std::ostringstream out;
  make_fleet_markdown_writer(out)->write(hostile());
  const std::string md = out.str();
  EXPECT_THAT(md, HasSubstr("**OUTLIER**"));
  EXPECT_THAT(md, Not(HasSubstr("<!--")));
  EXPECT_THAT(md, HasSubstr("ok\\\\x0d&lt;!--"));
  EXPECT_THAT(md, HasSubstr("a\\|b\\\\x1b[2J\\`x\\`"));
  EXPECT_EQ(md.find('\r'), std::string::npos);
  EXPECT_EQ(md.find('\x1b'), std::string::npos);
}

TEST(FleetText, TheConsoleShowsControlBytesAsEscapes) {
  std::vector<FleetInput> in = test::fleet({390, 402, 385, 377, 398, 410, 75, 391});
  in[6].run.context.host_label = "vm07\x1b[2K\rall ok";  // the outlier hides its own line
  std::ostringstream out;
  make_fleet_console_writer(out)->write(compare_fleet(in, {}));
  EXPECT_THAT(out.str(), HasSubstr("OUTLIER vm07\\x1b[2K\\x0dall ok"));
  EXPECT_EQ(out.str().find('\x1b'), std::string::npos);
}
}  // namespace
}  // namespace iogate
