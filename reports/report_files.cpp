#include "iogate/reports/report_files.hpp"

#include <cerrno>
#include <fstream>
#include <functional>
#include <system_error>

#include "iogate/reports/report_formats.hpp"
#include "iogate/reports/result_reader.hpp"

namespace iogate {
namespace {

using MakeWriter = std::function<std::unique_ptr<ReportWriter>(std::ostream&)>;

void write_one(const RunReport& report, const std::string& path, const MakeWriter& make) {
  if (path.empty()) return;
  write_file_atomically(path, [&](std::ostream& out) {
    const auto writer = make(out);
    write_report(*writer, report);
  });
}

}  // namespace

void write_file_atomically(const std::filesystem::path& target,
                           const std::function<void(std::ostream&)>& write) {
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path());
  // A directory in the way would only fail the rename below, after the whole report was written.
  if (std::filesystem::is_directory(target))
    throw std::system_error(EISDIR, std::generic_category(), "write " + target.string());
  std::filesystem::path tmp = target;
  tmp += ".tmp";
  try {
    std::ofstream out(tmp, std::ios::trunc | std::ios::binary);
    if (!out) throw std::system_error(errno, std::generic_category(), "open " + tmp.string());
    write(out);
    out.close();
    if (!out) throw std::system_error(errno, std::generic_category(), "write " + tmp.string());
    std::filesystem::rename(tmp, target);
  } catch (...) {
    std::error_code ignored;  // the report is lost either way; leave no half of it behind
    std::filesystem::remove(tmp, ignored);
    throw;
  }
}

ReportFiles report_files_in(const std::filesystem::path& dir) {
  return {(dir / "junit.xml").string(), (dir / "results.json").string(),
          (dir / "gbench.json").string(), (dir / "summary.md").string(),
          (dir / "report.html").string()};
}

void write_report_files(const RunReport& report, const ReportFiles& files) {
  write_one(report, files.junit, [](std::ostream& o) { return make_junit_writer(o); });
  write_one(report, files.json, [](std::ostream& o) { return make_json_writer(o); });
  write_one(report, files.gbench_json, [](std::ostream& o) { return make_gbench_writer(o); });
  write_one(report, files.markdown, [](std::ostream& o) { return make_markdown_writer(o); });
  if (!files.html.empty()) {
    const std::string chart_js = load_chart_js();
    write_one(report, files.html,
              [&chart_js](std::ostream& o) { return make_html_writer(o, chart_js); });
  }
}

std::size_t merge_report_dir(const std::filesystem::path& dir, std::ostream& console) {
  const RunReport report = read_report_dir(dir);
  write_report_files(report, report_files_in(dir));
  write_report(*make_console_writer(console, false), report);
  return report.checks.size();
}

}  // namespace iogate
