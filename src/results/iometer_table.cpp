#include "iogate/results/iometer_table.hpp"

#include <fmt/format.h>

#include <cctype>

namespace iogate {
namespace {
// Widths fit the seeds' figures (12392.23 IOPS, 5399.25 ms) and the longest IOMeter test name.
constexpr int kNameWidth = 32;
constexpr const char* kLine = "| {:<32} | {:>13} | {:>12} | {:>14} | {:>14} | {:>6} | {:<8} |";
}  // namespace

TableRow table_row(std::string name, const RunResult& result, std::optional<CheckStatus> status) {
  std::string verdict = status ? status_name(*status) : "";
  for (char& c : verdict) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return TableRow{std::move(name),     result.iops(),       result.mbps(),
                  result.lat_avg_ms(), result.lat_max_ms(), result.cpu_system_pct,
                  std::move(verdict)};
}

std::string table_header() {
  return fmt::format(fmt::runtime(kLine), "Test Name", "Total I/O/sec", "Total MB/sec",
                     "Avg IO Resp ms", "Max IO Resp ms", "% CPU", "Verdict");
}

std::string table_row_line(const TableRow& row) {
  std::string name = row.name;
  if (name.size() > kNameWidth) name = name.substr(0, kNameWidth - 1) + "~";
  return fmt::format(fmt::runtime(kLine), name, fmt::format("{:.2f}", row.iops),
                     fmt::format("{:.2f}", row.mbps), fmt::format("{:.2f}", row.avg_ms),
                     fmt::format("{:.2f}", row.max_ms), fmt::format("{:.2f}", row.cpu_pct),
                     row.verdict);
}

}  // namespace iogate
