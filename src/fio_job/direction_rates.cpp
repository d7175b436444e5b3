// fio's caps per direction as one cap on a mix's total (direction_rates.hpp states the rule).
#include "direction_rates.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace iogate::fio_job::detail {
namespace {

// rwmixread is a whole percent: caps this close to the mix's share are its proportion.
constexpr double kShareTolerancePoints = 0.5;

std::string shown(double v) {
  return v == std::round(v) ? fmt::format("{:.0f}", v) : fmt::format("{:.2f}", v);
}

// The one direction the mix issues: its own cap is the total's.
TotalCap one_direction(double cap, double unused_cap, const char* issued, const char* never) {
  TotalCap out{cap, "", ""};
  if (unused_cap > 0)
    out.note = fmt::format("the mix issues only {}: the cap on {} changes nothing", issued, never);
  return out;
}

}  // namespace

TotalCap total_cap(DirectionCaps caps, double read_pct, std::string_view unit) {
  if (read_pct >= 100) return one_direction(caps.read, caps.write, "reads", "writes");
  if (read_pct <= 0) return one_direction(caps.write, caps.read, "writes", "reads");
  if (caps.read == 0 && caps.write == 0) return {};
  const double p = read_pct / 100;
  if (caps.read == 0 || caps.write == 0) {
    const bool reads_free = caps.read == 0;
    const char* free = reads_free ? "reads" : "writes";
    const char* paced = reads_free ? "writes" : "reads";
    const double cap = reads_free ? caps.write : caps.read;
    const double fitting = reads_free ? cap * p / (1 - p) : cap * (1 - p) / p;
    return {0, "",
            fmt::format("{} have no cap: fio issues them as fast as the device allows beside {} "
                        "paced at {} {}, so its mix is no longer {:g}% reads; iogate caps the "
                        "total of a fixed mix: give {} the cap in the mix's proportion, {}",
                        free, paced, shown(cap), unit, read_pct, free, shown(fitting))};
  }
  const double caps_share = 100 * caps.read / (caps.read + caps.write);
  if (std::abs(caps_share - read_pct) > kShareTolerancePoints) {
    return {0, "",
            fmt::format("reads capped at {} and writes at {} {} are {:.1f}% reads, and the mix is "
                        "{:g}% reads: fio paces each direction on its own schedule, so on a "
                        "device that keeps up it runs both at their caps, {:.1f}% reads, not "
                        "rwmixread's share; iogate caps one total of a fixed mix, the same "
                        "workload only with caps in the mix's proportion: rwmixread={:.0f} with "
                        "these caps, or writes capped at {}",
                        shown(caps.read), shown(caps.write), unit, caps_share, read_pct, caps_share,
                        std::round(caps_share), shown(caps.read * (1 - p) / p))};
  }
  const double by_reads = caps.read / p;
  const double by_writes = caps.write / (1 - p);
  TotalCap out;
  out.total = std::min(by_reads, by_writes);
  if (std::abs(by_reads - by_writes) <= 1e-9 * out.total) {
    out.note = fmt::format(
        "reads at {} and writes at {} {} are the mix's shares of {} in all: "
        "both caps bind, as in fio",
        shown(caps.read), shown(caps.write), unit, shown(out.total));
    return out;
  }
  const bool reads_bind = by_reads < by_writes;
  const double other = reads_bind ? out.total * (1 - p) : out.total * p;
  const double other_cap = reads_bind ? caps.write : caps.read;
  out.note = fmt::format(
      "{} bind: {} {} in all keeps them at their cap of {}; {} run at {}, "
      "{:.1f}% of their own cap of {} (fio would run them at it)",
      reads_bind ? "reads" : "writes", shown(out.total), unit,
      shown(reads_bind ? caps.read : caps.write), reads_bind ? "writes" : "reads", shown(other),
      100 * other / other_cap, shown(other_cap));
  return out;
}

}  // namespace iogate::fio_job::detail
