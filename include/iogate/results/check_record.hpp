// The result records every writer formats: computed once by whoever ran the checks (the suite
// fixture, `iogate check`), never recomputed by a writer. A writer reads these and nothing else:
// it knows no engine, threshold file or datastore code.
#pragma once

#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "iogate/datastore/storage_stack.hpp"
#include "iogate/engine/run_result.hpp"
#include "iogate/engine/workload.hpp"

namespace iogate {

enum class CheckStatus { pass, fail, unstable, skipped, error };
const char* status_name(CheckStatus s);  // "pass", "fail", "unstable", "skipped", "error"

// One expectation held against a baseline: what the baseline measured, what this run measured.
struct BaselineFigure {
  std::string key;      // the expectation key, e.g. "iops_min"
  double baseline = 0;  // median of the baseline's samples, in the metric's unit
  double current = 0;   // median of this run's samples
  // The baseline's own spread, its lowest and highest sample: the band a history page draws
  // around the baseline. NaN when unknown (results written before it was recorded).
  double baseline_low = NAN;
  double baseline_high = NAN;
  double delta_pct() const { return baseline != 0 ? (current / baseline - 1.0) * 100.0 : 0.0; }
};

// The figures behind an expectation's evidence, for charts: which figure it bounds and where the
// bound and the verdict's interval lie. Every number NaN when unknown (a peers bound has no bound
// here; results written before these were recorded have none at all).
struct BoundFigures {
  // The figure bounded, as the verdict and the baseline name it: "iops", "mbps", "duration_s",
  // "latency_avg_ms", "latency_max_ms", "latency_p99_ms", "latency_p99.9_ms" ...; empty: unknown.
  std::string figure;
  double bound = NAN;     // in the figure's unit; a relative bound resolved on the baseline median
  double estimate = NAN;  // as judged: the median run, the pooled percentile, or now/baseline
  double low = NAN;       // the verdict's interval around `estimate`, in the same terms
  double high = NAN;
  bool ratio = false;  // estimate, low and high are ratios now/baseline (a relative bound)
};

// One expectation as the verdict weighed it (iogate/verdicts/evidence.hpp).
struct ExpectationRecord {
  std::string key;       // "iops_min"
  std::string decision;  // "holds", "broken", "undecided", or "fleet" for a peers bound
  std::string evidence;  // "iops 2790.10-2890.55 (iops_min 300.00)": interval and bound, as read
  // "70% of peers" -> 0.7: the bound iogate fleet judges (decision "fleet"); none for the others.
  std::optional<double> peers;
  BoundFigures figures;
};

// A shortfall weighed again after a pause (verdicts/confirmation.hpp): what the first
// sample showed, and what a second one, taken later, found.
struct ConfirmationRecord {
  // "persisted" (a FAIL), "transient" (a PASS: the first sample's shortfall went away),
  // "disagreed" (UNSTABLE: one sample leaned to holding, the other to breaking) or "undecided"
  // (UNSTABLE: the samples agreed, but even together could not decide).
  std::string outcome;
  std::string first_at;             // when the first sample began (ISO 8601, UTC, milliseconds)
  int first_runs = 0;               // its runs: the first first_runs of CheckRecord::repeats
  std::vector<std::string> first;   // what it found: "iops 0.44-0.52x baseline ...: broken"
  double pause_s = 0;               // the pause between the samples
  std::string second_at;            // when the second sample began
  std::vector<std::string> second;  // what it found: its shortfalls, or its judgements
  // Expectations both samples leaned the same way on, judged on their runs together:
  // "iops 0.70-0.80x baseline (bound 0.90x) after 40 runs: broken"
  std::vector<std::string> together;
  // "transient: first sample at 2026-12-03T18:42:07.113Z: iops 0.44-0.52x baseline (bound 0.90x)
  // after 5 runs: broken; after a 30 s pause: iops 0.97-1.03x baseline (bound 0.90x) after 5
  // runs: holds", and "; both samples together: ..." when they were weighed together
  std::string line() const;
};

struct CheckRecord {
  std::string suite;
  std::string check;
  std::string description;
  CheckStatus status = CheckStatus::pass;
  // One line per shortfall for fail/unstable, the skip reason, or the error: what a CI log shows.
  std::vector<std::string> messages;
  WorkloadSpec workload;
  RunResult result;                // the run the figures come from (the median one when repeated)
  std::vector<RunResult> repeats;  // every repetition, in order; empty when run once
  // Which of the repeats `result` is, from 1 (the table row and the throughput chart show it);
  // 0 when run once, or in results written before it was recorded.
  int shown_run = 0;
  // "run 3 of 6" (the median one, by the check's first figure), "run 2 of the second sample's 6"
  // after a confirmation, or "the run" when run once: which run the table row, the throughput
  // chart and the failure line's context show.
  std::string shown_run_text() const;
  std::vector<BaselineFigure> baseline;          // empty without a baseline
  std::vector<std::string> fingerprint_changes;  // "driver hpvsa 5.5.0-88 -> 5.5.0.100"
  // What the platform lacked while the check ran and what was done instead, one sentence each:
  // "fallocate: Function not implemented; the test file was written through instead".
  std::vector<std::string> fallbacks;
  std::optional<ConfirmationRecord> confirmation;  // none: nothing to confirm, or confirm = false
  // The repeats the verdict stands on: after a confirmation the second sample's alone (a
  // transient first sample measured the neighbour), else all of them.
  std::span<const RunResult> judged_repeats() const;
  int runs = 0;                                 // runs of the sample judged (repeats: all)
  int runs_allowed = 0;                         // the most it could have made (repeat_max)
  std::vector<ExpectationRecord> expectations;  // empty when the check never ran
  double wall_s = 0;                            // the check's whole time: set-up, run and clean-up
  // The seconds this check spent laying out its test file (0 when it reused the file another
  // check of the run laid out; none when it never got that far), and that other check's name.
  std::optional<double> layout_s;
  std::string layout_reused_from;
  // The seconds removing its test files took (the filesystem freeing them: with online discard
  // several seconds for gigabytes), a part of wall_s outside the measured I/O; none when unknown.
  std::optional<double> cleanup_s;
  // When that time began and ended (ISO 8601, UTC, milliseconds; empty when unknown): which checks
  // of a run overlapped.
  std::string start_time;
  std::string end_time;
  // Where it ran when the checks of one run used several datastores (ctest's resource allocation);
  // empty: the run's, RunContext::datastore.
  std::string datastore;
};

// One invocation: a suite under ctest (one process per check, merged later) or `iogate check`.
struct RunContext {
  std::string iogate_version;
  std::string host;  // gethostname()
  // Who the operator says this host is (--host-label, IOGATE_HOST_LABEL); empty: the hostname is
  // its identity. Cloned VMs share a hostname, so a fleet names its hosts by label.
  std::string host_label;
  std::string started_at;  // ISO 8601, UTC
  std::string suite;
  std::string datastore;
  StorageStack stack;

  // The host's identity among a fleet's: its label, else its hostname.
  const std::string& identity() const { return host_label.empty() ? host : host_label; }
  // The host as a report header shows it: "vm07 (hostname ubuntu)" with a label, else "ubuntu".
  std::string host_shown() const;
};

// One run: where it happened and every check's record, in run order (what the writers format
// and the reader reads back).
struct RunRecord {
  RunContext context;
  std::vector<CheckRecord> checks;
};

// The name before 0.2: code written against 0.1.0 still compiles, with a warning.
using RunReport [[deprecated("renamed RunRecord")]] = RunRecord;

}  // namespace iogate
