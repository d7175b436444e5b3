// Reading IOMeter's result CSV into its figures, one set per test, before any becomes a baseline
// (`iogate baseline import iometer`, src/cli). IOMeter 1.1.0 appends to its result file as it runs
// (the function writing each shape in brackets; tests/data/iometer/results/README.md has them all;
// 2006.07.27 and 2004-era files are laid out alike, with fewer columns):
//
//   'Test Type,Test Description / <type>,<text>   once per run [CPageSetup::SaveResults]
//   'Version / 1.1.0   'Time Stamp / <time>        (iogate's --iometer-csv writes the same)
//   'Access specifications                         the specifications active in the next test,
//     'Access specification name,default assignment / <name>,<assignment number>
//     'size,% of size,% reads,% random,delay,burst,align,reply / a line or more, each ending
//                                                  with a comma [AccessSpecList::SaveResults]
//   'End access specifications                     listed again only when the specification
//                                                  changes: a cycling test's steps share a list
//   'Results / the column header ('Target Type,...) [ManagerList::SaveResults]
//     ALL,All,<spec>,...                           the whole test's figures
//     MANAGER,<name>,<spec>,...                    each manager's [Manager::SaveResults]
//     PROCESSOR,CPU <n>,...                        its processors': 1.1.0 ends these rows at the
//                                                  last network column, before the latency bins
//     WORKER,... DISK,... rows                     [Worker::SaveResults]: read past
//   'Time Stamp / <time>
//   'End Test                                      once, when every test of the run has completed
//                                                  [CGalileoView::TestDone]
//
// Columns are found by their header's names, never by position: IOMeter 2006 names throughput
// "MBps", 1.1.0 "MiBps (Binary)" beside "MBps (Decimal)"; IOMeter's MB are MiB, as iogate's mbps.
// Response times are in ms. An ALL or MANAGER row names the access specification only when every
// worker under it ran the same one; IOMeter leaves it empty otherwise (`spec` is then absent).
//
// Exactly IOMeter's shapes, nothing looser: a specification line has 8 fields, or 9 whose last is
// the empty one IOMeter's closing comma makes; every row has one field per column, except a
// PROCESSOR row ending at "Segments Retransmitted/Second" (the latency bins IOMeter does not write
// for a processor). A file without its closing 'End Test, or holding IOMeter's "Aborted test", is
// refused: IOMeter writes the one when the run completes and the other when a test stops early.
// IOMeter writes names without quoting (a name holding a comma shifts a row's fields and is
// refused); quoted fields, as iogate wrote them before it followed IOMeter, are read as CSV.
// Windows text mode (CRLF) or LF. Bounded (kMaxResultCsvBytes, kMaxResultCsvLineBytes); every
// mistake is a ThresholdError at "file:line:1: key: what was expected", quoting nothing of the
// file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "icf_file.hpp"
#include "iogate/common/threshold_error.hpp"

namespace iogate::iometer {

inline constexpr std::size_t kMaxResultCsvBytes = std::size_t{16} << 20;
inline constexpr std::size_t kMaxResultCsvLineBytes = 16384;

// One line of an access specification as the result file lists it (the fields a configuration
// gives it; `where` is the result file's line).
using ResultSpecLine = IcfSpecLine;

struct ResultAccessSpec {
  std::string name;
  int line = 0;  // the name's
  std::vector<ResultSpecLine> lines;
};

// The figures of one ALL or MANAGER row.
struct ResultRow {
  std::string name;  // "All", or the manager's
  int line = 0;
  // The specification every worker under the row ran; absent where IOMeter leaves the name empty
  // (they ran different ones).
  std::optional<ResultAccessSpec> spec;
  double iops = 0;
  double mbps = 0;  // MiB/s
  double latency_avg_ms = 0;
  double latency_max_ms = 0;
  std::optional<double> cpu_pct;  // % CPU Utilization, when the file has the column
  std::uint64_t errors = 0;
  unsigned managers = 1;  // the ALL row's count; a MANAGER row is one
  unsigned workers = 0;
  unsigned disks = 0;  // targets
  // Outstanding I/Os per target, when every active worker under the row ran the same number
  // (IOMeter writes -1 otherwise).
  std::optional<unsigned> queue_depth;
};

// One test: the ALL row and, when recorded, each active manager's row.
struct ResultTest {
  int results_line = 0;  // 'Results
  ResultRow all;
  std::vector<ResultRow> managers;
};

struct ResultCsv {
  std::filesystem::path path;
  std::string version;  // the first 'Version's, when it is a plain version ("1.1.0"); else ""
  std::vector<ResultTest> tests;
};

ResultCsv read_result_csv(const std::filesystem::path& path);
ResultCsv parse_result_csv_text(std::string_view text, const std::filesystem::path& path);

}  // namespace iogate::iometer
