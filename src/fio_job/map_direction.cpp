// rw and its mix, percentage_random, random_distribution and random_generator: what the job
// reads and writes, and how it picks random offsets (job_mapper.hpp).
#include <string>

#include <fmt/format.h>

#include "iogate/engine/random_distribution.hpp"
#include "job_mapper.hpp"

namespace iogate::fio_job::detail {
namespace {

Rw parse_rw(const FioOption& o) {
  const std::string v = value_of(o);
  if (v.find(':') != std::string::npos) {
    refuse(o, fmt::format("\"{}\": fio's :N suffix (sequential runs inside a random stream, or "
                          "holes in a sequential one) is not supported; percentage_random is the "
                          "nearest iogate has",
                          v));
  }
  if (v == "read") return {true, false, false};
  if (v == "write") return {false, true, false};
  if (v == "randread") return {true, false, true};
  if (v == "randwrite") return {false, true, true};
  if (v == "rw" || v == "readwrite") return {true, true, false};
  if (v == "randrw") return {true, true, true};
  if (v.find("trim") != std::string::npos) refuse(o, fmt::format("{}: iogate issues no trims", v));
  refuse(o, fmt::format("expected read, write, randread, randwrite, rw, readwrite or randrw, got "
                        "\"{}\"",
                        v));
}

// fio's spelling is iogate's; zoned may give reads and writes their own zones ("zoned:...,...").
void random_distribution(JobMapper& job) {
  const FioOption* o = job.last("random_distribution");
  if (o == nullptr) return;
  if (!job.rw.random) {
    job.note(*o, "changes nothing on a sequential rw, in fio as here");
    return;
  }
  const std::string text = value_of(*o);
  if (text.starts_with("zoned_abs") || text.starts_with("sequence"))
    refuse(*o,
           "iogate's zones are shares of the file (zoned:ACCESS/SIZE in percent), and it "
           "has no fixed sequence of blocks");
  std::string chosen = text;
  if (const std::size_t comma = text.find(','); comma != std::string::npos) {
    const std::string reads = text.substr(0, comma);
    std::string writes = text.substr(comma + 1);
    writes = writes.substr(0, writes.find(','));
    if (!writes.empty() && !writes.starts_with("zoned")) writes = "zoned:" + writes;
    if (writes.empty() || writes == "zoned:") writes = reads;
    if (job.rw.mixed() && reads != writes)
      refuse(*o, "reads and writes in zones of their own: iogate draws one distribution for both");
    chosen = job.rw.reads ? reads : writes;
  }
  ParsedDistribution parsed = parse_random_distribution(chosen);
  if (!parsed.distribution) refuse(*o, parsed.problem);
  job.out.workload.random_distribution = std::move(*parsed.distribution);
  job.source("random_distribution", o);
}

}  // namespace

void map_direction(JobMapper& job) {
  WorkloadSpec& w = job.out.workload;
  const FioOption* rw = job.last("rw");
  if (rw != nullptr) job.rw = parse_rw(*rw);
  job.source("read", rw);
  job.source("random", rw);
  w.read_pct = job.rw.reads ? 100.0 : 0.0;
  if (job.rw.mixed()) {
    double read = 50;  // fio's rwmixread default
    const FioOption* r = job.last("rwmixread");
    const FioOption* wr = job.last("rwmixwrite");
    const FioOption* later = r;
    if (r == nullptr || (wr != nullptr && job.later("rwmixwrite", "rwmixread"))) later = wr;
    if (later != nullptr) {
      const unsigned v = parsed(*later, [&] { return up_to(100)(value_of(*later)); });
      read = later == r ? static_cast<double>(v) : 100.0 - static_cast<double>(v);
      job.source("read", later);
      job.mix_from = later;
    }
    w.read_pct = read;
  } else {
    for (const char* n : {"rwmixread", "rwmixwrite"})
      if (const FioOption* o = job.last(n))
        job.note(*o, "changes nothing on a job that only reads or writes");
  }
  w.random_pct = job.rw.random ? 100.0 : 0.0;
  if (const FioOption* o = job.last("percentage_random")) {
    if (!job.rw.random) {
      job.note(*o, "changes nothing on a sequential rw, in fio as here");
    } else {
      const unsigned pct = one_value(*o, per_direction(value_of(*o)), job.rw.reads, job.rw.writes,
                                     "100", up_to(100));
      w.random_pct = static_cast<double>(pct);
      job.source("random", o);
    }
  }
  random_distribution(job);
}

// fio's random_generator picks how fio draws offsets; iogate has one generator of its own.
void map_random_generator(JobMapper& job) {
  const FioOption* o = job.last("random_generator");
  if (o == nullptr) return;
  const std::string v = value_of(*o);
  if (v != "tausworthe" && v != "tausworthe64" && v != "lfsr")
    refuse(*o, fmt::format("expected tausworthe, tausworthe64 or lfsr, got \"{}\"", v));
  std::string why = "iogate draws its offsets with its own generator (xoshiro256**)";
  if (v == "lfsr" && job.rw.random) {
    why +=
        "; fio's lfsr visits each block once per pass over the file (one block size), and "
        "iogate's draws, like fio's with norandommap, do not: some blocks come twice in a "
        "pass, others not at all";
  }
  job.note(*o, why);
}

}  // namespace iogate::fio_job::detail
