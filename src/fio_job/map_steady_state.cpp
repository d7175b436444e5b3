// steadystate, steadystate_duration, steadystate_ramp_time and steadystate_check_interval
// (job_mapper.hpp).
#include <algorithm>
#include <cctype>
#include <string>

#include <fmt/format.h>

#include "iogate/engine/steady_state.hpp"
#include "job_mapper.hpp"

namespace iogate::fio_job::detail {

// fio's steadystate ends a job once its figure is steady; iogate starts measuring there. The
// phase may last what fio's job may (its runtime), and a time-based check then measures one
// window more; a size-based one its size.
void map_steady_state(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  const FioOption* dur = job.last("steadystate_duration");
  const auto window =
      dur ? parsed(*dur, [&] { return fio_time(value_of(*dur)); }) : std::chrono::microseconds(0);
  if (window.count() == 0) {
    for (const char* n : {"steadystate", "steadystate_ramp_time", "steadystate_check_interval"})
      if (const FioOption* u = job.last(n))
        job.note(*u, "changes nothing without steadystate_duration, in fio as here");
    return;
  }
  const FioOption* criterion = job.last("steadystate");
  std::string text = criterion ? value_of(*criterion) : "iops_slope:0.01%";  // fio's default
  // fio reads a bare latency limit in microseconds; iogate wants the unit written.
  if (text.starts_with("lat") && std::isdigit(static_cast<unsigned char>(text.back())))
    text += "us";
  SteadyState rule;
  if (auto problem = parse_steady_criterion(text, rule))
    refuse(criterion ? *criterion : *dur, *problem);
  job.source("steady_state", criterion ? criterion : dur);
  rule.window = window;
  job.source("steady_window", dur);
  if (const FioOption* o = job.last("steadystate_check_interval")) {
    rule.interval = parsed(*o, [&] { return fio_time(value_of(*o)); });
    job.source("steady_interval", o);
  }
  if (const FioOption* o = job.last("steadystate_ramp_time")) {
    const auto ramp = parsed(*o, [&] { return fio_time(value_of(*o)); });
    if (job.last("ramp_time") != nullptr)
      job.note(*o,
               "fio counts both ramps from the job's start; iogate's ramp "
               "is the longer of the two");
    w.ramp = std::max<std::chrono::nanoseconds>(w.ramp, ramp);
    job.source("ramp", o);
  }
  const bool time_based = w.io_size == 0;
  const bool runtime_caps = w.duration.count() > 0;
  if (runtime_caps) {
    rule.max_wait = w.duration;
    job.source("steady_max", job.last("runtime"));
  } else {
    rule.max_wait = kDefaultMaxWaitWindows * rule.window;
  }
  if (time_based) {
    w.duration = rule.window;
    job.source("duration", dur);
  }
  w.steady_state = rule;
  job.note(criterion ? *criterion : *dur,
           fmt::format("fio stops the job once {} holds and reports all of it; iogate waits for "
                       "it at most {} (steady_max), then measures {}",
                       steady_criterion_text(rule), runtime_caps ? "fio's runtime" : "five windows",
                       time_based ? "one steady_window more" : "the job's size"));
}

}  // namespace iogate::fio_job::detail
