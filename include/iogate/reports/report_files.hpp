// Writing a run's reports to files: each chosen format to its path, the set whole or not at all
// (output_file.hpp). Used by `iogate check`, `iogate report` and a ctest
// suite's merge step alike.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "iogate/common/output_file.hpp"
#include "iogate/reports/report_writer.hpp"

namespace iogate {

struct ReportFiles {
  std::string junit;        // JUnit XML
  std::string json;         // iogate's results document
  std::string gbench_json;  // Google Benchmark format
  std::string markdown;
  std::string html;
  std::string prom;         // Prometheus text format (node_exporter's textfile collector)
  std::string iometer_csv;  // IOMeter's result CSV
  // The paths chosen (the formats asked for), in the order of report_formats().
  std::vector<std::string> chosen() const;
  bool any() const { return !chosen().empty(); }
  // Whether a format goes to standard output ("-"): the console's table then goes to stderr.
  bool to_standard_output() const {
    for (const std::string& p : chosen())
      if (is_standard_output(p)) return true;
    return false;
  }
  // Throws std::invalid_argument when two formats are asked for on standard output: interleaved,
  // neither could be read.
  void require_one_on_standard_output() const {
    int n = 0;
    for (const std::string& p : chosen()) n += is_standard_output(p) ? 1 : 0;
    if (n > 1)
      throw std::invalid_argument(
          "only one report can go to standard output (-); name a file for the others");
  }
};

// Every report format, once: where ReportFiles holds its path, the flag that names it (`iogate
// check`, `iogate report`), its help line, its file in a suite's report directory, and its writer
// (report_formats.hpp). The flags, the directory's files and the writing all go through it.
struct ReportFormat {
  std::string ReportFiles::*path;
  const char* flag;  // "--junit"
  const char* help;
  const char* file_in_dir;  // "junit.xml"; nullptr: written only where asked for
  // The writer; `chart_js` is the HTML page's charting library (load_chart_js), unused by others.
  std::unique_ptr<ReportWriter> (*make)(std::ostream& out, const std::string& chart_js);
  bool needs_chart_js = false;
};
std::span<const ReportFormat> report_formats();

// What a suite's merge step writes into its report directory: each format's file_in_dir
// (junit.xml, results.json, gbench.json, summary.md, report.html, metrics.prom).
ReportFiles report_files_in(const std::filesystem::path& dir);

// Every chosen format, all or none (output_file.hpp). Throws OutputExistsError (a file there and
// `if_exists` refuse), UnsafeOutputError, or std::system_error naming the file.
void write_report_files(const RunRecord& report, const ReportFiles& files,
                        IfExists if_exists = IfExists::replace);

// A ctest run's merge step: the per-check documents in `dir` become one run, written as
// report_files_in(dir), and its table goes to `console`. Returns the number of checks merged.
std::size_t merge_report_dir(const std::filesystem::path& dir, std::ostream& console);

}  // namespace iogate
