#include "impossible_bounds.hpp"

#include <optional>
#include <string>

#include <fmt/format.h>

namespace iogate::thresholds_detail {
namespace {

// The absolute bound of a plain (non-percentile) figure in one direction, and its key.
struct Found {
  const Expectation* expectation = nullptr;
  double value = 0;
};

// Of all I/Os, or of one direction's (read_iops_min).
Found absolute(const Check& check, Metric metric, BoundKind kind,
               std::optional<IoDirection> direction = std::nullopt) {
  for (const Expectation& e : check.expectations) {
    if (e.metric != metric || e.kind != kind || e.direction != direction) continue;
    if (const auto* a = std::get_if<AbsoluteBound>(&e.bound)) return {&e, a->value};
  }
  return {};
}

const toml::node& node_of(const toml::table& expect, const Expectation& e) {
  return *expect.get(e.key);
}

std::string figure(double v) { return fmt::format("{:g}", v); }

}  // namespace

void reject_impossible_bounds(const Section& section, const toml::table& expect,
                              const Check& check) {
  // A bound on the share at cmd_priority of a workload without one: no such I/O is ever issued.
  for (const Expectation& e : check.expectations) {
    if (!e.prioritized || check.workload.cmd_priority.set()) continue;
    section.fail(node_of(expect, e), e.key,
                 "bounds the latency of the I/Os issued at cmd_priority, and this workload has "
                 "none: give cmd_priority and cmd_priority_share, or bound latency_* instead");
  }
  // A bound on a direction the workload never issues would judge figures that cannot exist.
  for (const Expectation& e : check.expectations) {
    if (!e.direction || issues(check.workload, *e.direction)) continue;
    const bool reads = *e.direction == IoDirection::read;
    section.fail(node_of(expect, e), e.key,
                 fmt::format("expected a workload that {} (read {}), got one that only {} "
                             "(read {}%)",
                             reads ? "reads" : "writes", reads ? "above 0%" : "below 100%",
                             reads ? "writes" : "reads", figure(check.workload.read_pct)));
  }

  for (const std::optional<IoDirection> d :
       {std::optional<IoDirection>{}, std::optional{IoDirection::read},
        std::optional{IoDirection::write}}) {
    for (const Metric m : {Metric::iops, Metric::mbps}) {
      const Found lower = absolute(check, m, BoundKind::min, d);
      const Found upper = absolute(check, m, BoundKind::max, d);
      if (lower.expectation && upper.expectation && lower.value > upper.value) {
        section.fail(node_of(expect, *upper.expectation), upper.expectation->key,
                     fmt::format("expected at least {} = {}: no run can be above the floor and "
                                 "below the ceiling, got {}",
                                 lower.expectation->key, figure(lower.value), figure(upper.value)));
      }
    }
  }

  const Found mbps_floor = absolute(check, Metric::mbps, BoundKind::min);
  const Found iops_ceiling = absolute(check, Metric::iops, BoundKind::max);
  if (mbps_floor.expectation && iops_ceiling.expectation) {
    // A block-size mix moves at most its largest size per I/O.
    const std::uint64_t largest = largest_block_size(check.workload);
    const double most_mibps = iops_ceiling.value * static_cast<double>(largest) / kMiB;
    // Relative slack for the floating-point product; real conflicts are far larger.
    if (mbps_floor.value > most_mibps * (1 + 1e-9)) {
      section.fail(
          node_of(expect, *mbps_floor.expectation), mbps_floor.expectation->key,
          fmt::format("expected at most {} MiB/s: {} = {} I/Os per second of {} move no "
                      "more, got {}",
                      figure(most_mibps), iops_ceiling.expectation->key, figure(iops_ceiling.value),
                      format_size(largest), figure(mbps_floor.value)));
    }
  }

  const WorkloadSpec& w = check.workload;
  const bool time_based = w.io_size == 0 && w.kind == WorkloadKind::mixed;
  const Found duration_ceiling = absolute(check, Metric::duration, BoundKind::max);
  if (time_based && duration_ceiling.expectation &&
      duration_ceiling.value < std::chrono::duration<double>(w.duration).count()) {
    section.fail(node_of(expect, *duration_ceiling.expectation), duration_ceiling.expectation->key,
                 fmt::format("expected at least the check's duration ({}): a time-based check "
                             "measures for the whole duration, got {}",
                             format_duration(w.duration),
                             format_duration(std::chrono::duration_cast<Nanoseconds>(
                                 std::chrono::duration<double>(duration_ceiling.value)))));
  }
}

}  // namespace iogate::thresholds_detail
