// Reading IOMeter's result CSV into its figures, one set per test, before any becomes a baseline
// (`iogate baseline import iometer`, src/cli). IOMeter appends to its result file as it runs
// (IOMeter 1.1, 2006.07.27 and the 2004-era files are laid out alike):
//
//   'Test Type,Test Description / 0,<text>    per test (iogate's --iometer-csv: 'Test Description)
//   'Version / 1.1.0                          'Time Stamp / 2008-05-01 12:00:00:000
//   'Access specifications                    the specifications active in the test:
//     'Access specification name,default assignment / <name>,<assignment>
//     'size,% of size,% reads,% random,delay,burst,align,reply / one line or more
//   'End access specifications
//   'Results / the column header ('Target Type,Target Name,Access Specification Name,...)
//     ALL,All,<spec>,...                      the whole test's figures
//     MANAGER,... WORKER,... rows             each part's, as recorded: read past
//   'Time Stamp / <time>
//   'End Test                                 once, when every test of the run has completed
//
// Columns are found by their header's names, never by position: IOMeter 2006 names throughput
// "MBps", 1.1 "MBps (Binary)" beside "MBps (Decimal)"; IOMeter's MB are MiB, as iogate's mbps.
// Response times are in ms. The ALL row names the access specification only when every worker
// ran the same one; IOMeter leaves it empty otherwise, and that test is refused.
//
// A file without its closing 'End Test is refused: IOMeter writes it when the run completes, so a
// file without it was cut short or its run aborted, and its last figures may be partial. IOMeter
// writes names without quoting; quoted fields (iogate's own CSV) are read as CSV. Windows text
// mode (CRLF) or LF. Bounded (kMaxResultCsvBytes, kMaxResultCsvLineBytes); every mistake is a
// ThresholdError at "file:line:1: key: what was expected", quoting nothing of the file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/threshold_error.hpp"

namespace iogate::iometer {

inline constexpr std::size_t kMaxResultCsvBytes = std::size_t{16} << 20;
inline constexpr std::size_t kMaxResultCsvLineBytes = 16384;

// One line of an access specification as the result file lists it.
struct ResultSpecLine {
  std::uint64_t size = 0;  // bytes per I/O
  unsigned of_size = 0;    // % of the specification's I/Os at this line
  unsigned reads = 0;      // % reads
  unsigned random = 0;     // % random
  std::uint64_t delay = 0;
  std::uint64_t burst = 0;
  std::uint64_t align = 0;
  std::uint64_t reply = 0;
  int line = 0;
};

struct ResultAccessSpec {
  std::string name;
  int line = 0;  // the name's
  std::vector<ResultSpecLine> lines;
};

// One test: its access specification and the ALL row's figures.
struct ResultTest {
  ResultAccessSpec spec;
  int results_line = 0;  // 'Results
  int all_line = 0;      // the ALL row
  double iops = 0;
  double mbps = 0;  // MiB/s
  double latency_avg_ms = 0;
  double latency_max_ms = 0;
  std::optional<double> cpu_pct;  // % CPU Utilization, when the file has the column
  std::uint64_t errors = 0;
  unsigned managers = 0;
  unsigned workers = 0;
  unsigned disks = 0;  // targets
  // Outstanding I/Os per target, when every active worker ran the same number (IOMeter writes a
  // negative or no figure otherwise).
  std::optional<unsigned> queue_depth;
};

struct ResultCsv {
  std::filesystem::path path;
  std::string version;  // the first 'Version's, when it is a plain version ("1.1.0"); else ""
  std::vector<ResultTest> tests;
};

ResultCsv read_result_csv(const std::filesystem::path& path);
ResultCsv parse_result_csv_text(std::string_view text, const std::filesystem::path& path);

}  // namespace iogate::iometer
