// iogate baseline import iometer RESULTS.csv --out BASELINE.json: the figures of an IOMeter run
// (its result CSV, iometer/result_csv.hpp) as a baseline that "N% of baseline" bounds compare
// with, one check per test, named as `iogate import iometer` names the checks it writes from the
// configuration (identifier_of the access specification: "Max Throughput-100%Read" ->
// Max_Throughput_100_Read).
//
// What it keeps: the ALL row's IOps, MBps (MiB/s), average and maximum response time, one figure
// each (a 0 ms response time, which IOMeter writes when it measured none, is left out: a baseline
// figure must be above 0). % CPU is read but not kept: iogate bounds no CPU figure.
//
// The workload: only what the CSV states of the I/O's shape: block_size, read_pct and random_pct
// from the test's access specification, block_mix as absent (one size), and queue_depth and
// workers where the ALL row states them unambiguously (one manager, one target per worker, every
// worker at one queue depth). A check compares those keys only; its length, file and engine are
// not in the CSV. Refused, at their line: a test with I/O errors, without I/O, run by several
// managers (their figures summed over hosts), a specification of several lines, with delays or
// replies, and two tests with one check name (IOMeter cycling a test over queue depths, or runs
// appended to one file). The baseline says it is IOMeter's; the check's lines say what one figure
// with no run-to-run spread means for the verdict (baseline.hpp, baseline_provenance). Exit 0
// written, 2 bad input (nothing written).
#include <array>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "baseline_import.hpp"
#include "commands.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/fio_job/job_mapping.hpp"
#include "iogate/iometer/result_csv.hpp"
#include "iogate/results/run_json.hpp"

namespace iogate::cli {
namespace {

[[noreturn]] void refuse(const iometer::ResultCsv& csv, int line, const std::string& key,
                         const std::string& problem) {
  throw ThresholdError(SourceLocation{csv.path, line, 1}, key, problem);
}

nlohmann::json stated_workload(const iometer::ResultCsv& csv, const iometer::ResultTest& t) {
  if (t.spec.lines.size() != 1)
    refuse(csv, t.spec.line, "'Access specification name",
           "a specification of several lines: not imported as a baseline (its block sizes' "
           "shares would be compared as a block_mix, which this import does not state yet)");
  const iometer::ResultSpecLine& l = t.spec.lines.front();
  if (l.of_size != 100)
    refuse(csv, l.line, "% of size", "expected 100 for a specification of one line");
  if (l.delay != 0 || l.reply != 0)
    refuse(csv, l.line, l.delay != 0 ? "delay" : "reply",
           "expected 0: no iogate check pauses between bursts or waits for network replies, so "
           "none could be compared with this test");
  WorkloadSpec w;
  w.block_size = l.size;
  w.read_pct = l.reads;
  w.random_pct = l.random;
  const bool shaped = t.queue_depth && t.workers > 0 && t.workers == t.disks;
  if (shaped) {
    w.queue_depth = *t.queue_depth;
    w.workers = t.workers;
  }
  // One size: a check drawing several differs (block_mix is stated, as null).
  using F = WorkloadField;
  if (shaped) {
    return iogate::stated_workload(w, std::array{F::block_size, F::read_pct, F::random_pct,
                                                 F::block_mix, F::queue_depth, F::workers});
  }
  return iogate::stated_workload(
      w, std::array{F::block_size, F::read_pct, F::random_pct, F::block_mix});
}

Baseline iometer_baseline(const std::string& file) {
  const iometer::ResultCsv csv = iometer::read_result_csv(file);
  Baseline b;
  b.iogate_version = IOGATE_VERSION;
  b.repeat = 1;
  // IOMeter's 'Version is a number ("1.1.0", "2006.07.27"); another writer of its format names
  // itself ("iogate 0.1.0", --iometer-csv), and is named so.
  const std::string& v = csv.version;
  const bool numbered = v.empty() || std::isdigit(static_cast<unsigned char>(v.front())) != 0;
  b.imported = BaselineImport{numbered ? fmt::format("IOMeter {}", v) : v, file};
  if (b.imported->tool.back() == ' ') b.imported->tool.pop_back();
  std::vector<int> lines;  // each check's ALL row
  for (const iometer::ResultTest& t : csv.tests) {
    if (t.errors > 0)
      refuse(csv, t.all_line, "Errors",
             fmt::format("IOMeter counted {} I/O errors in this test: its figures are no "
                         "known-good state",
                         t.errors));
    if (t.managers != 1)
      refuse(csv, t.all_line, "# Managers",
             fmt::format("{} managers: their figures are summed over hosts, and iogate measures "
                         "one (`iogate fleet` compares hosts)",
                         t.managers));
    if (!(t.iops > 0) || !(t.mbps > 0))
      refuse(csv, t.all_line, t.iops > 0 ? "MBps" : "IOps",
             "0: no I/O completed in this test, so it has no figure to compare with");
    BaselineCheck c;
    c.name = fio_job::identifier_of(t.spec.name);
    for (std::size_t i = 0; i < b.checks.size(); ++i)
      if (b.checks[i].name == c.name)
        refuse(csv, t.all_line, "Access Specification Name",
               fmt::format("a second test named {} (line {}): one figure per check, so a run "
                           "cycling queue depths, or runs appended to one file, cannot be one "
                           "baseline",
                           c.name, lines[i]));
    c.stated_keys_only = true;
    c.workload = stated_workload(csv, t);
    keep_imported_figure(c.samples, "iops", t.iops);
    keep_imported_figure(c.samples, "mbps", t.mbps);
    keep_imported_figure(c.samples, "latency_avg_ms", t.latency_avg_ms);
    keep_imported_figure(c.samples, "latency_max_ms", t.latency_max_ms);
    b.checks.push_back(std::move(c));
    lines.push_back(t.all_line);
  }
  return b;
}

}  // namespace

void add_baseline_import_iometer(CLI::App& baseline, int& exit_code) {
  add_baseline_import(
      baseline, exit_code,
      {"iometer", "A baseline from IOMeter's result CSV: one check per test, its ALL row's figures",
       "IOMeter's result CSV", iometer_baseline});
}

}  // namespace iogate::cli
