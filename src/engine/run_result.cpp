// Rates of a run and of its intervals; MiB/s (2^20 bytes), as IOMeter's "MB per second".
#include "iogate/engine/run_result.hpp"

namespace iogate {
namespace {

constexpr double kBytesPerMiB = 1024.0 * 1024.0;

double per_second(double amount, double seconds) { return seconds > 0 ? amount / seconds : 0.0; }

}  // namespace

double IntervalSample::mbps() const {
  return per_second(static_cast<double>(bytes) / kBytesPerMiB, length_s);
}

double IntervalSample::iops() const { return per_second(static_cast<double>(ios), length_s); }

double RunResult::iops() const { return per_second(static_cast<double>(ios()), elapsed_s); }

double RunResult::mbps() const {
  return per_second(static_cast<double>(bytes()) / kBytesPerMiB, elapsed_s);
}

double RunResult::iops_of(IoDirection d) const {
  return per_second(static_cast<double>(ios_of(d)), elapsed_s);
}

double RunResult::mbps_of(IoDirection d) const {
  return per_second(static_cast<double>(bytes_of(d)) / kBytesPerMiB, elapsed_s);
}

void RunResult::merge_direction_latencies() {
  latency.reset();
  latency.merge(read_latency);
  latency.merge(write_latency);
}

}  // namespace iogate
