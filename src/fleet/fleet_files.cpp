#include "iogate/fleet/fleet_writers.hpp"
#include "iogate/output_file.hpp"
#include "iogate/reports/report_formats.hpp"

namespace iogate {

void write_fleet_reports(const std::filesystem::path& dir, const FleetReport& report) {
  const std::string chart_js = load_chart_js();
  write_outputs({
      {dir / "fleet.md", [&](std::ostream& out) { write_fleet_markdown(out, report); }},
      {dir / "fleet-junit.xml", [&](std::ostream& out) { write_fleet_junit(out, report); }},
      {dir / "fleet.json",
       [&](std::ostream& out) {
         out << fleet_to_json(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
             << '\n';
       }},
      {dir / "fleet.html", [&](std::ostream& out) { write_fleet_html(out, report, chart_js); }},
      // For a pipeline's shell: `grep -qx "$LABEL" rerun.txt` needs no JSON parser on the host.
      {dir / "rerun.txt",
       [&](std::ostream& out) {
         for (const std::string& host : report.rerun_hosts()) out << host << '\n';
       }},
  });
}

}  // namespace iogate
