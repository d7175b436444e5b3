// fleet-junit.xml (fleet_formats.hpp): a testcase per host and check, so a dashboard lists a
// check's hosts.
#include <fmt/format.h>

#include "fleet_formats.hpp"
#include "reports/xml_text.hpp"

namespace iogate {
namespace {

struct Counts {
  int tests = 0, failures = 0, skipped = 0;
};

Counts count(const FleetGroup& g) {
  Counts c;
  for (const HostVerdict& h : g.hosts) {
    ++c.tests;
    c.failures += h.outlier() ? 1 : 0;
    c.skipped += h.not_compared.empty() && !h.undecided() ? 0 : 1;
  }
  return c;
}

void testcase(std::ostream& out, const FleetGroup& g, const HostVerdict& h) {
  out << fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"0\">\n",
                     xml::attribute("fleet." + g.suite + "." + g.check), xml::attribute(h.host));
  if (!h.not_compared.empty()) {
    out << fmt::format("      <skipped message=\"{}\"/>\n", xml::attribute(h.not_compared));
  } else if (h.outlier()) {
    out << fmt::format("      <failure type=\"fleet-outlier\" message=\"{}\">{}</failure>\n",
                       xml::attribute(h.explanation), xml::text(h.explanation + "\n"));
  } else if (h.undecided()) {
    // Neither passed nor failed: a dashboard shows it apart, and the message says to rerun.
    out << fmt::format("      <skipped message=\"{}\"/>\n", xml::attribute(h.explanation));
  }
  std::string figures =
      "source=" + h.source + "\nstatus=" + h.status + "\npeers=" + g.peer_class + "\n";
  for (const FigureVerdict& f : h.figures)
    figures += fmt::format(
        "{}={:g} peer_median={:g} ratio={:.3f}{}{} runs={} verdict={}\n", f.key, f.comparison.value,
        f.comparison.peer_median, f.comparison.ratio,
        f.shortfall.has_interval
            ? fmt::format(" interval={:.3f}-{:.3f}", f.shortfall.ratio_low, f.shortfall.ratio_high)
            : std::string(),
        f.comparison.robust_z ? fmt::format(" z={:.2f}", *f.comparison.robust_z) : std::string(),
        f.shortfall.runs, fleet_verdict_name(f.shortfall.verdict));
  out << "      <system-out>" << xml::text(figures) << "</system-out>\n";
  out << "    </testcase>\n";
}

void write_fleet_junit(std::ostream& out, const FleetRecord& report) {
  Counts all;
  for (const FleetGroup& g : report.groups) {
    const Counts c = count(g);
    all.tests += c.tests;
    all.failures += c.failures;
    all.skipped += c.skipped;
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << fmt::format(
             "<testsuites name=\"iogate fleet\" tests=\"{}\" failures=\"{}\" errors=\"0\" "
             "time=\"0\">\n",
             all.tests, all.failures);
  for (const FleetGroup& g : report.groups) {
    const Counts c = count(g);
    out << fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" "
        "time=\"0\">\n",
        xml::attribute("fleet." + g.suite + "." + g.check), c.tests, c.failures, c.skipped);
    out << "    <properties>\n"
        << fmt::format("      <property name=\"peers\" value=\"{}\"/>\n",
                       xml::attribute(g.peer_class))
        << fmt::format("      <property name=\"workload\" value=\"{}\"/>\n",
                       xml::attribute(g.workload_identity));
    if (!g.limit.empty())
      out << fmt::format("      <property name=\"limit\" value=\"{}\"/>\n",
                         xml::attribute(g.limit));
    out << "    </properties>\n";
    for (const HostVerdict& h : g.hosts) testcase(out, g, h);
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

class FleetJunitWriter final : public FleetWriter {
 public:
  using FleetWriter::FleetWriter;
  void write(const FleetRecord& record) override { write_fleet_junit(out(), record); }
};

}  // namespace

std::unique_ptr<FleetWriter> make_fleet_junit_writer(std::ostream& out) {
  return std::make_unique<FleetJunitWriter>(out);
}

}  // namespace iogate
