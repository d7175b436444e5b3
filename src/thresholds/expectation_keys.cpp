#include "expectation_keys.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

namespace iogate::thresholds_detail {
namespace {

struct FixedKey {
  std::string_view name;
  Metric metric;
  BoundKind kind;
};

// iops_max and mbps_max are ceilings that catch a cache posing as a disk (seed 000's plain dd
// timed the page cache); the rest are the usual floors and latency ceilings.
constexpr std::array<FixedKey, 7> kFixedKeys{{
    {"iops_min", Metric::iops, BoundKind::min},
    {"iops_max", Metric::iops, BoundKind::max},
    {"mbps_min", Metric::mbps, BoundKind::min},
    {"mbps_max", Metric::mbps, BoundKind::max},
    {"duration_max", Metric::duration, BoundKind::max},
    {"latency_avg_max", Metric::latency_avg, BoundKind::max},
    {"latency_max", Metric::latency_max, BoundKind::max},
}};

constexpr std::string_view kValidKeys =
    "iops_min, iops_max, mbps_min, mbps_max, duration_max, latency_avg_max, latency_max and "
    "latency_pNN_max or latency_pNN_N_max for a percentile (latency_p99_max, latency_p99_9_max)";

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "latency_p99_9_max" -> 99.9; nothing unless 0 < p < 100.
std::optional<double> percentile_of(std::string_view key) {
  constexpr std::string_view kPrefix = "latency_p", kSuffix = "_max";
  if (!key.starts_with(kPrefix) || !key.ends_with(kSuffix)) return std::nullopt;
  std::string_view digits =
      key.substr(kPrefix.size(), key.size() - kPrefix.size() - kSuffix.size());
  const auto underscore = digits.find('_');
  const std::string_view whole = digits.substr(0, underscore);
  const std::string_view fraction =
      underscore == std::string_view::npos ? std::string_view{} : digits.substr(underscore + 1);
  if (!all_digits(whole) || whole.size() > 2) return std::nullopt;
  if (underscore != std::string_view::npos && !all_digits(fraction)) return std::nullopt;
  std::string text(whole);
  if (!fraction.empty()) text += "." + std::string(fraction);
  double p = 0;
  std::from_chars(text.data(), text.data() + text.size(), p);
  if (!(p > 0 && p < 100)) return std::nullopt;
  return p;
}

bool mentions_baseline(const toml::node& n) {
  return n.is_string() && n.as_string()->get().find("baseline") != std::string::npos;
}

// The bound in the metric's unit, or an error that says which unit was expected.
double bound_value(const Section& s, const toml::node& n, std::string_view key, Metric metric) {
  if (mentions_baseline(n)) {
    s.fail(n, key, "baseline-relative bounds are not supported yet; give an absolute value");
  }
  switch (metric) {
    case Metric::iops:
    case Metric::mbps: {
      const char* what = metric == Metric::iops ? "a number of I/Os per second, like 300"
                                                : "a rate in MiB/s, like 40";
      if (!n.is_integer() && !n.is_floating_point()) {
        s.fail(n, key, fmt::format("expected {}, got {}", what, describe(n)));
      }
      return n.value<double>().value_or(0.0);
    }
    case Metric::duration:
      return std::chrono::duration<double>(duration_value(s, n, key)).count();
    default:
      if (!n.is_string()) {
        s.fail(n, key,
               fmt::format(R"(expected a latency with its unit, like "200ms" or "1.5s", got {})",
                           describe(n)));
      }
      return std::chrono::duration<double, std::milli>(duration_value(s, n, key)).count();
  }
}

}  // namespace

std::optional<ExpectationKey> lookup_expectation_key(std::string_view key) {
  for (const FixedKey& k : kFixedKeys) {
    if (k.name == key) return ExpectationKey{k.metric, k.kind, 0};
  }
  if (const auto p = percentile_of(key)) {
    return ExpectationKey{Metric::latency_percentile, BoundKind::max, *p};
  }
  return std::nullopt;
}

std::vector<Expectation> read_expectations(const Section& section, const toml::table& table) {
  reject_unknown_keys(
      section, table, [](std::string_view key) { return lookup_expectation_key(key).has_value(); },
      kValidKeys);

  std::vector<std::pair<toml::source_region, Expectation>> found;
  for (auto&& [key, node] : table) {
    const ExpectationKey meaning = *lookup_expectation_key(key.str());
    const double value = bound_value(section, node, key.str(), meaning.metric);
    // Zero is a floor nothing misses and a ceiling nothing meets: either way, a mistake.
    if (!(value > 0) || !std::isfinite(value)) {
      section.fail(node, key.str(),
                   fmt::format("expected a value greater than 0, got {}", describe(node)));
    }
    found.emplace_back(key.source(),
                       Expectation{std::string(key.str()), meaning.metric, meaning.kind,
                                   meaning.percentile, AbsoluteBound{value}});
  }
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return before(a.first, b.first); });
  std::vector<Expectation> out;
  for (auto& [where, e] : found) out.push_back(std::move(e));
  return out;
}

}  // namespace iogate::thresholds_detail
