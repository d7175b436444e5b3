#include "html_check_charts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <span>

#include "iogate/engine/figure_names.hpp"
#include "iogate/results/figures.hpp"

namespace iogate::html {
namespace {

constexpr double kChartPercentiles[] = {0, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100};

// Where a bound is drawn: on its rate's chart, on the latency chart, on the runs' durations, or
// nowhere (a direction's or a priority class's figure: the charts are of all I/Os).
enum class BoundChart { rate, latency, duration, none };

BoundChart chart_of(const std::string& figure) {
  const std::optional<FigureId> id = figure_of_sample_key(figure);
  if (!id) return BoundChart::none;
  switch (id->metric) {
    case Metric::iops:
    case Metric::mbps:
      return BoundChart::rate;
    case Metric::duration:
      return BoundChart::duration;
    case Metric::latency_avg:
    case Metric::latency_max:
    case Metric::latency_percentile:
      return BoundChart::latency;
  }
  return BoundChart::none;
}

bool drawable(const ExpectationRecord& e) {
  return !e.figures.figure.empty() && std::isfinite(e.figures.bound);
}

// The last interval is left out when partial and a full one is there to draw.
ChartIntervals chart_intervals(const RunResult& r) {
  ChartIntervals out{r.intervals, std::nullopt, false};
  if (out.drawn.empty() || out.drawn.back().length_s >= 0.999) return out;
  if (out.drawn.size() == 1) {
    out.only_partial = true;
    return out;
  }
  out.left_out = out.drawn.back();
  out.drawn.pop_back();
  return out;
}

// The rates the check's bounds name; without one, IOPS for a random workload and MB/s for a
// sequential one; with a block mix both.
std::vector<std::string> charted_rates(const CheckRecord& c) {
  std::vector<std::string> rates;
  for (const char* rate : {"iops", "mbps"})
    for (const ExpectationRecord& e : c.expectations)
      if (e.figures.figure == rate && std::find(rates.begin(), rates.end(), rate) == rates.end())
        rates.emplace_back(rate);
  if (!c.workload.block_mix.empty()) return {"iops", "mbps"};
  if (rates.empty()) rates.emplace_back(c.workload.random_pct > 0 ? "iops" : "mbps");
  return rates;
}

double rate_of(const IntervalSample& s, const std::string& rate) {
  return rate == "iops" ? s.iops() : s.mbps();
}

ChartBound chart_bound(const ExpectationRecord& e) {
  return {e.key, e.figures.bound, figure_with_unit(e.figures.bound, e.figures.figure), false};
}

// How many of `bounds` are off the scale, marked on the axis's edge rather than drawn as a line.
int off_scale_count(const std::vector<ChartBound>& bounds) {
  return static_cast<int>(
      std::count_if(bounds.begin(), bounds.end(), [](const ChartBound& b) { return b.off_scale; }));
}

// A bound more than kOffScale times the highest figure drawn would squash the figures.
bool off_scale(const ChartBound& b, double top) { return top > 0 && b.value > kOffScale * top; }

// Each run's duration, over the runs the verdict weighed (after a confirmation, the second
// sample's): the same runs its interval is of.
RunsChart duration_chart(const CheckRecord& c) {
  RunsChart chart;
  chart.figure = "duration_s";
  const std::span<const RunResult> judged = c.judged_repeats();
  if (judged.size() >= 2)
    for (const RunResult& r : judged) chart.values.push_back(r.elapsed_s);
  else
    chart.values.push_back(c.result.elapsed_s);
  for (const double v : chart.values) chart.top = std::max(chart.top, v);
  for (const ExpectationRecord& e : c.expectations) {
    if (!drawable(e) || chart_of(e.figures.figure) != BoundChart::duration) continue;
    ChartBound bound = chart_bound(e);
    bound.off_scale = off_scale(bound, chart.top);
    chart.bounds.push_back(std::move(bound));
    if (!e.figures.ratio) {
      chart.low = e.figures.low;
      chart.high = e.figures.high;
    }
  }
  return chart;
}

// JSON has no NaN: an unknown end of an interval is null, which the page script skips.
nlohmann::json number_or_null(double v) {
  if (std::isfinite(v)) return v;
  return nullptr;
}

}  // namespace

int RateChart::off_scale() const { return off_scale_count(bounds); }
int RunsChart::off_scale() const { return off_scale_count(bounds); }

double RateChart::lowest_off_scale() const {
  double lowest = INFINITY;
  for (const ChartBound& b : bounds)
    if (b.off_scale) lowest = std::min(lowest, b.value);
  return lowest;
}

CheckCharts check_charts(const CheckRecord& c) {
  CheckCharts out;
  out.intervals = chart_intervals(c.result);
  for (const std::string& rate : charted_rates(c)) {
    RateChart chart;
    chart.rate = rate;
    for (const IntervalSample& s : out.intervals.drawn)
      chart.top = std::max(chart.top, rate_of(s, rate));
    for (const ExpectationRecord& e : c.expectations) {
      if (!drawable(e) || e.figures.figure != rate) continue;
      ChartBound bound = chart_bound(e);
      bound.off_scale = off_scale(bound, chart.top);
      chart.bounds.push_back(std::move(bound));
    }
    out.rates.push_back(std::move(chart));
  }
  for (const ExpectationRecord& e : c.expectations) {
    if (!drawable(e)) continue;
    const BoundChart where = chart_of(e.figures.figure);
    if (where == BoundChart::latency)
      out.latency_bounds.push_back(chart_bound(e));
    else if (where == BoundChart::duration && !out.duration)
      out.duration = duration_chart(c);
    else if (where == BoundChart::none)
      out.not_charted.push_back(&e);
  }
  return out;
}

const ExpectationRecord* ratio_expectation(const CheckRecord& c, const std::string& key) {
  for (const ExpectationRecord& e : c.expectations)
    if (e.key == key && e.figures.ratio) return &e;
  return nullptr;
}

nlohmann::json chart_json(const CheckRecord& c, const CheckCharts& charts) {
  nlohmann::json rates = nlohmann::json::array();
  for (const RateChart& chart : charts.rates) {
    nlohmann::json points = nlohmann::json::array();
    for (const IntervalSample& s : charts.intervals.drawn)
      points.push_back({s.start_s + s.length_s, rate_of(s, chart.rate)});
    nlohmann::json bounds = nlohmann::json::array();
    for (const ChartBound& b : chart.bounds)
      bounds.push_back(
          {{"label", b.key + " " + b.text}, {"value", b.value}, {"off_scale", b.off_scale}});
    rates.push_back({{"id", chart.rate},
                     {"unit", figure_unit(chart.rate)},
                     {"points", points},
                     {"top", chart.top},
                     {"bounds", bounds}});
  }
  nlohmann::json percentiles = nlohmann::json::array();
  if (c.result.latency.count() > 0)
    for (double q : kChartPercentiles)
      percentiles.push_back({fmt::format("p{:g}", q), c.result.lat_percentile_ms(q)});
  nlohmann::json latency_bounds = nlohmann::json::array();
  for (const ChartBound& b : charts.latency_bounds)
    latency_bounds.push_back({{"label", b.key + " " + b.text}, {"value", b.value}});
  nlohmann::json duration = nullptr;
  if (charts.duration) {
    const RunsChart& d = *charts.duration;
    nlohmann::json bounds = nlohmann::json::array();
    for (const ChartBound& b : d.bounds)
      bounds.push_back(
          {{"label", b.key + " " + b.text}, {"value", b.value}, {"off_scale", b.off_scale}});
    duration = {{"unit", figure_unit(d.figure)},
                {"values", d.values},
                {"top", d.top},
                {"bounds", bounds},
                {"low", number_or_null(d.low)},
                {"high", number_or_null(d.high)}};
  }
  nlohmann::json baseline = nlohmann::json::array();
  for (const BaselineFigure& b : c.baseline) {
    const ExpectationRecord* e = ratio_expectation(c, b.key);
    const double fraction =
        e != nullptr && b.baseline != 0 ? e->figures.bound / b.baseline : double(NAN);
    baseline.push_back({{"key", b.key},
                        {"baseline", b.baseline},
                        {"current", b.current},
                        {"low", number_or_null(e ? e->figures.low : NAN)},
                        {"high", number_or_null(e ? e->figures.high : NAN)},
                        {"bound", number_or_null(fraction)}});
  }
  return {{"name", c.check},
          {"rates", rates},
          {"percentiles", percentiles},
          {"latency_bounds", latency_bounds},
          {"duration", duration},
          {"baseline", baseline}};
}

}  // namespace iogate::html
