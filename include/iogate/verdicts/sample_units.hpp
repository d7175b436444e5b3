// The unit of a sample's values, keyed as sample_key() (verdict.hpp) names the samples: spelled
// once for the verdict lines (verdict_format.cpp) and the reports' figures (results/figures.hpp).
#pragma once

#include <string_view>

#include "iogate/engine/run_result.hpp"

namespace iogate {

// "IOPS", "MB/s", "s" (duration_s), "ms" (latency_*); empty for a key of no known unit. One
// direction's figure (read_iops, write_latency_p99_ms) has the unit of the figure of all I/Os.
constexpr std::string_view sample_unit(std::string_view key) {
  take_prioritized_prefix(key);
  take_direction_prefix(key);
  if (key == "iops") return "IOPS";
  if (key == "mbps") return "MB/s";
  if (key == "duration_s") return "s";
  if (key.starts_with("latency_")) return "ms";
  return "";
}

}  // namespace iogate
