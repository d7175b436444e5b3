#include "runner/progress_meter.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "iogate/results/figures.hpp"

namespace iogate {
namespace {

RunResult at(double seconds, std::uint64_t mib_done, std::uint64_t last_second_mib) {
  RunResult r;
  r.bytes_written = mib_done << 20;
  r.elapsed_s = seconds;
  r.intervals.push_back({seconds - 1, 1.0, last_second_mib << 20, 1});
  return r;
}

WorkloadSpec size_based(std::uint64_t mib) {
  WorkloadSpec w;
  w.io_size = mib << 20;
  return w;
}

TEST(ProgressMeter, DescribesBytesRateAndEta) {
  std::ostringstream out;
  ProgressMeter meter(out, false, "seq_write", size_based(512));
  EXPECT_EQ(meter.describe(at(4, 128, 32)), "128.0 MiB / 512.0 MiB, 32.00 MB/s, ETA 0:12");
  WorkloadSpec timed;
  timed.duration = std::chrono::seconds(120);
  ProgressMeter by_time(out, false, "mix", timed);
  EXPECT_EQ(by_time.describe(at(30, 64, 2)), "64.0 MiB, 2.00 MB/s, ETA 1:30");
}

TEST(ProgressMeter, PlainOutputPrintsALineEveryFewSeconds) {
  std::ostringstream out;
  {
    ProgressMeter meter(out, false, "w", size_based(100), 5.0);
    for (int s = 1; s <= 11; ++s) EXPECT_TRUE(meter.update(at(s, s, 1)));
  }
  const std::string text = out.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2) << text;  // at 5 s and 10 s
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_NE(text.find("w: 5.0 MiB / 100.0 MiB"), std::string::npos) << text;
}

TEST(ProgressMeter, TerminalRedrawsOneLineAndClearsIt) {
  std::ostringstream out;
  {
    ProgressMeter meter(out, true, "w", size_based(100));
    meter.update(at(1, 1, 1));
    meter.update(at(2, 2, 1));
  }
  const std::string text = out.str();
  EXPECT_EQ(text.find('\n'), std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 4), "\r\x1b[K");
}

TEST(CtestMeasurements, OneNamedDoublePerFigure) {
  RunResult r;
  r.ios_read = 300;
  r.bytes_read = 300 * 8192;
  r.elapsed_s = 2;
  const std::string lines = ctest_measurements(r);
  EXPECT_NE(lines.find(
                "<CTestMeasurement type=\"numeric/double\" name=\"iops\">150</CTestMeasurement>\n"),
            std::string::npos)
      << lines;
  EXPECT_NE(lines.find("name=\"bytes\">2457600<"), std::string::npos) << lines;
  EXPECT_EQ(static_cast<std::size_t>(std::count(lines.begin(), lines.end(), '\n')),
            key_figures(r).size());
}

}  // namespace
}  // namespace iogate
