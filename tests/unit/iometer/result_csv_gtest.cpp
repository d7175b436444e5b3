// Reading IOMeter's result CSV: seed 001's three tables read back as the figures the field report
// gives (IOMeter 2006's layout and 1.1's), and every malformed file refused at its line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "iogate/iometer/result_csv.hpp"

namespace iogate::iometer {
namespace {

using testing::HasSubstr;
using testing::StartsWith;

const std::filesystem::path kResults =
    std::filesystem::path(IOGATE_TEST_DATA_DIR) / "iometer" / "results";

struct SeedRow {
  const char* spec;
  double iops, mbps, avg_ms, max_ms, cpu_pct;
};

// Seed 001's tables, as the field report prints them.
const SeedRow kGreenBusLogic[] = {
    {"Max Throughput-100%Read", 1392.61, 43.52, 43.99, 808.31, 19.51},
    {"RealLife-60%Rand-65%Read", 113.25, 0.88, 528.28, 1594.38, 14.10},
    {"Max Throughput-50%Read", 94.96, 2.97, 628.82, 2266.18, 14.57},
    {"Random-8k-70%Read", 75.55, 0.59, 788.23, 5399.25, 13.85}};
const SeedRow kBlackBusLogic[] = {
    {"Max Throughput-100%Read", 743.40, 23.23, 81.7536, 495.4186, 15.03},
    {"RealLife-60%Rand-65%Read", 148.70, 1.16, 401.6210, 2453.4196, 13.60},
    {"Max Throughput-50%Read", 125.92, 3.94, 475.4601, 1919.5262, 13.35},
    {"Random-8k-70%Read", 139.83, 1.09, 426.9836, 2789.4462, 14.05}};
const SeedRow kBlackLsiLogic[] = {
    {"Max Throughput-100%Read", 12392.23, 387.26, 4.598, 291.9839, 36.33},
    {"RealLife-60%Rand-65%Read", 358.07, 2.8, 162.0115, 1115.5989, 9.73},
    {"Max Throughput-50%Read", 243.33, 7.60, 240.3390, 2361.3908, 8.71},
    {"Random-8k-70%Read", 390.20, 3.05, 147.6751, 927.4924, 9.53}};

void expect_seed(const ResultCsv& csv, const SeedRow (&rows)[4]) {
  ASSERT_EQ(csv.tests.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(rows[i].spec);
    const ResultTest& t = csv.tests[i];
    EXPECT_EQ(t.spec.name, rows[i].spec);
    EXPECT_DOUBLE_EQ(t.iops, rows[i].iops);
    EXPECT_DOUBLE_EQ(t.mbps, rows[i].mbps);
    EXPECT_DOUBLE_EQ(t.latency_avg_ms, rows[i].avg_ms);
    EXPECT_DOUBLE_EQ(t.latency_max_ms, rows[i].max_ms);
    ASSERT_TRUE(t.cpu_pct);
    EXPECT_DOUBLE_EQ(*t.cpu_pct, rows[i].cpu_pct);
    EXPECT_EQ(t.errors, 0u);
    EXPECT_EQ(t.managers, 1u);
    EXPECT_EQ(t.workers, 1u);
    EXPECT_EQ(t.disks, 1u);
    EXPECT_EQ(t.queue_depth, 64u);
  }
}

TEST(ResultCsv, ReadsSeedTablesInIometer2006Layout) {
  const ResultCsv green = read_result_csv(kResults / "wd_green_buslogic.csv");
  EXPECT_EQ(green.version, "2006.07.27");
  expect_seed(green, kGreenBusLogic);
  expect_seed(read_result_csv(kResults / "wd_black_buslogic.csv"), kBlackBusLogic);
}

TEST(ResultCsv, ReadsSeedTableInIometer11LayoutWithItsAccessSpecifications) {
  const ResultCsv lsi = read_result_csv(kResults / "wd_black_lsi_logic.csv");
  EXPECT_EQ(lsi.version, "1.1.0");
  expect_seed(lsi, kBlackLsiLogic);
  // The community configuration's specifications, as the file lists them for each test.
  const struct {
    std::uint64_t size;
    unsigned reads, random;
  } shapes[] = {{32768, 100, 0}, {8192, 65, 60}, {32768, 50, 0}, {8192, 70, 100}};
  for (std::size_t i = 0; i < 4; ++i) {
    const ResultAccessSpec& s = lsi.tests[i].spec;
    ASSERT_EQ(s.lines.size(), 1u);
    EXPECT_EQ(s.lines[0].size, shapes[i].size);
    EXPECT_EQ(s.lines[0].of_size, 100u);
    EXPECT_EQ(s.lines[0].reads, shapes[i].reads);
    EXPECT_EQ(s.lines[0].random, shapes[i].random);
  }
  EXPECT_EQ(lsi.tests[0].spec.line, 9);
  EXPECT_EQ(lsi.tests[0].all_line, 15);
  // IOMeter's MB are MiB: 12392.23 IOPS x 32 KiB.
  EXPECT_NEAR(lsi.tests[0].iops * 32.0 / 1024.0, lsi.tests[0].mbps, 0.01);
}

std::string seed_text() {
  std::ifstream in(kResults / "wd_black_lsi_logic.csv", std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The seed's text with `from` replaced by `to` (the first time, or every time).
std::string edited(const std::string& from, const std::string& to, bool every = false) {
  std::string text = seed_text();
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = every ? text.find(from, at + to.size()) : std::string::npos)
    text.replace(at, from.size(), to);
  return text;
}

std::string refusal(const std::string& text) {
  try {
    parse_result_csv_text(text, "r.csv");
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ResultCsv, LfLineEndsReadAsCrlf) {
  const ResultCsv lf = parse_result_csv_text(edited("\r\n", "\n", true), "r.csv");
  ASSERT_EQ(lf.tests.size(), 4u);
  EXPECT_EQ(lf.tests[3].spec.name, "Random-8k-70%Read");
  EXPECT_DOUBLE_EQ(lf.tests[3].iops, 390.20);
}

TEST(ResultCsv, ColumnsAreFoundByNameNotPosition) {
  // The ALL row's IOps and MBps (Binary) swapped, header and rows alike.
  std::string text = seed_text();
  const auto swap_fields = [](std::string line, std::size_t a, std::size_t b) {
    std::vector<std::string> f(1);
    for (const char c : line) {
      if (c == ',')
        f.emplace_back();
      else
        f.back().push_back(c);
    }
    std::swap(f[a], f[b]);
    std::string out;
    for (std::size_t i = 0; i < f.size(); ++i) out += (i ? "," : "") + f[i];
    return out;
  };
  std::stringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    const bool cr = !line.empty() && line.back() == '\r';
    if (cr) line.pop_back();
    if (line.starts_with("'Target Type") || line.starts_with("ALL,") ||
        line.starts_with("MANAGER,") || line.starts_with("WORKER,"))
      line = swap_fields(line, 6, 9);
    out += line + (cr ? "\r\n" : "\n");
  }
  const ResultCsv csv = parse_result_csv_text(out, "r.csv");
  EXPECT_DOUBLE_EQ(csv.tests[0].iops, 12392.23);
  EXPECT_DOUBLE_EQ(csv.tests[0].mbps, 387.26);
}

TEST(ResultCsv, TruncatedFilesAreRefused) {
  const std::string text = seed_text();
  // Cut inside the last ALL row: its fields no longer match the header.
  const std::size_t last_all = text.rfind("ALL,All,");
  EXPECT_THAT(refusal(text.substr(0, last_all + 40)),
              HasSubstr("fields under a header of 59 columns"));
  // Cut before the closing 'End Test: IOMeter's run did not complete.
  EXPECT_THAT(refusal(text.substr(0, text.rfind("'End Test"))),
              AllOf(StartsWith("r.csv:"), HasSubstr("'End Test: missing")));
  // Cut after a test's access specifications.
  EXPECT_THAT(refusal(text.substr(0, text.rfind("'Results"))),
              HasSubstr("ends before the last test's results"));
  EXPECT_THAT(refusal(""), HasSubstr("no test's 'Results"));
  EXPECT_THAT(refusal("Version 1.1.0\r\n"), HasSubstr("r.csv:1:1: expected one of IOMeter's"));
}

TEST(ResultCsv, MissingColumnsAreRefusedByName) {
  EXPECT_EQ(refusal(edited(",Average Response Time,", ",Mean Response Time,", true)),
            "r.csv:14:1: Average Response Time: no such column: expected IOMeter's results "
            "header, which has it");
  EXPECT_THAT(refusal(edited(",MBps (Binary),", ",Throughput,", true)),
              HasSubstr("MBps: no such column"));
  EXPECT_THAT(refusal(edited("'Results\r\n'Target Type", "'Results\r\n'Target Kind")),
              HasSubstr("expected the column header"));
}

TEST(ResultCsv, NonNumericFiguresAreRefusedAtTheirLine) {
  EXPECT_EQ(refusal(edited("ALL,All,Max Throughput-100%Read,1,1,1,12392.230000",
                           "ALL,All,Max Throughput-100%Read,1,1,1,fast")),
            "r.csv:15:1: IOps: expected a figure (a number, 0 or more)");
  EXPECT_THAT(refusal(edited("ALL,All,Max Throughput-100%Read,1,1,1,12392.230000",
                             "ALL,All,Max Throughput-100%Read,1,1,1,-5")),
              HasSubstr("IOps: expected a figure"));
  EXPECT_THAT(refusal(edited("ALL,All,Max Throughput-100%Read,1,1,1,12392.230000",
                             "ALL,All,Max Throughput-100%Read,1,1,1,inf")),
              HasSubstr("IOps: expected a figure"));
  EXPECT_THAT(refusal(edited("32768,100,100,0,0,1,0,0", "32k,100,100,0,0,1,0,0")),
              HasSubstr("r.csv:11:1: size: expected a whole number"));
  EXPECT_THAT(refusal(edited("32768,100,100,0,0,1,0,0", "32768,100,101,0,0,1,0,0")),
              HasSubstr("% reads: expected a whole number from 0 to 100"));
}

TEST(ResultCsv, SpecificationsMustMatchTheirResults) {
  // An ALL row naming a specification the test did not list.
  EXPECT_THAT(refusal(edited("ALL,All,Max Throughput-100%Read", "ALL,All,Max Throughput-99%Read")),
              HasSubstr("r.csv:15:1: Access Specification Name: not one of the test's"));
  // IOMeter's empty name: workers ran different specifications.
  EXPECT_THAT(refusal(edited("ALL,All,Max Throughput-100%Read", "ALL,All,")),
              HasSubstr("IOMeter names no specification"));
  // One specification listed twice in a test.
  EXPECT_THAT(refusal(edited("'End access specifications",
                             "'Access specification name,default assignment\r\n"
                             "Max Throughput-100%Read,0\r\n"
                             "'size,% of size,% reads,% random,delay,burst,align,reply\r\n"
                             "512,100,0,0,0,1,0,0\r\n'End access specifications")),
              HasSubstr("the test lists this specification twice (line 9)"));
  // A second ALL row in one test's results.
  const std::string text = seed_text();
  const std::size_t all = text.find("ALL,All,");
  const std::string row = text.substr(all, text.find('\n', all) + 1 - all);
  std::string twice = text;
  twice.insert(all, row);
  EXPECT_THAT(refusal(twice), HasSubstr("r.csv:16:1: ALL: a second ALL row"));
}

TEST(ResultCsv, LongLinesNulsAndLargeFilesAreRefused) {
  EXPECT_THAT(refusal(edited("'Version\r\n1.1.0", "'Version\r\n" + std::string(20000, '1'))),
              HasSubstr("r.csv:4:1: a line of 20000 bytes, expected at most 16384"));
  EXPECT_THAT(refusal(edited("'Version\r\n1.1.0", std::string("'Version\r\n1.1\0", 14))),
              HasSubstr("r.csv:4:1: a NUL byte"));
  const std::filesystem::path big = std::filesystem::temp_directory_path() / "iogate_big.csv";
  {
    std::ofstream out(big, std::ios::binary);
    const std::string line(1000, 'x');
    for (std::size_t n = 0; n <= kMaxResultCsvBytes / 1000; ++n) out << line << '\n';
  }
  try {
    read_result_csv(big);
    ADD_FAILURE() << "accepted";
  } catch (const ThresholdError& e) {
    EXPECT_THAT(e.what(), HasSubstr("larger than"));
  }
  std::filesystem::remove(big);
}

TEST(ResultCsv, ErrorsQuoteNothingOfTheFile) {
  const std::string secret = "s3cr3t-value";
  for (const std::string& text :
       {edited("ALL,All,Max Throughput-100%Read,1,1,1,12392.230000",
               "ALL,All,Max Throughput-100%Read,1,1,1," + secret),
        edited("'Time Stamp", "'" + secret), edited("'End access specifications", secret),
        edited("1.1.0", secret + "\r\n'" + secret)})
    EXPECT_THAT(refusal(text), testing::Not(HasSubstr(secret)));
}

TEST(ResultCsv, QuotedNamesReadAsCsv) {
  // iogate's own --iometer-csv quotes a name holding a comma.
  const ResultCsv csv = parse_result_csv_text(
      edited("Max Throughput-100%Read", "\"Max Throughput, 100%Read\"", true), "r.csv");
  EXPECT_EQ(csv.tests[0].spec.name, "Max Throughput, 100%Read");
}

}  // namespace
}  // namespace iogate::iometer
