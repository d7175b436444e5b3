// `iogate baseline import TOOL RESULTS --out BASELINE [--force]`: one command per tool, each made
// by add_baseline_import from what reads that tool's results (baseline_import_iometer.cpp,
// baseline_import_diskspd.cpp); writing, refusing and the exit status are the same for all.
#pragma once

#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "iogate/baseline/baseline.hpp"

namespace iogate::cli {

struct BaselineImporter {
  std::string tool;          // the subcommand: "diskspd"
  std::string description;   // its line in `iogate baseline import --help`
  std::string results_help;  // what RESULTS is: "DiskSpd's results (XML)"
  // The results file as a baseline; a ThresholdError names its file and line.
  std::function<Baseline(const std::string& results)> read;
};

// Adds `baseline import <tool>`: reads RESULTS, writes the baseline through save_baseline
// (refused if it exists, unless --force) and says what it wrote. Exit 0 written, 2 bad input
// (nothing written). Returns the subcommand, for a tool's own options.
CLI::App& add_baseline_import(CLI::App& baseline, int& exit_code, BaselineImporter importer);

// `samples[key] = {value}` when the value is a figure a baseline can hold (finite, above 0: a
// tool writes 0 for what it did not measure).
void keep_imported_figure(MetricSamples& samples, const std::string& key, double value);

}  // namespace iogate::cli
