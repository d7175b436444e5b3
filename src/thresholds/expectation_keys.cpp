#include "expectation_keys.hpp"

#include "iogate/engine/figure_names.hpp"
#include "iogate/engine/run_result.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <deque>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "common/text_trim.hpp"

namespace iogate::thresholds_detail {
namespace {

struct FixedKey {
  std::string_view name;
  Metric metric;
  BoundKind kind;
  std::string_view help;
  std::string_view example;
};

// iops_max and mbps_max are ceilings that catch a cache posing as a disk (seed 000's plain dd
// timed the page cache); the rest are the usual floors and latency ceilings.
constexpr std::array<FixedKey, 7> kFixedKeys{{
    {"iops_min", Metric::iops, BoundKind::min, "The fewest I/Os per second that pass", "300"},
    {"iops_max", Metric::iops, BoundKind::max,
     "The most I/Os per second that pass: a cache posing as the disk fails", "50000"},
    {"mbps_min", Metric::mbps, BoundKind::min, "The fewest MiB/s that pass", "20"},
    {"mbps_max", Metric::mbps, BoundKind::max,
     "The most MiB/s that pass: a cache posing as the disk fails", "2000"},
    {"duration_max", Metric::duration, BoundKind::max,
     "The longest the measured run may take, its flush included", R"("3m")"},
    {"latency_avg_max", Metric::latency_avg, BoundKind::max,
     "The highest average latency that passes, with its unit", R"("200ms")"},
    {"latency_max", Metric::latency_max, BoundKind::max,
     "The highest single latency that passes, with its unit", R"("5s")"},
}};

// The keys that are not bounds: two shares (share_value reads them) and settled.
constexpr KeySpec kSpreadKeys[] = {
    {.name = "cv_max",
     .help = "Fail when repeated runs spread more than this (coefficient of variation)",
     .kind = ValueKind::percent,
     .min = 0,
     .max = 100,
     .above = true,
     .example = R"("10%")"},
    {.name = "stall_max",
     .help = "Fail when a one-second interval falls below this share of the median interval",
     .kind = ValueKind::percent,
     .min = 0,
     .max = 100,
     .above = true,
     .example = R"("50%")"},
    {.name = "settled",
     .help = "Fail when the workload's steady_state was not reached within steady_max (true; "
             "without it an unsettled run is measured anyway and says so)",
     .kind = ValueKind::boolean,
     .example = "true"},
};

constexpr std::string_view kValidKeys =
    "iops_min, iops_max, mbps_min, mbps_max, duration_max, latency_avg_max, latency_max, "
    "latency_pNN_max or latency_pNN_N_max for a percentile (latency_p99_max, latency_p99_9_max), "
    "each but duration_max with read_ or write_ in front for one direction (read_iops_min, "
    "write_latency_p99_max), each latency bound with prioritized_ in front for the I/Os issued at "
    "cmd_priority (prioritized_latency_p99_max), cv_max, stall_max and settled";

constexpr bool is_latency(Metric m) {
  return m == Metric::latency_avg || m == Metric::latency_max || m == Metric::latency_percentile;
}

// How a direction's own bounds are described.
struct DirectionHelp {
  IoDirection direction;
  std::string_view help;
};
constexpr DirectionHelp kDirectionHelp[] = {
    {IoDirection::read, "Reads only: "},
    {IoDirection::write, "Writes only: "},
};

bool is_spread_key(std::string_view key) {
  return std::any_of(std::begin(kSpreadKeys), std::end(kSpreadKeys),
                     [key](const KeySpec& k) { return k.name == key; });
}

// The blanks a share ("90% of baseline") may have around its parts: spaces only, as the JSON
// Schema's pattern of it (share_of_pattern) allows, so that an editor checking a file by the schema
// and the parser agree on every value; a tab there is refused by both.
constexpr std::string_view kShareSpaces = " ";

// "latency_p99_9_max" -> 99.9, the percentile spelt as a run key spells it (figure_names.hpp).
std::optional<double> percentile_bound(std::string_view key) {
  constexpr std::string_view kPrefix = "latency_p", kSuffix = "_max";
  if (!key.starts_with(kPrefix) || !key.ends_with(kSuffix)) return std::nullopt;
  return percentile_of_spelling(
      key.substr(kPrefix.size(), key.size() - kPrefix.size() - kSuffix.size()));
}

// The bound in the metric's unit, or an error that says which unit was expected.
double absolute_value(const Section& s, const toml::node& n, std::string_view key, Metric metric) {
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

bool takes_peers_bound(std::string_view key) {
  return std::find(std::begin(kPeersKeys), std::end(kPeersKeys), key) != std::end(kPeersKeys);
}

Bound bound_value(const Section& s, const toml::node& n, std::string_view key, Metric metric) {
  if (n.is_string()) {
    const std::string& text = n.as_string()->get();
    try {
      if (const auto fraction = parse_relative_bound(text)) return RelativeBound{*fraction};
      if (const auto fraction = parse_peers_bound(text)) {
        if (!takes_peers_bound(key))
          s.fail(n, key,
                 fmt::format("a share of the peers is judged by iogate fleet on iops_min, "
                             "mbps_min, latency_avg_max and latency_p99_max only, got {}",
                             describe(n)));
        return PeersBound{*fraction};
      }
    } catch (const std::invalid_argument& e) {
      s.fail(n, key, fmt::format("{}, got {}", e.what(), describe(n)));
    }
  }
  const double value = absolute_value(s, n, key, metric);
  // Zero is a floor nothing misses and a ceiling nothing meets: either way, a mistake.
  if (!(value > 0) || !std::isfinite(value)) {
    s.fail(n, key, fmt::format("expected a value greater than 0, got {}", describe(n)));
  }
  // A floor no run can reach fails on every storage; a ceiling no run can reach checks nothing.
  if (const double most = largest_figure(metric); value > most) {
    s.fail(n, key,
           fmt::format("expected at most {:g} {} (the most any run can measure), got {}", most,
                       unit_of(metric), describe(n)));
  }
  return AbsoluteBound{value};
}

// cv_max and stall_max: a share from 0% (exclusive) to 100%.
double share_value(const Section& s, const toml::node& n, std::string_view key) {
  const double pct = percent_value(s, n, key);
  if (!(pct > 0)) {
    s.fail(n, key, fmt::format(R"(expected a share above 0%, like "10%", got {})", describe(n)));
  }
  return pct / 100.0;
}

}  // namespace

std::optional<double> parse_share_of(std::string_view text, std::string_view mention,
                                     std::string_view reference, std::string_view example) {
  const std::string expected =
      fmt::format(R"(expected a share of the {} from 1% to 1000%, like "{}")", reference, example);
  if (text.find(mention) == std::string_view::npos) return std::nullopt;
  std::string_view rest = trim_blanks(text, kShareSpaces);
  const std::string tail = fmt::format("of {}", reference);
  if (!rest.ends_with(tail)) throw std::invalid_argument(expected);
  rest = trim_blanks(rest.substr(0, rest.size() - tail.size()), kShareSpaces);
  if (!rest.ends_with('%')) throw std::invalid_argument(expected);
  rest = trim_blanks(rest.substr(0, rest.size() - 1), kShareSpaces);
  double pct = 0;
  const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), pct);
  if (ec != std::errc{} || end != rest.data() + rest.size() || !(pct >= 1 && pct <= 1000)) {
    throw std::invalid_argument(expected);
  }
  return pct / 100.0;
}

