// rate, rate_iops, rate_process, io_submit_mode and fio's floors (rate_min, rate_iops_min): how
// fast the job may go, how its issues are spaced, and how slow it may not (job_mapper.hpp).
#include <algorithm>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "common/toml_text.hpp"
#include "direction_rates.hpp"
#include "iogate/common/units.hpp"
#include "job_mapper.hpp"

namespace iogate::fio_job::detail {
namespace {

// A size-based job under a rate cap lasts size / rate; fio may end it sooner (exitall, another
// job's end), iogate never does. Hours or days at the cap are said where the cap is.
void note_a_long_transfer(JobMapper& job, const FioOption& cap) {
  const WorkloadSpec& w = job.out.workload;
  if (w.io_size == 0 || w.duration.count() != 0) return;
  const double bytes = static_cast<double>(w.io_size);
  double seconds = 0;
  if (w.rate_mbps > 0) seconds = bytes / (w.rate_mbps * 1024.0 * 1024.0);
  if (w.rate_iops > 0)
    seconds = std::max(seconds, bytes / static_cast<double>(w.block_size) / w.rate_iops);
  if (seconds <= 3600) return;
  job.note(cap, fmt::format("at this cap the check's {} take about {:.1f} hours (fio's job may end "
                            "sooner, by exitall or another job's end; iogate's never does): give a "
                            "runtime or a smaller size for one that ends sooner",
                            format_size(w.io_size), seconds / 3600.0));
}

void add_floor(JobMapper& job, const std::string& key, double value, const FioOption& o) {
  FioFloor floor{key, value, {o}};
  if (const FioOption* n = job.last("numjobs"); n != nullptr && job.out.workload.workers > 1)
    floor.from.push_back(*n);
  job.note(o, fmt::format("fio ends a job whose rate falls below this over a "
                          "rate_cycle (1 s); the check bounds the run's mean "
                          "over all its workers instead: {} = {}",
                          key, toml_text::number_value(value)));
  job.out.floors.push_back(std::move(floor));
}

void floor_of_direction(JobMapper& job, const std::string& prefix, const FioOption* bytes,
                        const std::string& bytes_text, const FioOption* ios,
                        const std::string& ios_text) {
  const std::uint64_t b =
      bytes_text.empty() ? 0 : parsed(*bytes, [&] { return fio_size(bytes_text, job.kb_base); });
  const std::uint64_t i = ios_text.empty() ? 0 : parsed(*ios, [&] { return fio_int(ios_text); });
  const double jobs = job.out.workload.workers;
  if (b != 0) {
    add_floor(job, prefix + "mbps_min", static_cast<double>(b) * jobs / (1024.0 * 1024.0), *bytes);
    if (i != 0)
      job.note(*ios,
               "fio checks rate_min alone where both are given "
               "(backend.c __check_min_rate): not a bound here either");
  } else if (i != 0) {
    add_floor(job, prefix + "iops_min", static_cast<double>(i) * jobs, *ios);
  }
}

}  // namespace

void map_rates(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  const FioOption* capped_by = nullptr;
  for (const char* n : {"rate", "rate_iops"}) {
    const FioOption* o = job.last(n);
    if (o == nullptr) continue;
    const PerDirection v = per_direction(value_of(*o));
    const bool iops = std::string(n) == "rate_iops";
    auto read_value = [&](const std::string& text) -> std::uint64_t {
      if (text.empty()) return 0;
      return parsed(*o, [&] { return iops ? fio_int(text) : fio_size(text, job.kb_base); });
    };
    const std::uint64_t r = read_value(v.read);
    const std::uint64_t wr = read_value(v.write);
    double cap = static_cast<double>(job.rw.reads ? r : wr);
    if (job.rw.mixed()) {
      const TotalCap mixed = total_cap({static_cast<double>(r), static_cast<double>(wr)},
                                       w.read_pct, iops ? "I/Os per second" : "bytes per second");
      if (!mixed.refusal.empty()) refuse(*o, mixed.refusal);
      if (!mixed.note.empty()) job.note(*o, mixed.note);
      cap = mixed.total;
    } else if (cap == 0 && (r != 0 || wr != 0)) {
      job.note(*o, fmt::format("caps only {}, which this job does not issue: "
                               "no cap, in fio as here",
                               job.rw.reads ? "writes" : "reads"));
    }
    if (cap == 0) continue;
    const double total = cap * w.workers;
    const char* key = iops ? "rate_iops" : "rate_mbps";
    (iops ? w.rate_iops : w.rate_mbps) = iops ? total : total / (1024.0 * 1024.0);
    job.source(key, o);
    if (job.rw.mixed()) job.source(key, job.mix_from);  // the total follows the mix's shares
    if (w.workers > 1) job.source(key, job.last("numjobs"));
    capped_by = o;
  }
  if (capped_by != nullptr) note_a_long_transfer(job, *capped_by);
}

// fio's rate_process: how its rate spaces the issues; poisson draws exponential gaps of the
// rate's mean (backend.c usec_for_io), as rate_process = "poisson" does.
void map_rate_process(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  const FioOption* o = job.last("rate_process");
  if (o == nullptr) return;
  const std::string v = value_of(*o);
  const std::optional<RateProcess> process = kRateProcesses.parse(v);
  if (!process) refuse(*o, fmt::format("expected linear or poisson, got \"{}\"", v));
  if (*process == RateProcess::linear) {
    job.note(*o, "fio's default, and iogate's");
    return;
  }
  if (w.rate_iops == 0 && w.rate_mbps == 0)
    refuse(*o,
           "poisson spaces the issues of a rate cap, and this job has none (rate or "
           "rate_iops): fio ignores it; give a rate, or leave rate_process out");
  w.rate_process = *process;
  job.source("rate_process", o);
  if (w.rate_mbps > 0 && !w.block_mix.empty())
    job.note(*o,
             "fio draws a byte rate's Poisson gaps as if every I/O were the "
             "smallest block size, so with several sizes it issues more "
             "than the rate; iogate draws each I/O's gap for its own size");
}

// fio's io_submit_mode: inline (its default) submits from the job's thread and, under a rate,
// lets the I/Os in flight complete before it sleeps until the next is due (io_u.c rate_ddir);
// offload submits from a thread pool, so the schedule never waits on the device. iogate's
// schedule runs off the clock from each worker's own thread (workload_loop.hpp): offload's.
void map_submit_mode(JobMapper& job) {
  const WorkloadSpec& w = job.out.workload;
  const bool paced = w.rate_iops > 0 || w.rate_mbps > 0;
  const FioOption* o = job.last("io_submit_mode");
  const std::string v = o ? value_of(*o) : "inline";
  if (v != "inline" && v != "offload")
    refuse(*o, fmt::format("expected inline or offload, got \"{}\"", v));
  if (v == "offload") {
    job.note(*o, paced ? "fio submits from threads of its own so that its rate schedule never "
                         "waits on completions; iogate issues from each worker's own thread on a "
                         "schedule that runs off the clock, not off completions, up to queue_depth "
                         "in flight: the same schedule, without the extra threads"
                       : "fio submits from threads of its own; iogate issues from each worker's "
                         "own thread: the same I/O, without the extra threads");
    return;
  }
  const FioOption* rate = job.last("rate_iops") ? job.last("rate_iops") : job.last("rate");
  if (paced && w.queue_depth > 1 && w.engine != "psync" && rate != nullptr) {
    job.note(*rate,
             "fio (io_submit_mode=inline, its default) lets the I/Os in "
             "flight complete before it sleeps until the next is due; "
             "iogate issues each on time, up to queue_depth in flight (fio's "
             "offload): the same load while latencies stay under the gap "
             "between issues");
  }
  if (o != nullptr) job.note(*o, "fio's default");
}

// fio's floors, rate_min (bytes/s) and rate_iops_min: fio checks each job, each direction
// apart, over every rate_cycle (1 s) after the first 2 s, and ends the job below them
// (backend.c __check_min_rate); given both for a direction, it checks rate_min alone. A check
// judges the run's mean over every worker: the floor times numjobs, per direction on a mixed
// job (read_/write_ keys), as [check.expect] bounds.
void map_floors(JobMapper& job) {
  const FioOption* bytes = job.last("rate_min");
  const FioOption* ios = job.last("rate_iops_min");
  if (bytes == nullptr && ios == nullptr) return;
  const PerDirection b = bytes ? per_direction(value_of(*bytes)) : PerDirection{};
  const PerDirection i = ios ? per_direction(value_of(*ios)) : PerDirection{};
  if (job.rw.reads)
    floor_of_direction(job, job.rw.mixed() ? "read_" : "", bytes, b.read, ios, i.read);
  if (job.rw.writes)
    floor_of_direction(job, job.rw.mixed() ? "write_" : "", bytes, b.write, ios, i.write);
}

}  // namespace iogate::fio_job::detail
