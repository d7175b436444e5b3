// Reading IOMeter's result CSV: files in the shapes IOMeter 1.1.0's writer gives them (trailing
// commas, short PROCESSOR rows, several managers, workers, disks and specifications), seed 001's
// three tables read back as the figures the field report gives, and every malformed file refused
// at its line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "iometer/result_csv.hpp"

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
    const ResultRow& t = csv.tests[i].all;
    ASSERT_TRUE(t.spec);
    EXPECT_EQ(t.spec->name, rows[i].spec);
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
    const ResultAccessSpec& s = *lsi.tests[i].all.spec;
    ASSERT_EQ(s.lines.size(), 1u);
    EXPECT_EQ(s.lines[0].size, shapes[i].size);
    EXPECT_EQ(s.lines[0].of_size, 100u);
    EXPECT_EQ(s.lines[0].reads, shapes[i].reads);
    EXPECT_EQ(s.lines[0].random, shapes[i].random);
  }
  EXPECT_EQ(lsi.tests[0].all.spec->line, 9);
  EXPECT_EQ(lsi.tests[0].all.line, 15);
  // IOMeter's MB are MiB: 12392.23 IOPS x 32 KiB.
  EXPECT_NEAR(lsi.tests[0].all.iops * 32.0 / 1024.0, lsi.tests[0].all.mbps, 0.01);
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
  EXPECT_EQ(lf.tests[3].all.spec->name, "Random-8k-70%Read");
  EXPECT_DOUBLE_EQ(lf.tests[3].all.iops, 390.20);
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
  EXPECT_DOUBLE_EQ(csv.tests[0].all.iops, 12392.23);
  EXPECT_DOUBLE_EQ(csv.tests[0].all.mbps, 387.26);
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
  // IOMeter's empty name (workers ran different specifications) is read as no specification;
  // `baseline import iometer` refuses the test.
  EXPECT_FALSE(parse_result_csv_text(edited("ALL,All,Max Throughput-100%Read", "ALL,All,"), "r.csv")
                   .tests[0]
                   .all.spec);
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
  // iogate's --iometer-csv quoted a name holding a comma before it wrote names as IOMeter does.
  const ResultCsv csv = parse_result_csv_text(
      edited("Max Throughput-100%Read", "\"Max Throughput, 100%Read\"", true), "r.csv");
  EXPECT_EQ(csv.tests[0].all.spec->name, "Max Throughput, 100%Read");
}

