// prioclass, prio and the cmdprio options: the I/O priority classes of the job's I/Os
// (job_mapper.hpp).
#include <string>

#include <fmt/format.h>

#include "iogate/engine/io_priority.hpp"
#include "job_mapper.hpp"

namespace iogate::fio_job::detail {
namespace {

// fio's class numbers (ionice's): 1 real time, 2 best effort, 3 idle, which has no level.
IoPriority priority_of(unsigned cls, unsigned level) {
  if (cls == 3) return {IoPriorityClass::idle, 0};
  return {cls == 1 ? IoPriorityClass::rt : IoPriorityClass::be, level};
}

// fio's cmdprio_percentage with cmdprio_class (default 1, real time: the highest) and cmdprio
// (default level 0): the share of the I/Os issued at that class, io_uring and libaio only.
void cmd_priority(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  const FioOption* pct = job.last("cmdprio_percentage");
  if (pct == nullptr) {
    for (const char* n : {"cmdprio_class", "cmdprio"})
      if (const FioOption* o = job.last(n))
        job.note(*o, "changes nothing without cmdprio_percentage, in fio as here");
    return;
  }
  if (w.engine == "psync")
    refuse(*pct,
           "an io_uring and libaio option (fio knows it with those engines only): iogate "
           "gives each I/O its own class with them alone");
  const unsigned share =
      one_value(*pct, per_direction(value_of(*pct)), job.rw.reads, job.rw.writes, "0", up_to(100));
  if (share == 0) {
    job.note(*pct, "issues no I/O at another class, in fio as here");
    return;
  }
  const FioOption* cls = job.last("cmdprio_class");
  const FioOption* level = job.last("cmdprio");
  unsigned c = 1;
  if (cls != nullptr)
    c = one_value(*cls, per_direction(value_of(*cls)), job.rw.reads, job.rw.writes, "1", up_to(3));
  unsigned l = 0;
  if (level != nullptr)
    l = one_value(*level, per_direction(value_of(*level)), job.rw.reads, job.rw.writes, "0",
                  up_to(kMaxPriorityLevel));
  w.cmd_priority = priority_of(c != 0 ? c : 1, l);
  w.cmd_priority_pct = share;
  job.source("cmd_priority", cls);
  job.source("cmd_priority", level);
  job.source("cmd_priority_share", pct);
}

}  // namespace

// fio's prioclass and prio: the job's class for every I/O (fio sets it on the job's thread, as
// priority = does). A level without a class is best effort's (os-linux.h ioprio_value).
void map_priorities(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  const FioOption* cls = job.last("prioclass");
  const FioOption* level = job.last("prio");
  const unsigned c = cls ? parsed(*cls, [&] { return up_to(3)(value_of(*cls)); }) : 0;
  const unsigned l =
      level ? parsed(*level, [&] { return up_to(kMaxPriorityLevel)(value_of(*level)); }) : 0;
  if (c != 0 || l != 0) {
    w.priority = priority_of(c != 0 ? c : 2, l);
    job.source("priority", cls);
    job.source("priority", level);
  } else {
    for (const FioOption* o : {cls, level})
      if (o != nullptr) job.note(*o, "the thread's own class, as fio's default");
  }
  cmd_priority(job);
}

}  // namespace iogate::fio_job::detail
