// IOMeter's result CSV, so the scripts that read IOMeter's results keep working on iogate's runs:
// per check one IOMeter test, laid out as IOMeter 1.1 writes a test (ManagerList::SaveResults):
//
//   'Test Description / the suite and check      'Version / iogate's      'Time Stamp / start (UTC)
//   'Access specifications ... 'End access specifications   the workload as IOMeter spells it
//   'Results, IOMeter's 59-column header, an ALL row and a MANAGER row (the host), 'Time Stamp,
//   'End Test
//
// The check's name is the access specification's, so a file written here reads back as figures
// keyed like the checks (`iogate baseline import iometer`). Read and write response times are
// each direction's own (RunResult::read_latency, write_latency), left empty for a direction the
// run did no I/O in, as for a result read back from before they were kept. What iogate does not
// measure is left empty, never written as a figure: transactions and connections of network
// workers, the raw timer sums, the CPU's split into user, privileged, DPC and interrupt time,
// network counters.
// Errors are 0: a run with an I/O error fails and has no figures. Response times are in ms, MBps
// (Binary) in MiB/s, as IOMeter's; IOMeter's "Transactions per Second" of a disk worker is its
// I/Os per second, and so it is here. Text from records (check and host names) is made a CSV
// field: quoted when it holds a comma, a quote or a line break.
#include <fmt/format.h>

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/reports/report_formats.hpp"

namespace iogate {
namespace {

constexpr std::array<std::string_view, 59> kColumns{"Target Type",
                                                    "Target Name",
                                                    "Access Specification Name",
                                                    "# Managers",
                                                    "# Workers",
                                                    "# Disks",
                                                    "IOps",
                                                    "Read IOps",
                                                    "Write IOps",
                                                    "MBps (Binary)",
                                                    "Read MBps (Binary)",
                                                    "Write MBps (Binary)",
                                                    "MBps (Decimal)",
                                                    "Read MBps (Decimal)",
                                                    "Write MBps (Decimal)",
                                                    "Transactions per Second",
                                                    "Connections per Second",
                                                    "Average Response Time",
                                                    "Average Read Response Time",
                                                    "Average Write Response Time",
                                                    "Average Transaction Time",
                                                    "Average Connection Time",
                                                    "Maximum Response Time",
                                                    "Maximum Read Response Time",
                                                    "Maximum Write Response Time",
                                                    "Maximum Transaction Time",
                                                    "Maximum Connection Time",
                                                    "Errors",
                                                    "Read Errors",
                                                    "Write Errors",
                                                    "Bytes Read",
                                                    "Bytes Written",
                                                    "Read I/Os",
                                                    "Write I/Os",
                                                    "Connections",
                                                    "Transactions per Connection",
                                                    "Total Raw Read Response Time",
                                                    "Total Raw Write Response Time",
                                                    "Total Raw Transaction Time",
                                                    "Total Raw Connection Time",
                                                    "Maximum Raw Read Response Time",
                                                    "Maximum Raw Write Response Time",
                                                    "Maximum Raw Transaction Time",
                                                    "Maximum Raw Connection Time",
                                                    "Total Raw Run Time",
                                                    "Starting Sector",
                                                    "Maximum Size",
                                                    "Queue Depth",
                                                    "% CPU Utilization",
                                                    "% User Time",
                                                    "% Privileged Time",
                                                    "% DPC Time",
                                                    "% Interrupt Time",
                                                    "Processor Speed",
                                                    "Interrupts per Second",
                                                    "CPU Effectiveness",
                                                    "Packets/Second",
                                                    "Packet Errors",
                                                    "Segments Retransmitted/Second"};

// One line's text as a CSV field (RFC 4180): control characters as spaces, quoted when needed.
std::string field(std::string_view text) {
  std::string out;
  bool quote = false;
  for (const char c : text) {
    if (c == '"') {
      out += "\"\"";
      quote = true;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      out += ' ';
    } else {
      quote = quote || c == ',';
      out += c;
    }
  }
  return quote ? "\"" + out + "\"" : out;
}

std::string number(double x) { return fmt::format("{:.6f}", x); }

// An ISO 8601 time as IOMeter stamps its tests, "2026-11-30 18:00:00:000" (UTC here).
std::string iometer_time(std::string_view iso) {
  if (iso.size() < 19 || iso[10] != 'T') return field(iso);
  std::string out(iso.substr(0, 10));
  out += ' ';
  out += iso.substr(11, 8);
  std::string ms = "000";
  if (iso.size() > 20 && iso[19] == '.')
    for (std::size_t i = 0; i < 3 && 20 + i < iso.size() && iso[20 + i] != 'Z'; ++i)
      ms[i] = iso[20 + i];
  return field(out + ":" + ms);
}

// IOMeter's sizes ("Maximum Size", "Starting Sector") count 512-byte sectors.
constexpr std::uint64_t kIometerSector = 512;

class IometerCsvWriter final : public ReportWriter {
 public:
  using ReportWriter::ReportWriter;

  void begin(const RunContext& context) override { context_ = context; }

