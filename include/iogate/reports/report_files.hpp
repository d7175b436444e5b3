// Writing a run's reports to files: each chosen format to its path, whole or not at all (written
// beside the target, then renamed over it). Used by `iogate check`, `iogate report` and a ctest
// suite's merge step alike.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>

#include "iogate/reports/report_writer.hpp"

namespace iogate {

struct ReportFiles {
  std::string junit;        // JUnit XML
  std::string json;         // iogate's results document
  std::string gbench_json;  // Google Benchmark format
  std::string markdown;
  std::string html;
  bool any() const {
    return !junit.empty() || !json.empty() || !gbench_json.empty() || !markdown.empty() ||
           !html.empty();
  }
};

// Writes `path` whole or not at all: `write` fills a stream on a file beside it, which is then
// renamed over it (a directory in the way is refused first). Throws std::system_error naming the
// file when it cannot be written; what `write` throws passes through, the partial file removed.
// Every report file iogate writes goes through here (`iogate fleet`'s too).
void write_file_atomically(const std::filesystem::path& path,
                           const std::function<void(std::ostream&)>& write);

// What a suite's merge step writes into its report directory: junit.xml, results.json,
// gbench.json, summary.md, report.html.
ReportFiles report_files_in(const std::filesystem::path& dir);

// Throws std::system_error naming the file when one cannot be written.
void write_report_files(const RunReport& report, const ReportFiles& files);

// A ctest run's merge step: the per-check documents in `dir` become one run, written as
// report_files_in(dir), and its table goes to `console`. Returns the number of checks merged.
std::size_t merge_report_dir(const std::filesystem::path& dir, std::ostream& console);

}  // namespace iogate
