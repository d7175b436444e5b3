// The functions of check.hpp: the room a check needs and its timing (the rules are documented
// there).
#include <algorithm>
#include <cmath>

#include "iogate/checks/check.hpp"
#include "iogate/common/units.hpp"

namespace iogate {
namespace {

constexpr double kSetupMarginS = 60.0;
constexpr double kPreallocMiBps = 50.0;   // a slow disk writing the test file
constexpr double kSizeBasedMiBps = 20.0;  // a slow disk doing the check's own I/O
constexpr double kCeilingFactor = 2.0;    // room past duration_max for a failing run to finish

double seconds(Nanoseconds d) { return std::chrono::duration<double>(d).count(); }

double at_rate(std::uint64_t bytes, double mibps) {
  return static_cast<double>(bytes) / kMiB / mibps;
}

double margin_seconds(const WorkloadSpec& workload) {
  return kSetupMarginS + at_rate(workload.file_size, kPreallocMiBps);
}

// One run, ramp and the longest steady-state phase included.
double run_seconds(const WorkloadSpec& workload, const std::vector<Expectation>& expectations) {
  double io_s = 0;
  if (workload.io_size == 0) {
    io_s = seconds(workload.duration);
  } else {
    // Only an absolute ceiling says how long the run may take; a future relative one does not.
    const AbsoluteBound* ceiling = nullptr;
    for (const Expectation& e : expectations) {
      if (e.metric == Metric::duration && e.kind == BoundKind::max && ceiling == nullptr)
        ceiling = std::get_if<AbsoluteBound>(&e.bound);
    }
    if (ceiling != nullptr) {
      io_s = kCeilingFactor * ceiling->value;
    } else {
      io_s = at_rate(workload.io_size, kSizeBasedMiBps);
    }
    if (workload.duration > Nanoseconds::zero()) io_s = std::min(io_s, seconds(workload.duration));
  }
  return seconds(workload.ramp) + io_s +
         (workload.steady_state.enabled() ? seconds(workload.steady_state.max_wait) : 0);
}

std::chrono::seconds whole_seconds(double s) {
  return std::chrono::seconds{static_cast<std::int64_t>(std::ceil(s))};
}

}  // namespace

std::uint64_t space_needed(const Check& check) { return check.workload.file_size; }

std::chrono::seconds derive_timeout(const WorkloadSpec& workload,
                                    const std::vector<Expectation>& expectations) {
  return whole_seconds(run_seconds(workload, expectations) + margin_seconds(workload));
}

Nanoseconds confirmation_pause(const Check& check, Nanoseconds longest_run) {
  if (check.confirm_pause) return *check.confirm_pause;
  return std::max<Nanoseconds>(kDefaultConfirmPause, longest_run);
}

std::chrono::seconds derive_check_timeout(const Check& check) {
  const double run = run_seconds(check.workload, check.expectations);
  double runs = run * check.repeat_max;
  if (check.budget) runs = std::min(runs, run + seconds(*check.budget));
  if (check.confirm) {
    const auto one_run =
        std::chrono::duration_cast<Nanoseconds>(std::chrono::duration<double>(run));
    runs = 2 * runs + seconds(confirmation_pause(check, one_run));
  }
  return whole_seconds(runs + margin_seconds(check.workload));
}

}  // namespace iogate
