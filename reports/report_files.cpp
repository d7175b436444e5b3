#include "iogate/reports/report_files.hpp"

#include <vector>

#include "iogate/reports/report_formats.hpp"
#include "results/result_reader.hpp"

namespace iogate {
namespace {

// A writer that does not chart: `chart_js` unused.
template <std::unique_ptr<ReportWriter> (*Make)(std::ostream&)>
std::unique_ptr<ReportWriter> plain(std::ostream& out, const std::string& /*chart_js*/) {
  return Make(out);
}

const ReportFormat kFormats[] = {
    {&ReportFiles::junit, "--junit", "Write JUnit XML (dashboards) to this file", "junit.xml",
     plain<make_junit_writer>},
    {&ReportFiles::json, "--json", "Write the iogate results document to this file", "results.json",
     plain<make_json_writer>},
    {&ReportFiles::gbench_json, "--gbench-json",
     "Write Google Benchmark JSON (for its tools/compare.py) to this file", "gbench.json",
     plain<make_gbench_writer>},
    {&ReportFiles::markdown, "--markdown", "Write a Markdown summary to this file", "summary.md",
     plain<make_markdown_writer>},
    {&ReportFiles::html, "--html", "Write a self-contained HTML report to this file", "report.html",
     [](std::ostream& out, const std::string& chart_js) { return make_html_writer(out, chart_js); },
     true},
    {&ReportFiles::prom, "--prom",
     "Write the verdicts and figures in Prometheus text format to this file (for "
     "node_exporter's textfile collector: name it *.prom in its directory)",
     "metrics.prom", plain<make_prom_writer>},
    // Only where asked for: a suite's directory keeps its six.
    {&ReportFiles::iometer_csv, "--iometer-csv",
     "Write IOMeter's result CSV (IOMeter 1.1's layout, one test per check) to this file", nullptr,
     plain<make_iometer_csv_writer>},
};

}  // namespace

std::span<const ReportFormat> report_formats() { return kFormats; }

std::vector<std::string> ReportFiles::chosen() const {
  std::vector<std::string> paths;
  for (const ReportFormat& format : kFormats)
    if (!(this->*format.path).empty()) paths.push_back(this->*format.path);
  return paths;
}

ReportFiles report_files_in(const std::filesystem::path& dir) {
  ReportFiles files;
  for (const ReportFormat& format : kFormats)
    if (format.file_in_dir != nullptr) files.*format.path = (dir / format.file_in_dir).string();
  return files;
}

void write_report_files(const RunRecord& report, const ReportFiles& files, IfExists if_exists) {
  std::string chart_js;
  std::vector<OutputFile> set;
  for (const ReportFormat& format : kFormats) {
    const std::string& path = files.*format.path;
    if (path.empty()) continue;
    if (format.needs_chart_js) chart_js = load_chart_js();
    set.push_back({path, [&report, &chart_js, &format](std::ostream& out) {
                     const auto writer = format.make(out, chart_js);
                     write_report(*writer, report);
                   }});
  }
  write_outputs(set, if_exists);
}

std::size_t merge_report_dir(const std::filesystem::path& dir, std::ostream& console) {
  const RunRecord report = read_report_dir(dir);
  write_report_files(report, report_files_in(dir));
  write_report(*make_console_writer(console, false), report);
  return report.checks.size();
}

}  // namespace iogate
