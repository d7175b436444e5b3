// The fleet's report files (fleet_files.hpp): every format's writer to its file, through the one
// output-file writer.
#include "fleet_files.hpp"

#include "fleet_formats.hpp"
#include "iogate/common/output_file.hpp"
#include "iogate/reports/report_formats.hpp"

namespace iogate {

namespace {

// The files, in the order of fleet_report_paths().
constexpr const char* kNames[] = {"fleet.md", "fleet-junit.xml", "fleet.json", "fleet.html",
                                  "rerun.txt"};

}  // namespace

std::vector<std::filesystem::path> fleet_report_paths(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> paths;
  for (const char* name : kNames) paths.push_back(dir / name);
  return paths;
}

void write_fleet_reports(const std::filesystem::path& dir, const FleetRecord& record) {
  const std::string chart_js = load_chart_js();
  const auto with = [&record](std::unique_ptr<FleetWriter> (*make)(std::ostream&)) {
    return [&record, make](std::ostream& out) { make(out)->write(record); };
  };
  const std::vector<std::filesystem::path> paths = fleet_report_paths(dir);
  write_outputs({
      {paths[0], with(make_fleet_markdown_writer)},
      {paths[1], with(make_fleet_junit_writer)},
      {paths[2], with(make_fleet_json_writer)},
      {paths[3], [&](std::ostream& out) { make_fleet_html_writer(out, chart_js)->write(record); }},
      {paths[4], with(make_fleet_rerun_writer)},
  });
}

}  // namespace iogate
