// Writing a run's reports to files: each chosen format to its path, the set whole or not at all
// (output_file.hpp). Used by `iogate check`, `iogate report` and a ctest
// suite's merge step alike.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "iogate/output_file.hpp"
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

// What a suite's merge step writes into its report directory: junit.xml, results.json,
// gbench.json, summary.md, report.html.
ReportFiles report_files_in(const std::filesystem::path& dir);

// Every chosen format, all or none (output_file.hpp). Throws OutputExistsError (a file there and
// `if_exists` refuse), UnsafeOutputError, or std::system_error naming the file.
void write_report_files(const RunReport& report, const ReportFiles& files,
                        IfExists if_exists = IfExists::replace);

// A ctest run's merge step: the per-check documents in `dir` become one run, written as
// report_files_in(dir), and its table goes to `console`. Returns the number of checks merged.
std::size_t merge_report_dir(const std::filesystem::path& dir, std::ostream& console);

}  // namespace iogate