  void check(const CheckRecord& c) override {
    out() << "'Test Description\n"
          << field(c.suite.empty() ? c.check : c.suite + ": " + c.check) << "\n'Version\n"
          << field("iogate " + context_.iogate_version) << "\n'Time Stamp\n"
          << iometer_time(c.start_time.empty() ? context_.started_at : c.start_time) << '\n';
    access_specification(c);
    out() << "'Results\n'";
    for (std::size_t i = 0; i < kColumns.size(); ++i) out() << (i ? "," : "") << kColumns[i];
    out() << '\n';
    row(c, "ALL", "All");
    row(c, "MANAGER", context_.host_shown());
    out() << "'Time Stamp\n"
          << iometer_time(c.end_time.empty() ? context_.started_at : c.end_time) << "\n'End Test\n";
  }

  void end() override { out().flush(); }

 private:
  // The workload as IOMeter's lines: one per block size, each at the check's read and random
  // shares, no delay, bursts of 1, aligned to the block size (iogate's alignment).
  void access_specification(const CheckRecord& c) {
    const WorkloadSpec& w = c.workload;
    out() << "'Access specifications\n'Access specification name,default assignment\n"
          << field(c.check) << ",NONE\n'size,% of size,% reads,% random,delay,burst,align,reply\n";
    std::vector<BlockSizeShare> lines = w.block_mix;
    if (lines.empty()) lines.push_back({w.block_size, 100});
    for (const BlockSizeShare& l : lines)
      out() << fmt::format("{},{:g},{:g},{:g},0,1,{},0\n", l.block_size, l.pct, w.read_pct,
                           w.random_pct, w.block_size);
    out() << "'End access specifications\n";
  }

  void row(const CheckRecord& c, std::string_view type, const std::string& name) {
    const RunResult& r = c.result;
    const double s = r.elapsed_s > 0 ? r.elapsed_s : 1;
    std::map<std::string, std::string, std::less<>> v;
    v["Target Type"] = std::string(type);
    v["Target Name"] = field(name);
    v["Access Specification Name"] = field(c.check);
    v["# Managers"] = "1";
    v["# Workers"] = std::to_string(r.workers);
    v["# Disks"] = "1";
    v["IOps"] = number(r.iops());
    v["Read IOps"] = number(r.iops_of(IoDirection::read));
    v["Write IOps"] = number(r.iops_of(IoDirection::write));
    v["MBps (Binary)"] = number(r.mbps());
    v["Read MBps (Binary)"] = number(r.mbps_of(IoDirection::read));
    v["Write MBps (Binary)"] = number(r.mbps_of(IoDirection::write));
    v["MBps (Decimal)"] = number(static_cast<double>(r.bytes()) / 1e6 / s);
    v["Read MBps (Decimal)"] = number(static_cast<double>(r.bytes_read) / 1e6 / s);
    v["Write MBps (Decimal)"] = number(static_cast<double>(r.bytes_written) / 1e6 / s);
    v["Transactions per Second"] = number(r.iops());
    v["Connections per Second"] = number(0);
    v["Average Response Time"] = number(r.lat_avg_ms());
    v["Average Transaction Time"] = number(r.lat_avg_ms());
    v["Average Connection Time"] = number(0);
    v["Maximum Response Time"] = number(r.lat_max_ms());
    v["Maximum Transaction Time"] = number(r.lat_max_ms());
    v["Maximum Connection Time"] = number(0);
    for (const IoDirection d : {IoDirection::read, IoDirection::write}) {
      const LatencyHistogram& h = r.latency_of(d);
      if (!r.has_direction(d) || h.count() == 0) continue;
      const std::string_view side = d == IoDirection::read ? "Read" : "Write";
      v[fmt::format("Average {} Response Time", side)] = number(avg_ms(h));
      v[fmt::format("Maximum {} Response Time", side)] = number(max_ms(h));
    }
    for (const char* k : {"Errors", "Read Errors", "Write Errors", "Connections"}) v[k] = "0";
    v["Bytes Read"] = std::to_string(r.bytes_read);
    v["Bytes Written"] = std::to_string(r.bytes_written);
    v["Read I/Os"] = std::to_string(r.ios_read);
    v["Write I/Os"] = std::to_string(r.ios_written);
    v["Starting Sector"] = "0";
    v["Maximum Size"] = std::to_string(c.workload.file_size / kIometerSector);
    v["Queue Depth"] = std::to_string(r.queue_depth);
    v["% CPU Utilization"] = number(r.cpu_system_pct);
    if (r.cpu_system_pct > 0) v["CPU Effectiveness"] = number(r.iops() / r.cpu_system_pct);
    for (std::size_t i = 0; i < kColumns.size(); ++i) {
      const auto it = v.find(kColumns[i]);
      out() << (i ? "," : "") << (it == v.end() ? "" : it->second);
    }
    out() << '\n';
  }

  RunContext context_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_iometer_csv_writer(std::ostream& out) {
  return std::make_unique<IometerCsvWriter>(out);
}

}  // namespace iogate
