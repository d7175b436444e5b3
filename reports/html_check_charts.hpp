// What the run's page charts for one check, computed once: the captions (html_writer.cpp) and the
// data the page script draws from (chart_json) both read it, so a chart and its caption cannot
// disagree. The rules of what is charted and why are at the top of html_writer.cpp.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "iogate/results/check_record.hpp"

namespace iogate::html {

// A rate bound this many times the highest interval drawn is off the scale.
inline constexpr double kOffScale = 2.0;

// The intervals the throughput charts draw, and what they left out.
struct ChartIntervals {
  std::vector<IntervalSample> drawn;
  std::optional<IntervalSample> left_out;  // a partial last interval beside full ones
  bool only_partial = false;               // the run's only interval is partial (drawn)
};

// A bound on a charted figure: its key, value and "1.00 IOPS"-style text.
struct ChartBound {
  std::string key;
  double value = 0;
  std::string text;
  bool off_scale = false;  // rate bounds only
};

// One rate (iops or mbps) over the run's one-second intervals.
struct RateChart {
  std::string rate;
  double top = 0;  // the highest interval drawn: where the axis ends when a bound is off the scale
  std::vector<ChartBound> bounds;
  int off_scale() const;
  double lowest_off_scale() const;  // INFINITY when none is
};

// A figure a run has one of (its duration), over the runs its verdict weighed: a bar a run, the
// bounds on it, and the verdict's interval around its median where both ends are known.
struct RunsChart {
  std::string figure;          // "duration_s"
  std::vector<double> values;  // one a run, in run order
  double top = 0;              // the highest run: where the axis ends when a bound is off it
  std::vector<ChartBound> bounds;
  double low = NAN;  // the verdict's interval, NaN where an end is not known
  double high = NAN;
  int off_scale() const;
};

struct CheckCharts {
  ChartIntervals intervals;
  std::vector<RateChart> rates;
  std::vector<ChartBound> latency_bounds;
  std::optional<RunsChart> duration;                  // only where a bound names the duration
  std::vector<const ExpectationRecord*> not_charted;  // bounds on a figure with no chart
};

CheckCharts check_charts(const CheckRecord& c);

// The expectation that compared `key` with the baseline as a ratio; null when none did.
const ExpectationRecord* ratio_expectation(const CheckRecord& c, const std::string& key);

// The page script's data for one check: its rates' points and bounds, latency percentiles and
// bounds, each run's duration with its bounds and interval, and now/baseline with the verdict's
// interval.
nlohmann::json chart_json(const CheckRecord& c, const CheckCharts& charts);

}  // namespace iogate::html
