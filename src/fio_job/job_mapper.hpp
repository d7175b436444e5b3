// Private to the fio job mapping: one job section on its way to a FioJob, what every part of the
// mapping reads it with, and the parts. Each part (map_*.cpp) maps one group of fio's options;
// job_mapping.cpp runs them in order, and job_mapping.hpp states the whole mapping.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "fio_values.hpp"
#include "job_mapping.hpp"

namespace iogate::fio_job::detail {

// An option the mapping cannot honour: the ThresholdError at its line, naming it.
[[noreturn]] void refuse(const FioOption& o, const std::string& why);

// A value parser's complaint at the option's line.
template <class F>
auto parsed(const FioOption& o, F&& parse) {
  try {
    return parse();
  } catch (const ValueError& e) {
    refuse(o, e.what());
  }
}

std::string value_of(const FioOption& o);

// fio's per-direction lists ("4k,8k" = reads, writes): split at ',', else ':' or '-' as fio's
// handle_option does for numbers. One value applies to both directions; one followed by a comma
// ("500k,") to reads alone, the writes keeping their default (an empty value here).
struct PerDirection {
  std::string read;
  std::string write;
};
PerDirection per_direction(const std::string& text);

// The value the job's directions use, as `parse` reads it; both used and different in meaning is
// refused ("4k,4096" is one size, spelled twice).
template <typename Parse>
auto one_value(const FioOption& o, const PerDirection& v, bool reads, bool writes,
               const std::string& fallback, Parse parse) {
  const std::string r = v.read.empty() ? fallback : v.read;
  const std::string w = v.write.empty() ? fallback : v.write;
  const auto read_value = parsed(o, [&] { return parse(r); });
  const auto write_value = parsed(o, [&] { return parse(w); });
  if (reads && writes && read_value != write_value) {
    refuse(o, fmt::format("reads at {} and writes at {}: iogate gives one value to both", r, w));
  }
  return reads ? read_value : write_value;
}

// A parser of fio's whole numbers from 0 to `max` (a class, a level, a percentage).
inline auto up_to(unsigned max) {
  return [max](const std::string& text) {
    const std::uint64_t v = fio_int(text);
    if (v > max) throw ValueError(fmt::format("expected 0 to {}, got {}", max, v));
    return static_cast<unsigned>(v);
  };
}

// What the job reads and writes, from rw= (fio's default: sequential reads).
struct Rw {
  bool reads = true;
  bool writes = false;
  bool random = false;
  bool mixed() const { return reads && writes; }
};

// One job being mapped: its options by name, the FioJob made so far, and what one part leaves
// for the parts after it.
class JobMapper {
 public:
  // Takes the job's options in order: the mapped ones by name (the last wins, as in fio), the
  // noted ones as notes; a refused one refuses at once. kb_base, which every size reads with,
  // is read here. `names`: every job of the file, in order, by the name fio knows it by.
  JobMapper(const FioJobOptions& job, const std::vector<std::string>& names);

  // The job's last option of that (canonical) name, if any.
  const FioOption* last(const std::string& name) const;
  // Whether the job gives option `a` after option `b` (both given): the later one wins in fio.
  bool later(const std::string& a, const std::string& b) const;
  // `o`, if given, as a line the workload key `key` came from.
  void source(const std::string& key, const FioOption* o);
  // A note on option `o`: "file:line: option=value: why".
  void note(const FioOption& o, const std::string& why);
  // A note on the job's section: "file:line: [section]: why".
  void note_on_section(const std::string& why);

  std::size_t index() const { return job_.index; }  // the job's place among the file's jobs
  const std::vector<std::string>& names() const { return names_; }

  FioJob out;
  unsigned kb_base = 1024;
  Rw rw;                                // set by map_direction, which runs first
  const FioOption* mix_from = nullptr;  // the rwmixread or rwmixwrite in force, if any

 private:
  const FioJobOptions& job_;
  const std::vector<std::string>& names_;
  std::map<std::string, const FioOption*> last_;
  std::map<std::string, int> order_;
};

// The parts, in the order job_mapping.cpp runs them; a later one reads what an earlier one set.
void map_direction(JobMapper& job);         // rw, rwmixread/-write, percentage_random, ...
void map_block_sizes(JobMapper& job);       // bs, bssplit, bsrange
void map_block_align(JobMapper& job);       // blockalign
void map_queue(JobMapper& job);             // iodepth, numjobs
void map_sizes_and_times(JobMapper& job);   // size, filesize, io_size, loops, runtime, ...
void map_steady_state(JobMapper& job);      // steadystate and its window, ramp and interval
void map_engine_and_flush(JobMapper& job);  // direct, buffered, ioengine, fsync, sync
void map_verify(JobMapper& job);            // verify
void map_rates(JobMapper& job);             // rate, rate_iops
void map_rate_process(JobMapper& job);      // rate_process
void map_priorities(JobMapper& job);        // prioclass, prio, cmdprio*
void map_submit_mode(JobMapper& job);       // io_submit_mode
void map_think_time(JobMapper& job);        // thinktime*
void map_floors(JobMapper& job);            // rate_min, rate_iops_min
void map_random_generator(JobMapper& job);  // random_generator
void map_files_and_order(JobMapper& job);   // overwrite, filename, stonewall, wait_for

}  // namespace iogate::fio_job::detail
