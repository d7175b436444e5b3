// iogate baseline import diskspd RESULT.xml --out BASELINE.json: DiskSpd's measured figures
// as a baseline that "N% of baseline" bounds compare with, one check per test, named as the
// matching `iogate import` names the checks it writes (timespan_1 ...).
//
// What it keeps: IOPS and MiB/s, and where the tool measured latency its average, maximum and
// percentiles (0 ms figures, which a rounding tool writes for the fastest I/Os, are left out: a
// baseline figure must be above 0). The workload: only what the results file states of the I/O's
// shape (block size, read and random shares, queue depth, threads, caching), from the profile the
// results carry; a check compares those keys only. The baseline says where it came from; the
// check's lines say what one figure with no runs means for the verdict (baseline.hpp,
// baseline_provenance). Exit 0 written, 2 bad input (nothing written).
#include <cmath>

#include <fmt/format.h>

#include "baseline_import.hpp"
#include "commands.hpp"
#include "diskspd/profile.hpp"
#include "diskspd/results.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iogate/results/labels.hpp"
#include "results/run_json.hpp"

namespace iogate::cli {
namespace {

// The workload keys a DiskSpd profile states: the shape of the I/O, not its length or its file.
// DiskSpd defines every one, so a key the profile's workload lacks is one it ran without (null:
// one block size, not a mix).
constexpr WorkloadField kStatedFields[] = {
    WorkloadField::block_size, WorkloadField::block_mix,    WorkloadField::read_pct,
    WorkloadField::random_pct, WorkloadField::queue_depth,  WorkloadField::workers,
    WorkloadField::direct,     WorkloadField::write_through};

Baseline diskspd_baseline(const std::string& file) {
  const diskspd::DiskspdResults results = diskspd::read_results(file);
  std::vector<import_core::ImportedCheck> profile;
  try {
    profile = diskspd::import_profile(file);
  } catch (const ThresholdError& e) {
    throw ThresholdError(e.where(), e.key(),
                         "the results' <Profile>, which says what ran: " + e.problem());
  }
  Baseline b;
  b.iogate_version = IOGATE_VERSION;
  b.host = results.computer;
  if (host_label_problem(b.host)) b.host.clear();  // a name iogate cannot hold: not kept
  b.repeat = 1;
  b.imported = BaselineImport{
      fmt::format("DiskSpd{}", results.version.empty() ? std::string() : " " + results.version),
      file};
  for (const diskspd::TimeSpanFigures& f : results.spans) {
    BaselineCheck c;
    c.name = f.check_name;
    c.stated_keys_only = true;
    for (const import_core::ImportedCheck& p : profile)
      if (p.check_name == f.check_name) c.workload = stated_workload(p.workload, kStatedFields);
    if (c.workload.is_null())
      throw ThresholdError(f.where, "<TimeSpan>", "no time span of the <Profile> ran as this one");
    keep_imported_figure(c.samples, sample_key_of({Metric::iops}), f.iops());
    keep_imported_figure(c.samples, sample_key_of({Metric::mbps}), f.mbps());
    if (f.latency_avg_ms)
      keep_imported_figure(c.samples, sample_key_of({Metric::latency_avg}), *f.latency_avg_ms);
    // DiskSpd's 100th percentile is its maximum.
    for (const auto& [pct, ms] : f.latency_percentiles_ms) {
      if (pct == 100)
        keep_imported_figure(c.samples, sample_key_of({Metric::latency_max}), ms);
      else if (pct > 0)
        keep_imported_figure(c.samples, sample_key_of({Metric::latency_percentile, pct}), ms);
    }
    b.checks.push_back(std::move(c));
  }
  return b;
}

}  // namespace

void add_baseline_import_diskspd(CLI::App& baseline, int& exit_code) {
  add_baseline_import(
      baseline, exit_code,
      {"diskspd", "A baseline from DiskSpd's XML results (-Rxml): one check per time span",
       "DiskSpd's results (XML)", diskspd_baseline});
}

}  // namespace iogate::cli