std::string share_of_pattern(std::string_view reference) {
  // From 1 to 1000 as digits (leading zeros and a trailing point as from_chars reads them), or any
  // number with an exponent; then '%' and "of <reference>", with spaces (kShareSpaces) around each.
  return fmt::format(
      "^ *(?:0*(?:1000(?:\\.0*)?|[1-9][0-9]{{0,2}}(?:\\.[0-9]*)?)"
      "|(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)[eE][+-]?[0-9]+) *% *of {} *$",
      reference);
}

std::optional<double> parse_relative_bound(std::string_view text) {
  return parse_share_of(text, "baseline", "baseline", "90% of baseline");
}

std::optional<double> parse_peers_bound(std::string_view text) {
  return parse_share_of(text, "peer", "peers", "70% of peers");
}

std::optional<ExpectationKey> lookup_expectation_key(std::string_view key) {
  std::string_view plain = key;
  // "prioritized_latency_p99_max": the share at cmd_priority, a latency bound of all its I/Os.
  if (take_prioritized_prefix(plain)) {
    std::optional<ExpectationKey> latency = lookup_expectation_key(plain);
    if (!latency || latency->direction || latency->prioritized || !is_latency(latency->metric))
      return std::nullopt;
    latency->prioritized = true;
    return latency;
  }
  // "write_latency_p99_max": write, "latency_p99_max" (run_result.hpp spells the prefixes).
  const std::optional<IoDirection> direction = take_direction_prefix(plain);
  for (const FixedKey& k : kFixedKeys) {
    if (k.name != plain) continue;
    // The measured window's length is the run's whatever the direction.
    if (direction && k.metric == Metric::duration) return std::nullopt;
    return ExpectationKey{k.metric, k.kind, 0, direction};
  }
  if (const auto p = percentile_bound(plain)) {
    return ExpectationKey{Metric::latency_percentile, BoundKind::max, *p, direction};
  }
  return std::nullopt;
}