std::string file_text(const std::string& name) {
  std::ifstream in(kResults / name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `text` with `from` replaced by `to` the `nth` time it occurs (0: the first).
std::string replaced(std::string text, const std::string& from, const std::string& to,
                     int nth = 0) {
  std::size_t at = text.find(from);
  for (; nth > 0 && at != std::string::npos; --nth) at = text.find(from, at + 1);
  if (at == std::string::npos) ADD_FAILURE() << "not found: " << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// One manager, four workers with a disk each, three tests, the second a specification of three
// lines: every line as IOMeter 1.1.0 writes it, CRLF.
TEST(ResultCsv, ReadsIometer110WriterFileOfOneManager) {
  const ResultCsv csv = read_result_csv(kResults / "iometer-1.1.0-one-manager.csv");
  EXPECT_EQ(csv.version, "1.1.0");
  ASSERT_EQ(csv.tests.size(), 3u);
  const char* names[] = {"4K-100%Read-100%Random", "OLTP-Mix-8K-64K", "64K-Seq-Write"};
  for (std::size_t i = 0; i < 3; ++i) {
    SCOPED_TRACE(names[i]);
    const ResultTest& t = csv.tests[i];
    ASSERT_TRUE(t.all.spec);
    EXPECT_EQ(t.all.spec->name, names[i]);
    EXPECT_EQ(t.all.managers, 1u);
    EXPECT_EQ(t.all.workers, 4u);
    EXPECT_EQ(t.all.disks, 4u);
    EXPECT_EQ(t.all.queue_depth, 16u);
    EXPECT_GT(t.all.iops, 0);
    ASSERT_EQ(t.managers.size(), 1u);
    EXPECT_EQ(t.managers[0].name, "FILESRV01");
    // One manager: its row holds the whole test's figures.
    EXPECT_DOUBLE_EQ(t.managers[0].iops, t.all.iops);
    EXPECT_DOUBLE_EQ(t.managers[0].latency_max_ms, t.all.latency_max_ms);
  }
  const ResultAccessSpec& mix = *csv.tests[1].all.spec;
  ASSERT_EQ(mix.lines.size(), 3u);
  EXPECT_EQ(mix.lines[2].size, 65536u);
  EXPECT_EQ(mix.lines[2].of_size, 15u);
  EXPECT_EQ(mix.lines[2].reads, 70u);
  EXPECT_EQ(mix.lines[2].align, 8192u);
  EXPECT_EQ(mix.lines[2].where.line, 37);
  // IOMeter's MiB: 4 KiB reads.
  EXPECT_NEAR(csv.tests[0].all.iops * 4.0 / 1024.0, csv.tests[0].all.mbps, 1e-5);
}

// Two managers: the ALL row sums them, each MANAGER row is its own; in the third test their
// workers ran different specifications, so the ALL row names none and each MANAGER row its own.
TEST(ResultCsv, ReadsIometer110WriterFileOfTwoManagers) {
  const ResultCsv csv = read_result_csv(kResults / "iometer-1.1.0-two-managers.csv");
  ASSERT_EQ(csv.tests.size(), 3u);
  for (const ResultTest& t : csv.tests) {
    EXPECT_EQ(t.all.managers, 2u);
    EXPECT_EQ(t.all.workers, 3u);
    EXPECT_EQ(t.all.disks, 4u);
    EXPECT_FALSE(t.all.queue_depth);  // 64 on one host, 32 on the other: IOMeter's -1
    ASSERT_EQ(t.managers.size(), 2u);
    EXPECT_EQ(t.managers[0].name, "ESX-GUEST-A");
    EXPECT_EQ(t.managers[1].name, "ESX-GUEST-B");
    EXPECT_NEAR(t.managers[0].iops + t.managers[1].iops, t.all.iops, 1e-5);
    EXPECT_EQ(t.managers[0].queue_depth, 64u);
    EXPECT_EQ(t.managers[1].workers, 1u);
    EXPECT_EQ(t.managers[1].disks, 2u);
  }
  const ResultTest& mixed = csv.tests[2];
  EXPECT_FALSE(mixed.all.spec);
  ASSERT_TRUE(mixed.managers[0].spec && mixed.managers[1].spec);
  EXPECT_EQ(mixed.managers[0].spec->name, "Random-8k-70%Read");
  EXPECT_EQ(mixed.managers[1].spec->name, "Max Throughput-50%Read");
}

TEST(ResultCsv, SpecificationLinesEndWithIometersCommaOrNone) {
  const std::string text = file_text("iometer-1.1.0-one-manager.csv");
  // Without the closing comma, as IOMeter 2006 wrote them: read alike.
  EXPECT_EQ(parse_result_csv_text(replaced(text, "4096,100,100,100,0,1,4096,0,\r\n",
                                           "4096,100,100,100,0,1,4096,0\r\n"),
                                  "r.csv")
                .tests[0]
                .all.spec->lines[0]
                .size,
            4096u);
  // A ninth field holding something, or a tenth, is no line IOMeter writes.
  EXPECT_EQ(refusal(replaced(text, "4096,100,100,100,0,1,4096,0,\r\n",
                             "4096,100,100,100,0,1,4096,0,7\r\n")),
            "r.csv:11:1: 'size: 9 fields, expected 8 (IOMeter 1.1.0 ends the line with a comma): "
            "size,% of size,% reads,% random,delay,burst,align,reply");
  EXPECT_THAT(refusal(replaced(text, "4096,100,100,100,0,1,4096,0,\r\n",
                               "4096,100,100,100,0,1,4096,0,,\r\n")),
              HasSubstr("r.csv:11:1: 'size: 10 fields"));
}

TEST(ResultCsv, OnlyProcessorRowsEndBeforeTheLatencyBins) {
  const std::string text = file_text("iometer-1.1.0-one-manager.csv");
  // A PROCESSOR row one field longer or shorter than IOMeter's 59 is damage.
  const std::string cpu0 = "PROCESSOR,CPU 0,";
  EXPECT_EQ(refusal(replaced(text, cpu0, "PROCESSOR,CPU 0,,")),
            "r.csv:17:1: 60 fields under a header of 80 columns: expected one per column, or 59 "
            "in a PROCESSOR row (a row cut short, or a name holding a comma)");
  EXPECT_THAT(refusal(replaced(text, cpu0 + ",", cpu0)), HasSubstr("r.csv:17:1: 58 fields"));
  // A WORKER row cut to a PROCESSOR row's length is refused.
  const std::size_t worker = text.find("WORKER,");
  const std::size_t end = text.find("\r\n", worker);
  std::string row = text.substr(worker, end - worker);
  std::size_t cut = 0;
  for (int commas = 0; commas < 59; ++commas) cut = row.find(',', cut) + 1;
  EXPECT_THAT(refusal(text.substr(0, worker) + row.substr(0, cut - 1) + text.substr(end)),
              HasSubstr("r.csv:21:1: 59 fields under a header of 80 columns"));
}

// A cycling test (queue depths, targets, workers) writes its specifications once, then a
// 'Results per step.
TEST(ResultCsv, CyclingStepsShareTheirSpecifications) {
  const std::string text = file_text("iometer-1.1.0-one-manager.csv");
  const std::size_t results = text.find("'Results");
  const std::size_t next = text.find("'Access specifications", results);
  const std::string step = text.substr(results, next - results);
  const ResultCsv csv =
      parse_result_csv_text(text.substr(0, next) + step + text.substr(next), "r.csv");
  ASSERT_EQ(csv.tests.size(), 4u);
  EXPECT_EQ(csv.tests[1].all.spec->name, "4K-100%Read-100%Random");
  EXPECT_EQ(csv.tests[2].all.spec->name, "OLTP-Mix-8K-64K");
  // A new run lists its own: results after a run's heading with no list are refused.
  EXPECT_THAT(refusal(text.substr(0, next) + "'Test Type,Test Description\r\n0,\r\n" + step +
                      text.substr(next)),
              HasSubstr("'Results: expected the run's 'Access specifications before its first"));
}

TEST(ResultCsv, AbortedTestsAreRefused) {
  const std::string text = file_text("iometer-1.1.0-two-managers.csv");
  EXPECT_EQ(refusal(replaced(text, "'Time Stamp\r\n2015-09-02 22:16:53:562\r\n",
                             "'Time Stamp\r\n2015-09-02 22:16:53:562\r\nAborted test\r\n")),
            "r.csv:31:1: Aborted test: IOMeter writes this when a test stops before its end "
            "(stopped by hand or failed): the run's figures are partial");
}

}  // namespace
}  // namespace iogate::iometer
