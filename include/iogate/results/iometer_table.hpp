// The table storage people already read, with IOMeter's columns (seed 001):
// | Test Name | Total I/O/sec | Total MB/sec | Avg IO Resp ms | Max IO Resp ms | % CPU | Verdict |
// MB is 2^20 bytes, as in IOMeter; % CPU is the whole machine's busy share, as in IOMeter.
#pragma once

#include <optional>
#include <string>

#include "iogate/engine/run_result.hpp"
#include "iogate/results/check_record.hpp"

namespace iogate {

struct TableRow {
  std::string name;
  double iops = 0;
  double mbps = 0;
  double avg_ms = 0;
  double max_ms = 0;
  double cpu_pct = 0;
  std::string verdict;  // "PASS", "FAIL", "UNSTABLE", "SKIPPED", "ERROR", or empty
};

// Without a status (an ad-hoc `iogate run`) the Verdict column stays empty.
TableRow table_row(std::string name, const RunResult& result,
                   std::optional<CheckStatus> status = std::nullopt);

std::string table_header();
std::string table_row_line(const TableRow& row);

}  // namespace iogate
