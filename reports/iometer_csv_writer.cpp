// IOMeter's result CSV, so the scripts that read IOMeter's results keep working on iogate's runs:
// a run is one IOMeter run and each check one of its tests, every line in the shape IOMeter 1.1.0
// writes it (tests/data/iometer/results/README.md gives each shape's writer function):
//
//   'Test Type,Test Description / 0,<suite>   'Version / iogate's   'Time Stamp / start (UTC)
//                                             once, at the run's start [CPageSetup::SaveResults]
//   per check: 'Access specifications ... 'End access specifications, every line ending with a
//   comma [AccessSpecList::SaveResults]; 'Results, IOMeter's 80-column header, an ALL row and a
//   MANAGER row (the host) [ManagerList/Manager::SaveResults]; 'Time Stamp (the check's end)
//   'End Test                                 once, when the run has ended [CGalileoView::TestDone]
//
// Lines end CRLF, as IOMeter's Windows text mode writes them. Names are written as IOMeter writes
// its targets' (Worker::SaveResults): unquoted, commas and line breaks as spaces (so are other
// control characters here), since IOMeter's readers split on commas. The check's name is the
// access specification's, so a file written here reads back as figures keyed like the checks
// (`iogate baseline import iometer`).
//
// Read and write response times are each direction's own (RunResult::read_latency,
// write_latency), left empty for a direction the run did no I/O in, as for a result read back
// from before they were kept. The latency bins ("0 to 50 uS" ... " >= 10 s") count the run's I/Os
// by response time from iogate's histogram, each histogram bucket in the bin holding its middle
// (a bucket spans under 0.8% of its values, so only I/Os that close to a bin's edge can land in
// the bin beside theirs). What iogate does not measure is left empty, never written as a figure:
// transactions and connections of network workers, the raw timer sums, the CPU's split into user,
// privileged, DPC and interrupt time, network counters, the processor speed, and the per-processor
// rows (PROCESSOR), which IOMeter writes from figures iogate does not take. Errors are 0: a run
// with an I/O error fails and has no figures. Response times are in ms, MiBps (Binary) in MiB/s, as
// IOMeter's; IOMeter's "Transactions per Second" of a disk worker is its I/Os per second, and so it
// is here.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/reports/report_formats.hpp"

