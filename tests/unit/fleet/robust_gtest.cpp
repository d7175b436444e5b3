#include "fleet/robust.hpp"

#include <gtest/gtest.h>

namespace iogate {
namespace {

TEST(Robust, Mad) {
  EXPECT_DOUBLE_EQ(mad_of({1, 2, 3, 4, 100}), 1);  // the 100 does not move it
  EXPECT_DOUBLE_EQ(mad_of({4, 1, 3, 2}), 1);
}

TEST(Robust, NoPeersNoReference) {
  const PeerComparison none = compare_with_peers(50, {}, true, {});
  EXPECT_EQ(none.peers, 0);
  EXPECT_DOUBLE_EQ(none.peer_median, 0);
  EXPECT_FALSE(none.outlier);
}

TEST(Robust, TwoPeersOnlyThePracticalCriterion) {
  const PeerComparison low = compare_with_peers(50, {100, 102}, true, {});
  EXPECT_EQ(low.peers, 2);
  EXPECT_FALSE(low.robust_z);
  EXPECT_NEAR(low.ratio, 50 / 101.0, 1e-12);
  EXPECT_TRUE(low.outlier);
  EXPECT_FALSE(compare_with_peers(75, {100, 102}, true, {}).outlier);  // 74%: above 70%
}

TEST(Robust, BothCriteriaMustHoldWhereTheMadIsUsable) {
  // Peers spread widely: 60 is below 70% of the median 100, but within their own spread.
  const PeerComparison spread = compare_with_peers(60, {60, 80, 100, 120, 140}, true, {});
  ASSERT_TRUE(spread.robust_z);
  EXPECT_TRUE(spread.practical);
  EXPECT_LT(*spread.robust_z, kDefaultMaxRobustZ);
  EXPECT_FALSE(spread.outlier);
  // Peers tight: 95 is far outside their spread, but not a practical shortfall.
  const PeerComparison tight = compare_with_peers(95, {100, 100.1, 99.9, 100.2, 99.8}, true, {});
  ASSERT_TRUE(tight.robust_z);
  EXPECT_GT(*tight.robust_z, kDefaultMaxRobustZ);
  EXPECT_FALSE(tight.outlier);
  // A fifth of the peers, who agree within 10%: both hold.
  EXPECT_TRUE(compare_with_peers(20, {95, 100, 105, 98, 102, 97, 103}, true, {}).outlier);
}

TEST(Robust, PeersWithoutSpreadLeaveOnlyTheRatio) {
  const PeerComparison c = compare_with_peers(60, {100, 100, 100, 100, 100}, true, {});
  EXPECT_FALSE(c.robust_z);  // MAD 0: no z
  EXPECT_TRUE(c.outlier);
}

TEST(Robust, LatencyIsLowerIsBetterAndOnlyShortfallsCount) {
  EXPECT_TRUE(compare_with_peers(1.5, {1.0, 1.02}, false, {}).outlier);   // 150% > 1/0.7
  EXPECT_FALSE(compare_with_peers(1.4, {1.0, 1.02}, false, {}).outlier);  // 137%
  EXPECT_FALSE(compare_with_peers(0.2, {1.0, 1.02}, false, {}).outlier);  // faster: no finding
  EXPECT_FALSE(compare_with_peers(500, {100, 102}, true, {}).outlier);    // faster: no finding
  EXPECT_TRUE(compare_with_peers(80, {100, 102}, true, {.min_ratio = 0.9}).outlier);
}

TEST(Robust, PeersThatMeasuredNothingAreNoReference) {
  const PeerComparison c = compare_with_peers(10, {0, 0}, true, {});
  EXPECT_FALSE(c.practical);
  EXPECT_FALSE(c.outlier);
}

}  // namespace
}  // namespace iogate
