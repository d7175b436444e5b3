// The fleet's report files (fleet_files.hpp): every format's writer to its file, through the one
// output-file writer.
#include "iogate/reports/fleet_files.hpp"

#include "iogate/output_file.hpp"
#include "iogate/reports/fleet_formats.hpp"
#include "iogate/reports/report_formats.hpp"

namespace iogate {

void write_fleet_reports(const std::filesystem::path& dir, const FleetRecord& record) {
  const std::string chart_js = load_chart_js();
  const auto with = [&record](std::unique_ptr<FleetWriter> (*make)(std::ostream&)) {
    return [&record, make](std::ostream& out) { make(out)->write(record); };
  };
  write_outputs({
      {dir / "fleet.md", with(make_fleet_markdown_writer)},
      {dir / "fleet-junit.xml", with(make_fleet_junit_writer)},
      {dir / "fleet.json", with(make_fleet_json_writer)},
      {dir / "fleet.html",
       [&](std::ostream& out) { make_fleet_html_writer(out, chart_js)->write(record); }},
      {dir / "rerun.txt", with(make_fleet_rerun_writer)},
  });
}

}  // namespace iogate
