// iogate baseline import iometer RESULTS.csv --out BASELINE.json [--manager NAME]: the figures of
// an IOMeter run (its result CSV, iometer/result_csv.hpp) as a baseline that "N% of baseline"
// bounds compare with, one check per test, named as `iogate import iometer` names the checks it
// writes from the configuration (identifier_of the access specification: "Max Throughput-100%Read"
// -> Max_Throughput_100_Read).
//
// Whose figures: each test's ALL row (the whole test) when one manager ran it; with several, the
// MANAGER rows of the one --manager names (a manager is a host, and iogate measures one; the ALL
// row sums hosts). What it keeps: the row's IOps, MBps (MiB/s), average and maximum response
// time, one figure each (a 0 ms response time, which IOMeter writes when it measured none, is left
// out: a baseline figure must be above 0). % CPU is read but not kept: iogate bounds no CPU figure.
//
// The workload: only what the CSV states of the I/O's shape: the test's access specification as
// iometer/spec_shape.hpp makes it (block_size, read_pct, random_pct, and block_mix for several
// lines, absent for one), and queue_depth and workers where the row states them unambiguously (one
// target per worker, every worker at one queue depth). A check compares those keys only; its
// length, file and engine are not in the CSV. Refused, at their line: a test with I/O errors,
// without I/O, run by several managers with no --manager, a row naming no specification (its
// workers ran different ones), a specification iogate's mix cannot state (lines of different
// read or random shares, delays, replies), and two tests with one check name (IOMeter cycling a
// test over queue depths, or runs appended to one file). The baseline says it is IOMeter's; the
// check's lines say what one figure with no run-to-run spread means for the verdict (baseline.hpp,
// baseline_provenance). Exit 0 written, 2 bad input (nothing written).
#include <array>
#include <cctype>
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "baseline_import.hpp"
#include "commands.hpp"
#include "import/check_name.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iometer/result_csv.hpp"
#include "iometer/spec_shape.hpp"
#include "results/run_json.hpp"

namespace iogate::cli {
namespace {

[[noreturn]] void refuse(const iometer::ResultCsv& csv, int line, const std::string& key,
                         const std::string& problem) {
  throw ThresholdError(SourceLocation{csv.path, line, 1}, key, problem);
}

nlohmann::json stated_workload(const iometer::ResultCsv& csv, const iometer::ResultRow& row) {
  const iometer::ResultAccessSpec& spec = *row.spec;
  const iometer::SpecShape shape =
      iometer::shape_of_spec(spec.lines, SourceLocation{csv.path, spec.line, 1});
  WorkloadSpec w;
  w.block_size = shape.block_size;
  w.block_mix = shape.block_mix;
  w.read_pct = shape.read_pct;
  w.random_pct = shape.random_pct;
  const bool shaped = row.queue_depth && row.workers > 0 && row.workers == row.disks;
  if (shaped) {
    w.queue_depth = *row.queue_depth;
    w.workers = row.workers;
  }
  // block_mix is stated, as null for one size: a check drawing several differs.
  using F = WorkloadField;
  if (shaped) {
    return iogate::stated_workload(w, std::array{F::block_size, F::read_pct, F::random_pct,
                                                 F::block_mix, F::queue_depth, F::workers});
  }
  return iogate::stated_workload(
      w, std::array{F::block_size, F::read_pct, F::random_pct, F::block_mix});
}

// The row whose figures become the test's: the ALL row, or the named manager's.
const iometer::ResultRow& row_of(const iometer::ResultCsv& csv, const iometer::ResultTest& t,
                                 const std::string& manager) {
  if (manager.empty()) {
    if (t.all.managers != 1)
      refuse(csv, t.all.line, "# Managers",
             fmt::format("{} managers: the ALL row sums their hosts' figures, and iogate "
                         "measures one host; name the one to import with --manager (its MANAGER "
                         "rows hold its own figures)",
                         t.all.managers));
    return t.all;
  }
  const iometer::ResultRow* found = nullptr;
  for (const iometer::ResultRow& m : t.managers) {
    if (m.name != manager) continue;
    if (found != nullptr)
      refuse(csv, m.line, "MANAGER",
             fmt::format("a second MANAGER row of that name in one test (line {}): its figures "
                         "cannot be told apart",
                         found->line));
    found = &m;
  }
  if (found == nullptr)
    refuse(csv, t.results_line, "--manager",
           "no MANAGER row of that name in this test's results: the manager ran no worker in it, "
           "or IOMeter recorded no manager rows");
  return *found;
}

Baseline iometer_baseline(const std::string& file, const std::string& manager) {
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
  std::vector<int> lines;  // each check's row
  for (const iometer::ResultTest& t : csv.tests) {
    const iometer::ResultRow& row = row_of(csv, t, manager);
    if (!row.spec)
      refuse(csv, row.line, "Access Specification Name",
             "empty: IOMeter names no specification when the workers under this row ran "
             "different ones in one test, so the test has no one workload to compare with");
    if (row.errors > 0)
      refuse(csv, row.line, "Errors",
             fmt::format("IOMeter counted {} I/O errors in this test: its figures are no "
                         "known-good state",
                         row.errors));
    if (!(row.iops > 0) || !(row.mbps > 0))
      refuse(csv, row.line, row.iops > 0 ? "MBps" : "IOps",
             "0: no I/O completed in this test, so it has no figure to compare with");
    BaselineCheck c;
    c.name = import_core::identifier_of(row.spec->name);
    for (std::size_t i = 0; i < b.checks.size(); ++i)
      if (b.checks[i].name == c.name)
        refuse(csv, row.line, "Access Specification Name",
               fmt::format("a second test named {} (line {}): one figure per check, so a run "
                           "cycling queue depths, or runs appended to one file, cannot be one "
                           "baseline",
                           c.name, lines[i]));
    c.stated_keys_only = true;
    c.workload = stated_workload(csv, row);
    keep_imported_figure(c.samples, sample_key_of({Metric::iops}), row.iops);
    keep_imported_figure(c.samples, sample_key_of({Metric::mbps}), row.mbps);
    keep_imported_figure(c.samples, sample_key_of({Metric::latency_avg}), row.latency_avg_ms);
    keep_imported_figure(c.samples, sample_key_of({Metric::latency_max}), row.latency_max_ms);
    b.checks.push_back(std::move(c));
    lines.push_back(row.line);
  }
  return b;
}

}  // namespace

void add_baseline_import_iometer(CLI::App& baseline, int& exit_code) {
  auto manager = std::make_shared<std::string>();
  CLI::App& sub = add_baseline_import(
      baseline, exit_code,
      {"iometer", "A baseline from IOMeter's result CSV: one check per test, its ALL row's figures",
       "IOMeter's result CSV",
       [manager](const std::string& file) { return iometer_baseline(file, *manager); }});
  sub.add_option("--manager", *manager,
                 "Take this manager's (host's) figures, from its MANAGER rows: needed when "
                 "several managers ran the tests");
}

}  // namespace iogate::cli
