#include "html_check_charts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "iogate/results/figures.hpp"

namespace iogate::html {
namespace {

constexpr double kChartPercentiles[] = {0, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100};

// Where a bound is drawn: on its rate's chart, on the latency chart, or nowhere.
enum class BoundChart { rate, latency, none };

BoundChart chart_of(const std::string& figure) {
  if (figure == "iops" || figure == "mbps") return BoundChart::rate;
  if (figure.rfind("latency_", 0) == 0) return BoundChart::latency;
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

// JSON has no NaN: an unknown end of an interval is null, which the page script skips.
nlohmann::json number_or_null(double v) {
  if (std::isfinite(v)) return v;
  return nullptr;
}

}  // namespace

int RateChart::off_scale() const {
  return static_cast<int>(
      std::count_if(bounds.begin(), bounds.end(), [](const ChartBound& b) { return b.off_scale; }));
}

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
      bound.off_scale = chart.top > 0 && bound.value > kOffScale * chart.top;
      chart.bounds.push_back(std::move(bound));
    }
    out.rates.push_back(std::move(chart));
  }
  for (const ExpectationRecord& e : c.expectations) {
    if (!drawable(e)) continue;
    if (chart_of(e.figures.figure) == BoundChart::latency)
      out.latency_bounds.push_back(chart_bound(e));
    else if (chart_of(e.figures.figure) == BoundChart::none)
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
          {"baseline", baseline}};
}

}  // namespace iogate::html
