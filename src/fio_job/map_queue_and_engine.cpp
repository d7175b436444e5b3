// iodepth and numjobs, and how the job issues and flushes: direct, buffered, ioengine, end_fsync,
// fsync and sync (job_mapper.hpp).
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "iogate/engine/workload_rules.hpp"
#include "job_mapper.hpp"
#include "option_catalogue.hpp"

namespace iogate::fio_job::detail {

void map_queue(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  if (const FioOption* o = job.last("iodepth")) {
    const std::uint64_t d = parsed(*o, [&] { return fio_int(value_of(*o)); });
    if (const auto problem =
            queue_depth_problem(static_cast<std::int64_t>(std::min<std::uint64_t>(d, 1ULL << 40))))
      refuse(*o, *problem);
    w.queue_depth = static_cast<unsigned>(d);
    job.source("queue_depth", o);
  }
  if (const FioOption* o = job.last("numjobs")) {
    const std::uint64_t n = parsed(*o, [&] { return fio_int(value_of(*o)); });
    if (const auto problem =
            workers_problem(static_cast<std::int64_t>(std::min<std::uint64_t>(n, 1ULL << 40))))
      refuse(*o, *problem);
    w.workers = static_cast<unsigned>(n);
    job.source("workers", o);
    // With a filename, fio's jobs share that file, each over all of it.
    const std::string fio_does =
        job.last("filename") != nullptr
            ? fmt::format("fio's {} jobs share the one file named, each over all of it", n)
            : fmt::format("fio gives each of its {} jobs a file of its own", n);
    if (n > 1)
      job.note(*o, fmt::format("{}; iogate splits one file of {} times the size into {} regions",
                               fio_does, n, n));
  }
}

void map_engine_and_flush(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  w.direct = false;  // fio's default: buffered
  const FioOption* direct = job.last("direct");
  const FioOption* buffered = job.last("buffered");
  if (direct != nullptr) w.direct = parsed(*direct, [&] { return fio_bool(direct->value); });
  if (buffered != nullptr && (direct == nullptr || job.later("buffered", "direct"))) {
    w.direct = !parsed(*buffered, [&] { return fio_bool(buffered->value); });
    job.source("direct", buffered);
  } else {
    job.source("direct", direct);
  }

  w.engine = "psync";  // fio's default engine on Linux
  if (const FioOption* o = job.last("ioengine")) {
    const EngineChoice choice = engine_for(value_of(*o));
    if (!choice.engine) refuse(*o, fmt::format("{}: {}", *o->value, choice.why));
    w.engine = *choice.engine;
    if (!choice.why.empty()) job.note(*o, choice.why);
    job.source("engine", o);
  }
  if (w.engine == "psync" && w.queue_depth > 1) {
    job.out.notes.push_back(
        fmt::format("{}: iodepth={} with a synchronous engine runs at depth 1, "
                    "in fio as in iogate",
                    job.out.section, w.queue_depth));
  }

  w.flush = FlushPolicy::none;  // fio stops its clock without a flush unless asked
  for (const char* n : {"end_fsync", "fsync_on_close"}) {
    const FioOption* o = job.last(n);
    if (o != nullptr && parsed(*o, [&] { return fio_bool(o->value); })) {
      w.flush = FlushPolicy::end;
      job.source("flush", o);
    }
  }
  for (const char* n : {"fsync", "fdatasync"}) {
    const FioOption* o = job.last(n);
    if (o == nullptr) continue;
    if (parsed(*o, [&] { return fio_int(value_of(*o)); }) != 0)
      refuse(*o, "a flush every N writes: iogate flushes once, at the end (end_fsync=1)");
  }
  if (const FioOption* o = job.last("sync")) {
    const std::string v = value_of(*o);
    if (v == "dsync" || v == "sync" || v == "1") {
      w.write_through = true;
      job.source("write_through", o);
      if (v != "dsync") {
        job.note(*o,
                 "O_SYNC also writes the file's metadata on every write; "
                 "iogate's write_through is O_DSYNC: the data, and what is "
                 "needed to read it back");
      }
    } else if (v != "none" && v != "0") {
      refuse(*o, fmt::format(R"({}: expected none, 0, sync, 1 or dsync)", v));
    }
  }
}

}  // namespace iogate::fio_job::detail
