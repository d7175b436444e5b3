#include "iogate/fleet/fleet_writers.hpp"
#include "iogate/reports/report_files.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate/write_probe.hpp"

namespace iogate {

void write_fleet_reports(const std::filesystem::path& dir, const FleetReport& report) {
  // A directory that refuses files, or a name taken by a directory, is found before the first
  // file is written, so such a failure leaves none of the four rather than some.
  probe_writable_dir(dir);
  for (const char* name : {"fleet.md", "fleet-junit.xml", "fleet.json", "fleet.html"})
    probe_writable_file(dir / name);
  write_file_atomically(dir / "fleet.md",
                        [&](std::ostream& out) { write_fleet_markdown(out, report); });
  write_file_atomically(dir / "fleet-junit.xml",
                        [&](std::ostream& out) { write_fleet_junit(out, report); });
  write_file_atomically(dir / "fleet.json", [&](std::ostream& out) {
    out << fleet_to_json(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
        << '\n';
  });
  const std::string chart_js = load_chart_js();
  write_file_atomically(dir / "fleet.html",
                        [&](std::ostream& out) { write_fleet_html(out, report, chart_js); });
}

}  // namespace iogate
