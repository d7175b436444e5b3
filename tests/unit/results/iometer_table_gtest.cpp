#include "iogate/results/iometer_table.hpp"

#include <gtest/gtest.h>

namespace iogate {
namespace {

TEST(IometerTable, HeaderHasIometerColumnsInOrder) {
  const std::string h = table_header();
  const char* columns[] = {"Test Name",      "Total I/O/sec", "Total MB/sec", "Avg IO Resp ms",
                           "Max IO Resp ms", "% CPU",         "Verdict"};
  std::size_t at = 0;
  for (const char* c : columns) {
    const std::size_t found = h.find(c, at);
    ASSERT_NE(found, std::string::npos) << c;
    at = found;
  }
}

TEST(IometerTable, RowMatchesHeaderWidthAndFormatsFigures) {
  // Seed 001, LSI Logic, Max Throughput 100% Read: 12392.23 IOPS of 32 KiB = 387.26 MB/s.
  RunResult r;
  r.ios_read = 1239223;
  r.bytes_read = r.ios_read * 32768;
  r.elapsed_s = 100;
  r.latency.record(4'598'000);
  r.cpu_system_pct = 36.33;
  const std::string line =
      table_row_line(table_row("Max Throughput 100% Read", r, CheckStatus::pass));
  EXPECT_EQ(line.size(), table_header().size());
  EXPECT_NE(line.find("| Max Throughput 100% Read"), std::string::npos);
  EXPECT_NE(line.find("12392.23"), std::string::npos);
  EXPECT_NE(line.find("387.26"), std::string::npos);
  EXPECT_NE(line.find("36.33"), std::string::npos);
  EXPECT_NE(line.find("PASS"), std::string::npos);
}

TEST(IometerTable, LongNamesAreCutToKeepColumnsAligned) {
  const std::string line = table_row_line(TableRow{std::string(60, 'x'), 1, 1, 1, 1, 1, "FAIL"});
  EXPECT_EQ(line.size(), table_header().size());
  EXPECT_NE(line.find("x~ |"), std::string::npos);
}

}  // namespace
}  // namespace iogate
