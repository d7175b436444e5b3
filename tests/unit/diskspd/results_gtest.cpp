// DiskSpd's -Rxml results as figures: the sums over threads, the latency, and every malformed
// result refused at its line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diskspd/results.hpp"

namespace iogate::diskspd {
namespace {

using testing::HasSubstr;
using testing::StartsWith;

const std::filesystem::path kData = std::filesystem::path(IOGATE_TEST_DATA_DIR) / "diskspd";

TEST(DiskspdResults, SumsThreadsAndReadsLatency) {
  const DiskspdResults r = read_results(kData / "results" / "two-threads-latency.xml");
  EXPECT_EQ(r.computer, "SQL01");
  EXPECT_EQ(r.version, "2.1");
  ASSERT_EQ(r.spans.size(), 1u);
  const TimeSpanFigures& f = r.spans[0];
  EXPECT_EQ(f.check_name, "timespan_1");
  EXPECT_EQ(f.seconds, 30);
  EXPECT_EQ(f.read_ios, 300000u);
  EXPECT_EQ(f.write_ios, 100000u);
  EXPECT_DOUBLE_EQ(f.iops(), 400000.0 / 30);
  EXPECT_DOUBLE_EQ(f.mbps(), 400000.0 * 4096 / 1048576 / 30);
  ASSERT_TRUE(f.latency_avg_ms);
  EXPECT_DOUBLE_EQ(*f.latency_avg_ms, 0.318);
  ASSERT_EQ(f.latency_percentiles_ms.size(), 4u);
  EXPECT_EQ(f.latency_percentiles_ms[2], (std::pair<double, double>{99, 1.25}));
  EXPECT_EQ(f.latency_percentiles_ms[3], (std::pair<double, double>{100, 9.5}));
}

std::string error_of(const std::string& text) {
  try {
    parse_results_text(text, "r.xml");
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "";
}

TEST(DiskspdResults, RefusesWhatIsNotAResult) {
  EXPECT_THAT(error_of("<Profile/>"), StartsWith("r.xml:1:1: the root element is <Profile>"));
  EXPECT_THAT(error_of("<Results>\n</Results>"), StartsWith("r.xml:1:1: <Results>: no <TimeSpan>"));
  EXPECT_THAT(error_of("<Results>\n<TimeSpan>\n</TimeSpan></Results>"),
              StartsWith("r.xml:2:1: <TimeSpan>: no <TestTimeSeconds>"));
  EXPECT_THAT(
      error_of("<Results><TimeSpan>\n<TestTimeSeconds>0</TestTimeSeconds></TimeSpan></Results>"),
      StartsWith("r.xml:2:1: <TestTimeSeconds>: expected a test time above 0"));
  EXPECT_THAT(
      error_of("<Results><TimeSpan><TestTimeSeconds>1</TestTimeSeconds></TimeSpan></Results>"),
      HasSubstr("<TimeSpan>: no I/O"));
  EXPECT_THAT(error_of("<Results><TimeSpan><TestTimeSeconds>1</TestTimeSeconds><Thread><Target>\n"
                       "<ReadCount>many</ReadCount></Target></Thread></TimeSpan></Results>"),
              StartsWith("r.xml:2:1: <ReadCount>: expected a whole number"));
  EXPECT_THAT(error_of("<Results><TimeSpan>"),
              HasSubstr("not XML iogate reads: <TimeSpan> is not closed"));
}

}  // namespace
}  // namespace iogate::diskspd
