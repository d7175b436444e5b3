// thinktime and its options: the pause after every so many I/Os (job_mapper.hpp).
#include <algorithm>
#include <chrono>
#include <string>

#include "iogate/engine/workload_rules.hpp"
#include "job_mapper.hpp"

namespace iogate::fio_job::detail {

// thinktime (microseconds when bare) after every thinktime_blocks I/Os, triggered on their
// completion as fio does by default.
void map_think_time(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  const FioOption* o = job.last("thinktime");
  const auto time =
      o ? parsed(*o, [&] { return fio_time(value_of(*o), std::chrono::microseconds(1)); })
        : std::chrono::microseconds(0);
  if (time.count() == 0) {
    for (const char* n : {"thinktime_blocks", "thinktime_spin", "thinktime_blocks_type"})
      if (const FioOption* u = job.last(n))
        job.note(*u, "changes nothing without a thinktime, in fio as here");
    return;
  }
  w.think_time = time;
  job.source("think_time", o);
  if (const FioOption* b = job.last("thinktime_blocks")) {
    const std::uint64_t blocks = parsed(*b, [&] { return fio_int(value_of(*b)); });
    if (const auto problem = think_blocks_problem(
            static_cast<std::int64_t>(std::min<std::uint64_t>(blocks, 1ULL << 40))))
      refuse(*b, *problem);
    w.think_blocks = static_cast<unsigned>(blocks);
    job.source("think_blocks", b);
  }
  if (const FioOption* t = job.last("thinktime_blocks_type")) {
    if (value_of(*t) != "complete")
      refuse(*t,
             "iogate pauses once the I/Os before the pause have completed (fio's "
             "default, complete), not as they are issued");
    job.note(*t, "fio's default, and what iogate does");
  }
  if (const FioOption* spin = job.last("thinktime_spin"))
    job.note(*spin,
             "fio spins the CPU for this part of the pause; iogate sleeps "
             "through all of it: the I/O is the same, the CPU figure "
             "lower");
}

}  // namespace iogate::fio_job::detail