const TableSpec& expect_table() {
  static const std::vector<KeySpec> keys = [] {
    std::vector<KeySpec> out;
    for (const FixedKey& k : kFixedKeys)
      out.push_back(
          {.name = k.name, .help = k.help, .kind = ValueKind::bound, .example = k.example});
    // A peers key that is a percentile bound is named here too: it takes "% of peers", which the
    // other percentile bounds do not.
    for (const std::string_view name : kPeersKeys) {
      if (std::none_of(kFixedKeys.begin(), kFixedKeys.end(),
                       [name](const FixedKey& k) { return k.name == name; }))
        out.push_back({.name = name,
                       .help = "The highest latency of this percentile that passes, with its unit",
                       .kind = ValueKind::bound,
                       .example = R"("50ms")"});
    }
    // Each direction's own bounds, named and described from the plain ones (their text is kept
    // for the program's life: KeySpec holds views).
    static std::deque<std::string> texts;
    for (const DirectionHelp& p : kDirectionHelp) {
      for (const FixedKey& k : kFixedKeys) {
        if (k.metric == Metric::duration) continue;
        const std::string& name =
            texts.emplace_back(std::string(direction_prefix(p.direction)) + std::string(k.name));
        const std::string& help = texts.emplace_back(std::string(p.help) + std::string(k.help));
        out.push_back({.name = name, .help = help, .kind = ValueKind::bound, .example = k.example});
      }
    }
    for (const FixedKey& k : kFixedKeys) {
      if (!is_latency(k.metric)) continue;
      const std::string& name =
          texts.emplace_back(std::string(kPrioritizedPrefix) + std::string(k.name));
      const std::string& help =
          texts.emplace_back("The I/Os issued at cmd_priority only: " + std::string(k.help));
      out.push_back({.name = name, .help = help, .kind = ValueKind::bound, .example = k.example});
    }
    out.insert(out.end(), std::begin(kSpreadKeys), std::end(kSpreadKeys));
    return out;
  }();
  static constexpr KeySpec kPercentile{
      .name = "latency_p90_max",
      .help =
          "The highest latency of a percentile that passes, with its unit: latency_p99_max, "
          "latency_p99_9_max (99.9th); read_latency_p99_max, write_latency_p99_max: of one "
          "direction's I/Os; prioritized_latency_p99_max: of the I/Os issued at cmd_priority",
      .kind = ValueKind::bound,
      .example = R"("50ms")"};
  static const TableSpec table{.name = {},
                               .help = "The bounds the check must meet: at least one",
                               .keys = keys,
                               .more_keys = kPercentileKeyPattern,
                               .more_like = &kPercentile};
  return table;
}

ExpectTable read_expectations(const Section& section, const toml::table& table) {
  reject_unknown_keys(
      section, table,
      [](std::string_view key) {
        return is_spread_key(key) || lookup_expectation_key(key).has_value();
      },
      kValidKeys);

  ExpectTable out;
  std::vector<std::pair<toml::source_region, Expectation>> found;
  for (auto&& [key, node] : table) {
    if (key.str() == "cv_max") {
      out.cv_max = share_value(section, node, key.str());
      continue;
    }
    if (key.str() == "stall_max") {
      out.stall_max = share_value(section, node, key.str());
      continue;
    }
    if (key.str() == "settled") {
      // Leaving the key out says "not required"; false written would read as a bound that
      // cannot fail.
      if (!bool_value(section, node, key.str()))
        section.fail(node, key.str(), "expected true, or leave settled out");
      out.settled = node.source();
      continue;
    }
    const ExpectationKey meaning = *lookup_expectation_key(key.str());
    found.emplace_back(
        key.source(),
        Expectation{std::string(key.str()), meaning.metric, meaning.kind, meaning.percentile,
                    bound_value(section, node, key.str(), meaning.metric), meaning.direction,
                    meaning.prioritized});
  }
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return before(a.first, b.first); });
  for (auto& [where, e] : found) out.expectations.push_back(std::move(e));
  return out;
}

}  // namespace iogate::thresholds_detail