namespace iogate {
namespace {

// IOMeter 1.1.0's results header (ManagerList::SaveResults), its spelling kept to the space in
// " >= 10 s": readers find columns by these names.
constexpr std::array<std::string_view, 80> kColumns{
    "Target Type",
    "Target Name",
    "Access Specification Name",
    "# Managers",
    "# Workers",
    "# Disks",
    "IOps",
    "Read IOps",
    "Write IOps",
    "MiBps (Binary)",
    "Read MiBps (Binary)",
    "Write MiBps (Binary)",
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
    "Segments Retransmitted/Second",
    "0 to 50 uS",
    "50 to 100 uS",
    "100 to 200 uS",
    "200 to 500 uS",
    "0.5 to 1 mS",
    "1 to 2 mS",
    "2 to 5 mS",
    "5 to 10 mS",
    "10 to 15 mS",
    "15 to 20 mS",
    "20 to 30 mS",
    "30 to 50 mS",
    "50 to 100 mS",
    "100 to 200 mS",
    "200 to 500 mS",
    "0.5 to 1 S",
    "1 to 2 s",
    "2 to 4.7 s",
    "4.7 to 5 s",
    "5 to 10 s",
    " >= 10 s",
};
// Where the latency bins start, and each bin's lower edge in ns (the first is 0).
constexpr std::size_t kFirstBin = 59;
constexpr std::array<std::uint64_t, 21> kBinLowNs{0,
                                                  50'000,
                                                  100'000,
                                                  200'000,
                                                  500'000,
                                                  1'000'000,
                                                  2'000'000,
                                                  5'000'000,
                                                  10'000'000,
                                                  15'000'000,
                                                  20'000'000,
                                                  30'000'000,
                                                  50'000'000,
                                                  100'000'000,
                                                  200'000'000,
                                                  500'000'000,
                                                  1'000'000'000,
                                                  2'000'000'000,
                                                  4'700'000'000,
                                                  5'000'000'000,
                                                  10'000'000'000};
static_assert(kFirstBin + kBinLowNs.size() == kColumns.size());

// Text as IOMeter writes a name: unquoted, its separators and control characters as spaces. A
// name a spreadsheet would run as a formula (a host label "=HYPERLINK(...)", "+", "-", "@") gets
// a leading "'", which spreadsheets read as "text" and show without it.
std::string field(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == ',' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  if (!out.empty() && std::string_view("=+-@").find(out.front()) != std::string_view::npos)
    out.insert(out.begin(), '\'');
  return out;
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

// IOMeter's Windows text mode.
constexpr std::string_view kEol = "\r\n";

class IometerCsvWriter final : public ReportWriter {
 public:
  using ReportWriter::ReportWriter;

  void begin(const RunContext& context) override {
    context_ = context;
    // Test type 0: IOMeter's normal test, one test per access specification.
    out() << "'Test Type,Test Description" << kEol << "0," << field(context.suite) << kEol
          << "'Version" << kEol << field("iogate " + context.iogate_version) << kEol
          << "'Time Stamp" << kEol << iometer_time(context.started_at) << kEol;
  }

  void check(const CheckRecord& c) override {
    access_specification(c);
    out() << "'Results" << kEol << '\'';
    for (std::size_t i = 0; i < kColumns.size(); ++i) out() << (i ? "," : "") << kColumns[i];
    out() << kEol;
    row(c, "ALL", "All");
    row(c, "MANAGER", context_.host_shown());
    out() << "'Time Stamp" << kEol
          << iometer_time(c.end_time.empty() ? context_.started_at : c.end_time) << kEol;
  }

  void end() override {
    out() << "'End Test" << kEol;
    out().flush();
  }

 private:
  // The workload as IOMeter's lines: one per block size, each at the check's read and random
  // shares, no delay, bursts of 1, aligned to the block size (iogate's alignment); default
  // assignment 0 (none).
  void access_specification(const CheckRecord& c) {
    const WorkloadSpec& w = c.workload;
    out() << "'Access specifications" << kEol << "'Access specification name,default assignment"
          << kEol << field(c.check) << ",0" << kEol
          << "'size,% of size,% reads,% random,delay,burst,align,reply" << kEol;
    std::vector<BlockSizeShare> lines = w.block_mix;
    if (lines.empty()) lines.push_back({w.block_size, 100});
    for (const BlockSizeShare& l : lines)
      out() << fmt::format("{},{:g},{:g},{:g},0,1,{},0,", l.block_size, l.pct, w.read_pct,
                           w.random_pct, w.block_size)
            << kEol;
    out() << "'End access specifications" << kEol;
  }

  // The I/Os by IOMeter's response-time bins.
  static std::array<std::uint64_t, kBinLowNs.size()> bins(const LatencyHistogram& h) {
    std::array<std::uint64_t, kBinLowNs.size()> out{};
    for (const LatencyHistogram::Bucket& b : h.nonempty_buckets()) {
      // The bucket's middle stands for its I/Os (the topmost bucket, open above, its low edge).
      const std::uint64_t at = b.high_ns == std::numeric_limits<std::uint64_t>::max()
                                   ? b.low_ns
                                   : b.low_ns + (b.high_ns - b.low_ns) / 2;
      const auto above = std::upper_bound(kBinLowNs.begin(), kBinLowNs.end(), at);
      out[static_cast<std::size_t>(above - kBinLowNs.begin()) - 1] += b.count;
    }
    return out;
  }

  void row(const CheckRecord& c, std::string_view type, const std::string& name) {
    const RunResult& r = c.result;
    const double s = r.elapsed_s > 0 ? r.elapsed_s : 1;
    const bool all = type == "ALL";
    std::map<std::string, std::string, std::less<>> v;
    v["Target Type"] = std::string(type);
    v["Target Name"] = field(name);
    v["Access Specification Name"] = field(c.check);
    if (all) v["# Managers"] = "1";  // IOMeter leaves a MANAGER row's empty
    v["# Workers"] = std::to_string(r.workers);
    v["# Disks"] = std::to_string(r.workers);  // each worker its region of the one test file
    v["IOps"] = number(r.iops());
    v["Read IOps"] = number(r.iops_of(IoDirection::read));
    v["Write IOps"] = number(r.iops_of(IoDirection::write));
    v["MiBps (Binary)"] = number(r.mbps());
    v["Read MiBps (Binary)"] = number(r.mbps_of(IoDirection::read));
    v["Write MiBps (Binary)"] = number(r.mbps_of(IoDirection::write));
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
    // Connection rate off: IOMeter's -1, "not the same for all" (AMBIGUOUS_VALUE).
    v["Transactions per Connection"] = "-1";
    v["Starting Sector"] = "0";
    v["Maximum Size"] = std::to_string(c.workload.file_size / kIometerSector);
    v["Queue Depth"] = std::to_string(r.queue_depth);
    v["% CPU Utilization"] = number(r.cpu_system_pct);
    if (r.cpu_system_pct > 0) v["CPU Effectiveness"] = number(r.iops() / r.cpu_system_pct);
    for (const char* k : {"Packets/Second", "Packet Errors", "Segments Retransmitted/Second"})
      v[k] = number(0);
    for (std::size_t i = 0; i < kFirstBin; ++i) {
      const auto it = v.find(kColumns[i]);
      out() << (i ? "," : "") << (it == v.end() ? "" : it->second);
    }
    for (const std::uint64_t n : bins(r.latency)) out() << ',' << n;
    out() << kEol;
  }

  RunContext context_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_iometer_csv_writer(std::ostream& out) {
  return std::make_unique<IometerCsvWriter>(out);
}

}  // namespace iogate
