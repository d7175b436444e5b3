// The marker's text, the same on every platform.
#include "marker.hpp"

#include <gtest/gtest.h>

namespace iogate::detail {
namespace {

TEST(Marker, TextRoundTrips) {
  const std::string text = marker_text(4242, "ci-runner-7", 1714564800);
  EXPECT_EQ(text,
            "iogate scratch directory\npid=4242\nhost=ci-runner-7\nstarted=2024-05-01T12:00:00Z\n");
  const std::optional<MarkerInfo> info = parse_marker(text);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->pid, 4242);
  EXPECT_EQ(info->host, "ci-runner-7");
}

TEST(Marker, AKeptAreasLabelRoundTripsAndAnOwnAreaHasNone) {
  const std::string text = marker_text(4242, "h", 1714564800, "layout quick 1073741824 65536");
  EXPECT_EQ(text,
            "iogate scratch directory\npid=4242\nhost=h\nstarted=2024-05-01T12:00:00Z\n"
            "label=layout quick 1073741824 65536\n");
  EXPECT_EQ(parse_marker(text)->label, "layout quick 1073741824 65536");
  EXPECT_EQ(parse_marker(marker_text(4242, "h", 1714564800))->label, "");
}

TEST(Marker, ForeignOrMalformedTextIsNotAMarker) {
  EXPECT_FALSE(parse_marker(""));
  EXPECT_FALSE(parse_marker("somebody else's directory\npid=1\nhost=h\n"));
  EXPECT_FALSE(parse_marker("iogate scratch directory\nhost=h\n"));           // no pid
  EXPECT_FALSE(parse_marker("iogate scratch directory\npid=12\n"));           // no host
  EXPECT_FALSE(parse_marker("iogate scratch directory\npid=12x\nhost=h\n"));  // junk after pid
  EXPECT_FALSE(parse_marker("iogate scratch directory\npid=-5\nhost=h\n"));
  EXPECT_FALSE(parse_marker("iogate scratch directory\npid=0\nhost=h\n"));
  EXPECT_FALSE(parse_marker("iogate scratch directory\npid=7\nhost=\n"));
}

}  // namespace
}  // namespace iogate::detail
