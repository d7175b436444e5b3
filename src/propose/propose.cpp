// The proposing rules; their reasons are at the top of src/propose/propose.hpp.
#include "propose.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "common/display_text.hpp"
#include "common/identifier.hpp"
#include "fleet/robust.hpp"
#include "iogate/common/name_limits.hpp"
#include "iogate/verdicts/statistics.hpp"

namespace iogate {
namespace {

// The step of the third significant digit of x > 0: 10 for 2272.9, 0.01 for 1.234.
double third_digit_step(double x) { return std::pow(10.0, std::floor(std::log10(x)) - 2); }

std::string describe_range(const std::string& key, std::span<const double> samples) {
  const auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
  return fmt::format("{} {:.4g}-{:.4g} over {} runs", key, *lo, *hi, samples.size());
}

}  // namespace

CheckShape shape_of(const WorkloadSpec& w) {
  if (w.rate_iops > 0 || w.rate_mbps > 0) return CheckShape::paced;
  if (w.duration > Nanoseconds::zero()) return CheckShape::timed;
  return CheckShape::sized;
}

const char* shape_name(CheckShape shape) {
  switch (shape) {
    case CheckShape::paced:
      return "paced";
    case CheckShape::timed:
      return "timed";
    case CheckShape::sized:
      break;
  }
  return "sized";
}

std::vector<BoundChoice> bounds_for(CheckShape shape) {
  switch (shape) {
    case CheckShape::paced:
      return {{"latency_p99_max", Metric::latency_percentile, BoundKind::max, 99},
              {"iops_min", Metric::iops, BoundKind::min, 0}};
    case CheckShape::timed:
      return {{"iops_min", Metric::iops, BoundKind::min, 0},
              {"mbps_min", Metric::mbps, BoundKind::min, 0}};
    case CheckShape::sized:
      break;
  }
  return {{"duration_max", Metric::duration, BoundKind::max, 0}};
}

// A bound that already has three digits (8.88) must stay itself, though 8.88 / 0.01 may come out
// as 887.99999999999989 in binary: the quotient is nudged by far less than a step before it is
// cut, and the product checked against x with the same allowance.
constexpr double kRoundingSlack = 1e-12;

double round_down_3(double x) {
  const double step = third_digit_step(x);
  double v = std::floor(x / step * (1 + kRoundingSlack)) * step;
  if (v > x * (1 + kRoundingSlack)) v -= step;
  return v;
}

double round_up_3(double x) {
  const double step = third_digit_step(x);
  double v = std::ceil(x / step * (1 - kRoundingSlack)) * step;
  if (v < x * (1 - kRoundingSlack)) v += step;
  return v;
}

std::optional<Derivation> derive_bound(std::span<const double> samples, BoundKind kind,
                                       double margin) {
  if (samples.empty()) return std::nullopt;
  Derivation d;
  const std::vector<double> values(samples.begin(), samples.end());
  d.runs = static_cast<int>(values.size());
  d.median = median(values);
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  d.lowest = *lo;
  d.highest = *hi;
  if (!(d.median > 0) || !std::isfinite(d.median)) return std::nullopt;
  if (values.size() >= kMinRunsForSpread) d.sigma = kMadToSigma * mad_of(values);
  if (kind == BoundKind::min) {
    d.from_margin = d.median * (1 - margin);
    if (d.sigma) d.from_spread = d.median - kSpreadSigmas * *d.sigma;
    d.exact = d.from_spread ? std::min(d.from_margin, *d.from_spread) : d.from_margin;
    if (!(d.exact > 0)) return std::nullopt;
    d.value = round_down_3(d.exact);
  } else {
    d.from_margin = d.median / (1 - margin);
    if (d.sigma) d.from_spread = d.median + kSpreadSigmas * *d.sigma;
    d.exact = d.from_spread ? std::max(d.from_margin, *d.from_spread) : d.from_margin;
    d.value = round_up_3(d.exact);
  }
  return d;
}

std::string proposal_suite_name(const Recording& recording) {
  if (!recording.suite.empty()) return recording.suite;
  std::string name = recording.source.stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  if (name.empty() || std::all_of(name.begin(), name.end(), [](char c) { return c == '_'; }))
    return "proposed";
  return name;
}

namespace {

// A name a threshold file's [[check]] can have (its `name` key's rule).
bool is_check_name(const std::string& name) {
  return is_identifier(name) && name.size() <= kMaxCheckNameLength;
}

}  // namespace

Proposal propose(const Recording& recording, const ProposeSettings& settings) {
  Proposal p;
  p.recording = &recording;
  p.settings = settings;
  p.suite = settings.suite.empty() ? proposal_suite_name(recording) : settings.suite;
  for (const RecordedCheck& c : recording.checks) {
    if (!is_check_name(c.name)) {
      // A threshold file could not name it: the proposal would not lint, and the name, shown
      // as it is, could put control characters on the reviewer's terminal.
      p.left_out.push_back(fmt::format(
          "{}: not a name a threshold file can give a check (letters, digits and '_', at most {} "
          "bytes): rename it in the recording or record it again",
          printable(c.name), kMaxCheckNameLength));
      continue;
    }
    if (!c.unusable.empty()) {
      p.left_out.push_back(fmt::format("{}: {}", c.name, c.unusable));
      continue;
    }
    ProposedCheck out{&c, shape_of(c.workload), {}};
    std::string problem;
    for (const BoundChoice& choice : bounds_for(out.shape)) {
      const auto it = c.samples.find(choice.sample_key());
      if (it == c.samples.end() || it->second.empty()) {
        problem = fmt::format("the recording has no {} figures for it", choice.sample_key());
        break;
      }
      const std::optional<Derivation> how = derive_bound(it->second, choice.kind, settings.margin);
      if (!how) {
        problem = fmt::format(
            "no positive {} follows from {} (the runs spread too widely, or measured nothing): "
            "record it again on a quiet host",
            choice.key, describe_range(choice.sample_key(), it->second));
        break;
      }
      out.bounds.push_back({choice, *how});
    }
    if (!problem.empty()) {
      p.left_out.push_back(fmt::format("{}: {}", c.name, problem));
      continue;
    }
    p.checks.push_back(std::move(out));
  }
  return p;
}

}  // namespace iogate
