// Private to the threshold parser: the [check.expect] table.
//
// Each key names a metric and a direction: iops_min, iops_max, mbps_min, mbps_max, duration_max,
// latency_avg_max, latency_max and latency_pNN[_N]_max (latency_p99_max, latency_p99_9_max: the
// underscore stands for the decimal point). Values are converted to the metric's unit (IOPS, MiB/s,
// seconds, milliseconds). Latencies must carry a unit ("200ms"): IOMeter tables read in
// milliseconds and everything else here reads in seconds, so a bare number would be a trap.
#pragma once

#include <toml++/toml.h>

#include <optional>
#include <string_view>
#include <vector>

#include "iogate/thresholds/threshold_file.hpp"
#include "toml_fields.hpp"

namespace iogate::thresholds_detail {

// What a key means, or nothing when it is not an expectation key.
struct ExpectationKey {
  Metric metric;
  BoundKind kind;
  double percentile = 0;
};
std::optional<ExpectationKey> lookup_expectation_key(std::string_view key);

// All expectations of one check, in file order. The caller rejects an empty table.
std::vector<Expectation> read_expectations(const Section& section, const toml::table& table);

}  // namespace iogate::thresholds_detail
