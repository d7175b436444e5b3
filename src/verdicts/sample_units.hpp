// The unit of a sample's values, keyed as sample_key() (verdict.hpp) names the samples: read from
// the figure table (thresholds/figure_names.hpp) for the verdict lines and the reports' figures.
#pragma once

#include <string_view>

#include "iogate/engine/figure_names.hpp"
#include "iogate/engine/run_result.hpp"

namespace iogate {

// "IOPS", "MB/s", "s" (duration_s), "ms" (latency_*); empty for a key of no known figure. One
// direction's figure (read_iops, write_latency_p99_ms) has the unit of the figure of all I/Os.
inline std::string_view sample_unit(std::string_view key) {
  take_prioritized_prefix(key);
  take_direction_prefix(key);
  const std::optional<FigureId> figure = figure_of_sample_key(key);
  return figure ? unit_of(figure->metric) : "";
}

}  // namespace iogate
