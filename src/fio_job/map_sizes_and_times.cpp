// size, filesize, io_size, number_ios, loops, runtime, time_based and ramp_time: how much the job
// transfers, over how large a file, for how long (job_mapper.hpp).
#include <algorithm>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "iogate/common/units.hpp"
#include "job_mapper.hpp"

namespace iogate::fio_job::detail {
namespace {

// a x b, or a refusal at `o` where it passes 64 bits.
std::uint64_t times(const FioOption& o, std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product))
    refuse(o, fmt::format("{} x {} bytes is more than any file holds", a, b));
  return product;
}

std::uint64_t size_of(JobMapper& job, const char* name) {
  const FioOption* o = job.last(name);
  if (o == nullptr) return 0;
  std::string v = value_of(*o);
  if (std::string(name) == "filesize") {
    // fio's filesize is a range ("1g-2g": each file a size between); one size only here.
    const std::size_t dash = v.find_first_of("-:", 1);
    if (dash != std::string::npos) {
      if (v.substr(0, dash) != v.substr(dash + 1))
        refuse(*o, "a range of file sizes: iogate runs one file of one size");
      v = v.substr(0, dash);
    }
  }
  const std::uint64_t bytes = parsed(*o, [&] { return fio_size(v, job.kb_base); });
  if (bytes == 0) refuse(*o, "expected a size greater than 0");
  return bytes;
}

// A job without size or filesize that names a file or device: fio would take that file's size
// (filesetup.c); a check makes its own file, of kFileSizeWhenNoneGiven, and says so.
std::uint64_t file_size_when_none_given(JobMapper& job) {
  const FioOption* named = job.last("filename");
  if (named == nullptr) {
    throw ThresholdError(job.out.where, "size",
                         fmt::format("job [{}] gives no size and names no file: fio would take "
                                     "the size of a file named after the job if one were there, "
                                     "and stop otherwise; add size=",
                                     job.out.section));
  }
  job.note(*named, fmt::format("no size or filesize: fio would take the size of {}; "
                               "this check uses {}{}: set file_size to what you mean",
                               value_of(*named), format_size(kFileSizeWhenNoneGiven),
                               job.out.workload.workers > 1 ? " per job, as size= would" : ""));
  return kFileSizeWhenNoneGiven;
}

// fio transfers whole blocks and leaves the rest of `size` untouched.
std::uint64_t whole_blocks(JobMapper& job, std::uint64_t io, const FioOption& from) {
  const std::uint64_t block = job.out.workload.block_size;
  if (io % block == 0) return io;
  io -= io % block;
  if (io == 0)
    refuse(from,
           fmt::format("holds no whole block of {} bytes, so fio would transfer nothing", block));
  job.note(from, fmt::format("fio transfers whole blocks: {} bytes", io));
  return io;
}

// fio's number_ios ends a job after N I/Os, never extends it (HOWTO), and a time-based job runs
// on past it (backend.c: do_io loops while time_based, keep_running returns before counting).
std::uint64_t capped_by_number_ios(JobMapper& job, std::uint64_t io, bool time_based) {
  const FioOption* o = job.last("number_ios");
  if (o == nullptr) return io;
  const std::uint64_t n = parsed(*o, [&] { return fio_int(value_of(*o)); });
  if (n == 0) return io;  // fio's default: no count
  if (time_based) {
    job.note(*o,
             "changes nothing on a time-based job, in fio as here: the "
             "window ends it");
    return io;
  }
  if (!job.out.workload.block_mix.empty())
    refuse(*o,
           "a count of I/Os of several sizes: iogate ends a run on bytes, and the bytes "
           "of N I/Os differ from run to run");
  const std::uint64_t counted = times(*o, n, job.out.workload.block_size);
  job.source("size", o);
  if (counted >= io) {
    job.note(*o, fmt::format("the job's {} bytes end it first, in fio as here "
                             "(number_ios never extends a job)",
                             io));
    return io;
  }
  job.note(*o, fmt::format("a size-based check of {} I/Os of {} bytes per job", n,
                           job.out.workload.block_size));
  return counted;
}

// fio's loops: the job runs N times over the same file (loops=0 is once, as in init.c). A
// time-based job runs passes until its runtime ends, loops or not (backend.c keep_running).
std::uint64_t looped(JobMapper& job, std::uint64_t io, bool time_based) {
  const FioOption* o = job.last("loops");
  if (o == nullptr) return io;
  const std::uint64_t n =
      std::max<std::uint64_t>(parsed(*o, [&] { return fio_int(value_of(*o)); }), 1);
  if (n > std::numeric_limits<std::uint32_t>::max())
    refuse(*o, fmt::format("expected at most {} (fio's limit), got {}",
                           std::numeric_limits<std::uint32_t>::max(), n));
  if (time_based) {
    job.note(*o,
             "changes nothing on a time-based job: fio runs passes over "
             "the file until the runtime ends, loops or not, as iogate "
             "does");
    return io;
  }
  if (n == 1) return io;
  job.source("size", o);
  job.note(*o, fmt::format("{} passes of {} bytes over the same file: "
                           "iogate transfers {} times the size in one run; "
                           "fio closes and reopens the file between passes "
                           "(dropping its cached pages, with fio's default "
                           "invalidate=1)",
                           n, io, n));
  return times(*o, io, n);
}

}  // namespace

void map_sizes_and_times(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  bool time_based = false;
  if (const FioOption* o = job.last("time_based"))
    time_based = parsed(*o, [&] { return fio_set(o->value); });

  const std::uint64_t size = size_of(job, "size");
  const std::uint64_t filesize = size_of(job, "filesize");
  const std::uint64_t io_size = size_of(job, "io_size");
  std::uint64_t file = filesize != 0 ? filesize : size;
  const FioOption* file_from = job.last(filesize != 0 ? "filesize" : "size");
  if (file == 0) {
    file = file_size_when_none_given(job);
    file_from = job.last("filename");
  }
  // The I/O: io_size, else size, else the file (filesize, or the size taken for it).
  const FioOption* io_from =
      io_size != 0 ? job.last("io_size") : (size != 0 ? job.last("size") : file_from);
  std::uint64_t io =
      whole_blocks(job, io_size != 0 ? io_size : (size != 0 ? size : file), *io_from);
  job.source("size", io_from);
  io = looped(job, capped_by_number_ios(job, io, time_based), time_based);

  const std::uint64_t jobs = w.workers;
  w.file_size = times(*file_from, file, jobs);
  job.source("file_size", file_from);
  job.source("file_size", job.last("numjobs"));

  std::chrono::microseconds runtime{0};
  const FioOption* rt = job.last("runtime");
  if (rt != nullptr) runtime = parsed(*rt, [&] { return fio_time(value_of(*rt)); });
  if (time_based) {
    if (runtime.count() == 0) {
      refuse(*job.last("time_based"),
             "time_based without a runtime runs until it is stopped; give runtime=");
    }
    job.out.sources.erase("size");
    w.io_size = 0;
    w.duration = runtime;
    job.source("duration", rt);
    job.source("duration", job.last("time_based"));
  } else {
    w.io_size = times(*io_from, io, jobs);
    job.source("size", job.last("numjobs"));
    if (runtime.count() > 0) {
      w.duration = runtime;  // a cap: fio stops a size-based job at its runtime too
      job.source("duration", rt);
    }
  }
  if (const FioOption* o = job.last("ramp_time")) {
    w.ramp = parsed(*o, [&] { return fio_time(value_of(*o)); });
    job.source("ramp", o);
  }
}

}  // namespace iogate::fio_job::detail
