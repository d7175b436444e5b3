// A check's verdict: every expectation of a threshold file compared with the run's figures.
//
// v1 compares single-run figures with absolute bounds; a run stopped early (RunResult::completed
// false) is judged on what it measured. The failure line is the one a CI log shows:
//   seq_write_8k_8g: duration 14m12s > duration_max 3m (8 GiB at 9.6 MB/s)
#pragma once

#include <string>
#include <vector>

#include "iogate/engine/run_result.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {

struct Shortfall {
  const Expectation* expectation;  // points into the Check judged
  double measured;                 // in the metric's unit (IOPS, MiB/s, s, ms)
  double bound;
};

struct Verdict {
  std::vector<Shortfall> shortfalls;
  bool passed() const { return shortfalls.empty(); }
};

// The metric's value in its unit: IOPS, MiB/s, seconds (duration) or milliseconds (latencies).
double measured_value(const Expectation& e, const RunResult& r);

Verdict evaluate(const Check& check, const RunResult& result);

// "seq_write_8k_8g: duration 14m12s > duration_max 3m (8 GiB at 9.6 MB/s)"
std::string failure_line(const Check& check, const RunResult& result, const Shortfall& s);

// "iops 1392.61", "duration 2m06s", "latency_p99 12.40ms": a figure as the verdict line shows it.
std::string format_metric(const Expectation& e, double value);

}  // namespace iogate
