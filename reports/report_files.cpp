#include "iogate/reports/report_files.hpp"

#include <functional>
#include <vector>

#include "iogate/reports/report_formats.hpp"
#include "iogate/results/result_reader.hpp"

namespace iogate {
namespace {

using MakeWriter = std::function<std::unique_ptr<ReportWriter>(std::ostream&)>;

void add(std::vector<OutputFile>& set, const RunReport& report, const std::string& path,
         MakeWriter make) {
  if (path.empty()) return;
  set.push_back({path, [&report, make = std::move(make)](std::ostream& out) {
                   const auto writer = make(out);
                   write_report(*writer, report);
                 }});
}

}  // namespace

ReportFiles report_files_in(const std::filesystem::path& dir) {
  ReportFiles files;
  files.junit = (dir / "junit.xml").string();
  files.json = (dir / "results.json").string();
  files.gbench_json = (dir / "gbench.json").string();
  files.markdown = (dir / "summary.md").string();
  files.html = (dir / "report.html").string();
  files.prom = (dir / "metrics.prom").string();
  return files;  // IOMeter's CSV only where asked for: a suite's directory keeps its six
}

void write_report_files(const RunReport& report, const ReportFiles& files, IfExists if_exists) {
  std::vector<OutputFile> set;
  add(set, report, files.junit, [](std::ostream& o) { return make_junit_writer(o); });
  add(set, report, files.json, [](std::ostream& o) { return make_json_writer(o); });
  add(set, report, files.gbench_json, [](std::ostream& o) { return make_gbench_writer(o); });
  add(set, report, files.markdown, [](std::ostream& o) { return make_markdown_writer(o); });
  add(set, report, files.prom, [](std::ostream& o) { return make_prom_writer(o); });
  add(set, report, files.iometer_csv, [](std::ostream& o) { return make_iometer_csv_writer(o); });
  std::string chart_js;
  if (!files.html.empty()) {
    chart_js = load_chart_js();
    add(set, report, files.html,
        [&chart_js](std::ostream& o) { return make_html_writer(o, chart_js); });
  }
  write_outputs(set, if_exists);
}

std::size_t merge_report_dir(const std::filesystem::path& dir, std::ostream& console) {
  const RunReport report = read_report_dir(dir);
  write_report_files(report, report_files_in(dir));
  write_report(*make_console_writer(console, false), report);
  return report.checks.size();
}

}  // namespace iogate
