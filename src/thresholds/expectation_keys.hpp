// Private to the threshold parser: the [check.expect] table.
//
// Each key names a metric and a direction: iops_min, iops_max, mbps_min, mbps_max, duration_max,
// latency_avg_max, latency_max and latency_pNN[_N]_max (latency_p99_max, latency_p99_9_max: the
// underscore stands for the decimal point). Each but duration_max may be prefixed read_ or write_
// (read_iops_min, write_latency_p99_max): the bound is then on that direction's I/Os only, and
// reads as the plain key does (take_direction_prefix, iogate/engine/run_result.hpp, splits it).
// Values are converted to the metric's unit (IOPS, MiB/s, seconds, milliseconds). Latencies must
// carry a unit ("200ms"): IOMeter tables read in milliseconds and everything else here reads in
// seconds, so a bare number would be a trap.
//
// Any bound may instead be relative: "90% of baseline" (a share from 1% to 1000%, then " of
// baseline"; spaces around the words are forgiven, nothing else is). "70% of peers" is the same
// grammar (parse_share_of is its one home), accepted only on the keys iogate fleet compares as a
// shortfall (kPeersKeys: iops_min, mbps_min, latency_avg_max, latency_p99_max). Two keys are not
// bounds:
// cv_max ("10%": the largest coefficient of variation of repeated samples still judged) and
// stall_max ("50%": the smallest one-second interval, as a share of the median interval), and
// settled (true: the workload's steady state must be reached).
#pragma once

#include <toml++/toml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iogate/thresholds/threshold_file.hpp"
#include "threshold_keys.hpp"
#include "toml_fields.hpp"

namespace iogate::thresholds_detail {

// What a key means, or nothing when it is not an expectation key.
struct ExpectationKey {
  Metric metric;
  BoundKind kind;
  double percentile = 0;
  std::optional<IoDirection> direction = std::nullopt;  // read_ and write_ keys
  bool prioritized = false;                             // prioritized_ keys (latencies)
};
std::optional<ExpectationKey> lookup_expectation_key(std::string_view key);

// The names of the percentile bounds lookup_expectation_key knows: a percentile above 0 and below
// 100, of one or two whole digits and any fraction (latency_p99_max, latency_p99_9_max).
inline constexpr std::string_view kPercentileKeyPattern =
    "^(?:read_|write_|prioritized_)?latency_p(?:(?:0?[1-9]|[1-9][0-9])(?:_[0-9]+)?|0{1,2}_[0-9]*[1-"
    "9][0-9]*)_"
    "max$";

// [check.expect] as threshold_keys.hpp describes a table: the bounds by name, the percentile
// bounds the peers may take, cv_max and stall_max, and every percentile bound by its pattern.
const TableSpec& expect_table();

// "N% of X": "90% of baseline" -> 0.9 for reference "baseline". Nothing when the text does not
// mention `mention` at all; throws std::invalid_argument saying what was expected (`expected a
// share of the X from 1% to 1000%, like "EXAMPLE"`) when it does but is malformed or out of range.
std::optional<double> parse_share_of(std::string_view text, std::string_view mention,
                                     std::string_view reference, std::string_view example);
// What parse_share_of reads for `reference` ("baseline", "peers"), as a pattern (ECMA-262): a
// share written with an exponent ("1e2%", which from_chars reads) matches whatever its value.
std::string share_of_pattern(std::string_view reference);
// "90% of baseline" -> 0.9 (parse_share_of).
std::optional<double> parse_relative_bound(std::string_view text);
// "70% of peers" -> 0.7 (parse_share_of; "peer" alone already counts as meant).
std::optional<double> parse_peers_bound(std::string_view text);

// The keys a peers bound may take: those whose figure iogate fleet compares, in the direction it
// names a shortfall in (fleet.hpp bounded_figures maps them to iops, mbps, lat_avg_ms, lat_p99_ms).
inline constexpr std::string_view kPeersKeys[] = {"iops_min", "mbps_min", "latency_avg_max",
                                                  "latency_p99_max"};

struct ExpectTable {
  std::vector<Expectation> expectations;  // in file order
  std::optional<double> cv_max;           // fractions
  std::optional<double> stall_max;
  std::optional<toml::source_region> settled;  // settled = true, where it was written
};

// The [check.expect] table. The caller rejects a table without bounds.
ExpectTable read_expectations(const Section& section, const toml::table& table);

}  // namespace iogate::thresholds_detail
